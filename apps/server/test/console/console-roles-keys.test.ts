import {
  CATALOG_CHANGES_PATH,
  CONSOLE_PATHS,
  consoleApiKeyCreated,
  consoleApiKeyList,
  consoleRoleList,
} from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import {
  a,
  adminA,
  adminB,
  b,
  callAs,
  consoleRowCounts,
  createActor,
  operator,
  platform,
  t,
  useConsoleWorld,
} from '../support/console-world.ts';
import { expectError } from '../support/tracker-world.ts';

/** The console's role grants and publisher API keys. */
useConsoleWorld();

const rolesUrl = (code: string) => CONSOLE_PATHS.storeRoles.replace(':code', code);
const keysUrl = (code: string) => CONSOLE_PATHS.storeApiKeys.replace(':code', code);
const keyUrl = (code: string, id: string) =>
  CONSOLE_PATHS.storeApiKey.replace(':code', code).replace(':id', id);
const feed = (host: string, key: string) =>
  t.app.inject({
    method: 'POST',
    url: CATALOG_CHANGES_PATH,
    headers: { host, 'x-api-key': key },
    payload: { events: [{ id: `w-${Math.random()}`, type: 'withdrawal', standard: { assetId: 'nope' } }] },
  });

describe('roles', () => {
  it('a store admin grants catalog_editor in their store; the grant works at once and is audited', async () => {
    const newcomer = await createActor(a);
    expectError(await callAs(newcomer, { url: CONSOLE_PATHS.stores }), 403);
    const res = await callAs(adminA, {
      method: 'POST',
      url: rolesUrl(a.tenant.code),
      payload: { login: newcomer.user.login, role: 'catalog_editor' },
    });
    expect(res.statusCode).toBe(200);
    expect(consoleRoleList.parse(res.json()).grants).toContainEqual(
      expect.objectContaining({ login: newcomer.user.login, role: 'catalog_editor' }),
    );
    expect((await callAs(newcomer, { url: CONSOLE_PATHS.stores })).statusCode).toBe(200);
    const { rows } = await t.app.db.query(
      `SELECT 1 FROM console_audit_log WHERE action = 'role.grant' AND target = $1 AND actor_id = $2`,
      [newcomer.user.login, adminA.user.id],
    );
    expect(rows).toHaveLength(1);
  });

  it('a revoked role stops working at once (the same token, the next call)', async () => {
    const admin = await createActor(a, ['store_admin']);
    const token = await a.token(admin.user);
    expect((await callAs(admin, { url: rolesUrl(a.tenant.code), token })).statusCode).toBe(200);
    const res = await callAs(operator, {
      method: 'DELETE',
      url: `${rolesUrl(a.tenant.code)}?login=${encodeURIComponent(admin.user.login)}&role=store_admin`,
    });
    expect(res.statusCode).toBe(200);
    expectError(await callAs(admin, { url: rolesUrl(a.tenant.code), token }), 403);
  });

  it('a store admin may not grant platform_operator (403), nor grant in another store (403); nothing changes', async () => {
    const someone = await createActor(a);
    const before = await consoleRowCounts();
    expectError(
      await callAs(adminA, {
        method: 'POST',
        url: rolesUrl(a.tenant.code),
        payload: { login: someone.user.login, role: 'platform_operator' },
      }),
      403,
    );
    expectError(
      await callAs(adminA, {
        method: 'POST',
        url: rolesUrl(b.tenant.code),
        payload: { login: someone.user.login, role: 'catalog_editor' },
      }),
      403,
    );
    expect(await consoleRowCounts()).toEqual(before);
  });

  it('an operator makes operators only among the platform store’s accounts (403 elsewhere)', async () => {
    const storeUser = await createActor(a);
    const before = await consoleRowCounts();
    expectError(
      await callAs(operator, {
        method: 'POST',
        url: rolesUrl(a.tenant.code),
        payload: { login: storeUser.user.login, role: 'platform_operator' },
      }),
      403,
    );
    expect(await consoleRowCounts()).toEqual(before);
    const colleague = await createActor(platform);
    const res = await callAs(operator, {
      method: 'POST',
      url: rolesUrl(platform.tenant.code),
      payload: { login: colleague.user.login, role: 'platform_operator' },
    });
    expect(res.statusCode).toBe(200);
    expect((await callAs(colleague, { url: CONSOLE_PATHS.audit })).statusCode).toBe(200);
  });

  it('granting to a login that is not a user of the store is 404', async () => {
    expectError(
      await callAs(operator, {
        method: 'POST',
        url: rolesUrl(a.tenant.code),
        payload: { login: 'nobody@example.test', role: 'store_admin' },
      }),
      404,
    );
  });
});

