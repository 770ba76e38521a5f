import {
  CATALOG_CHANGES_PATH,
  CONSOLE_PATHS,
  consoleApiKeyCreated,
  consoleApiKeyList,
} from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import {
  a,
  adminA,
  adminB,
  b,
  callAs,
  consoleRowCounts,
  operator,
  t,
  useConsoleWorld,
} from '../support/console-world.ts';
import { expectError } from '../support/tracker-world.ts';

/**
 * A store's Users API tokens in the console — created (shown once, stored hashed, the creator
 * recorded), listed apart from the publisher keys, revoked; audited as api_key.* with their purpose; never
 * accepted by the change feed, and refused by the Users API once revoked.
 */
useConsoleWorld();

const tokensUrl = (code: string) => CONSOLE_PATHS.storeProvisioningTokens.replace(':code', code);
const tokenUrl = (code: string, id: string) =>
  CONSOLE_PATHS.storeProvisioningToken.replace(':code', code).replace(':id', id);
const create = async (actor = adminA, code = a.tenant.code, label = 'Shop back office') => {
  const res = await callAs(actor, { method: 'POST', url: tokensUrl(code), payload: { label } });
  expect(res.statusCode, res.body).toBe(201);
  return consoleApiKeyCreated.parse(res.json());
};

describe('provisioning tokens in the console', () => {
  it('created once, stored hashed with its creator, listed apart from publisher keys, audited with its purpose', async () => {
    const created = await create();
    expect(created.key).toMatch(/^twp_/);
    const { rows } = await t.app.db.query<{ key_hash: string; created_by: string; purpose: string }>(
      'SELECT key_hash, created_by, purpose FROM catalog_api_keys WHERE id = $1',
      [created.id],
    );
    expect(rows[0]).toEqual({
      key_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      created_by: adminA.user.id,
      purpose: 'provisioning',
    });
    const list = consoleApiKeyList.parse((await callAs(adminA, { url: tokensUrl(a.tenant.code) })).json());
    expect(list.keys.map((k) => k.id)).toContain(created.id);
    expect(JSON.stringify(list)).not.toContain(created.key);
    const publisherKeys = consoleApiKeyList.parse(
      (await callAs(adminA, { url: CONSOLE_PATHS.storeApiKeys.replace(':code', a.tenant.code) })).json(),
    );
    expect(publisherKeys.keys.map((k) => k.id)).not.toContain(created.id);
    const audit = await t.app.db.query<{ after: { purpose: string } }>(
      `SELECT after FROM console_audit_log WHERE action = 'api_key.create' AND target = $1`,
      [created.id],
    );
    expect(audit.rows).toEqual([{ after: expect.objectContaining({ purpose: 'provisioning' }) }]);
    // Not a publisher key: the change feed refuses it.
    const feed = await t.app.inject({
      method: 'POST',
      url: CATALOG_CHANGES_PATH,
      headers: { host: a.host, 'x-api-key': created.key },
      payload: { events: [] },
    });
    expectError(feed, 401);
  });

  it('the Users API takes a token of an embedded store until the console revokes it', async () => {
    const embedded = await t.createTenant();
    const created = await create(operator, embedded.tenant.code);
    const users = () =>
      t.app.inject({
        url: '/api/v1/users',
        headers: { host: embedded.host, authorization: `SSWS ${created.key}` },
      });
    expect((await users()).statusCode).toBe(200);
    const res = await callAs(operator, { method: 'DELETE', url: tokenUrl(embedded.tenant.code, created.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json().revokedAt).toEqual(expect.any(String));
    expect((await users()).json()).toMatchObject({ errorCode: 'E0000011' });
  });

  it("another store's admin cannot list, create or revoke A's tokens; a publisher key id is no token", async () => {
    const created = await create();
    const before = await consoleRowCounts();
    expectError(await callAs(adminB, { url: tokensUrl(a.tenant.code) }), 403);
    expectError(
      await callAs(adminB, { method: 'POST', url: tokensUrl(a.tenant.code), payload: { label: 'x' } }),
      403,
    );
    expectError(await callAs(adminB, { method: 'DELETE', url: tokenUrl(a.tenant.code, created.id) }), 403);
    expectError(await callAs(adminB, { method: 'DELETE', url: tokenUrl(b.tenant.code, created.id) }), 404);
    expect(await consoleRowCounts()).toEqual(before);
    const publisher = consoleApiKeyCreated.parse(
      (
        await callAs(adminA, {
          method: 'POST',
          url: CONSOLE_PATHS.storeApiKeys.replace(':code', a.tenant.code),
          payload: { label: 'feed' },
        })
      ).json(),
    );
    expectError(await callAs(adminA, { method: 'DELETE', url: tokenUrl(a.tenant.code, publisher.id) }), 404);
  });
});