describe('publisher API keys', () => {
  it('creates a key shown once and stored hashed; the feed takes it, and each use is audited', async () => {
    const res = await callAs(adminA, {
      method: 'POST',
      url: keysUrl(a.tenant.code),
      payload: { label: 'ERP feed' },
    });
    expect(res.statusCode).toBe(201);
    const created = consoleApiKeyCreated.parse(res.json());
    expect(created.key).toMatch(/^twc_/);
    const { rows } = await t.app.db.query<{ key_hash: string }>(
      'SELECT key_hash FROM catalog_api_keys WHERE id = $1',
      [created.id],
    );
    expect(rows[0]!.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.key_hash).not.toContain(created.key);
    const list = consoleApiKeyList.parse((await callAs(adminA, { url: keysUrl(a.tenant.code) })).json());
    expect(list.keys.find((k) => k.id === created.id)).toEqual(
      expect.objectContaining({ label: 'ERP feed', revokedAt: null }),
    );
    expect(JSON.stringify(list)).not.toContain(created.key);

    expect((await feed(a.host, created.key)).statusCode).toBe(200);
    const uses = await t.app.db.query<{
      actor_kind: string;
      actor_login: string;
      after: { rejected: number };
    }>(
      `SELECT actor_kind, actor_login, after FROM console_audit_log WHERE action = 'catalog.changes' AND actor_id = $1`,
      [created.id],
    );
    expect(uses.rows).toEqual([
      expect.objectContaining({
        actor_kind: 'api_key',
        actor_login: 'ERP feed',
        after: expect.objectContaining({ rejected: 1 }),
      }),
    ]);
  });

  it('a revoked key is refused by POST /api/catalog/v1/changes at once (401), and the revocation is audited', async () => {
    const created = consoleApiKeyCreated.parse(
      (
        await callAs(adminA, { method: 'POST', url: keysUrl(a.tenant.code), payload: { label: 'to revoke' } })
      ).json(),
    );
    expect((await feed(a.host, created.key)).statusCode).toBe(200);
    const res = await callAs(adminA, { method: 'DELETE', url: keyUrl(a.tenant.code, created.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json().revokedAt).toEqual(expect.any(String));
    expectError(await feed(a.host, created.key), 401);
    const { rows } = await t.app.db.query(
      `SELECT 1 FROM console_audit_log WHERE action = 'api_key.revoke' AND target = $1`,
      [created.id],
    );
    expect(rows).toHaveLength(1);
  });

  it("another store's admin cannot list, create or revoke A's keys (403), and nothing changes", async () => {
    const created = consoleApiKeyCreated.parse(
      (
        await callAs(adminA, { method: 'POST', url: keysUrl(a.tenant.code), payload: { label: 'kept' } })
      ).json(),
    );
    const before = await consoleRowCounts();
    expectError(await callAs(adminB, { url: keysUrl(a.tenant.code) }), 403);
    expectError(
      await callAs(adminB, { method: 'POST', url: keysUrl(a.tenant.code), payload: { label: 'x' } }),
      403,
    );
    expectError(await callAs(adminB, { method: 'DELETE', url: keyUrl(a.tenant.code, created.id) }), 403);
    // B's admin naming A's key under B's own store: not B's key, 404.
    expectError(await callAs(adminB, { method: 'DELETE', url: keyUrl(b.tenant.code, created.id) }), 404);
    expect(await consoleRowCounts()).toEqual(before);
    expect((await feed(a.host, created.key)).statusCode).toBe(200);
  });
});
