import { spawn } from 'node:child_process';
import { findIdentityKeyState, identityKeyRotation, upsertTenant } from '@trackwell/db';
import {
  buildTenantDefinition,
  createTestDatabase,
  type TestDatabase,
  testEngine,
} from '@trackwell/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeKeys } from '../../src/modules/identity/oidc/keys.ts';

/**
 * `npm run identity:keys` as an operator runs it against the deployment's PostgreSQL: publish a next key
 * (it signs later), or rotate at once and see the previous key accepted until its time, retire it; each step
 * in the store's audit log; wrong input says what to do, exit 1.
 */
const SCRIPT = new URL('../../../../scripts/identity-keys.ts', import.meta.url).pathname;

describe.runIf(testEngine() === 'postgres')('npm run identity:keys', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.drop());

  const run = (...args: string[]) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, [SCRIPT, ...args], {
        env: { PATH: process.env.PATH ?? '', DATABASE_URL: db.url! },
      });
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
      });
      child.stderr.on('data', (d) => {
        out += d;
      });
      child.on('close', (code) => resolve({ code, out }));
    });

  const auditOf = async (tenantId: string) =>
    (
      await db.handle.query<{ action: string; actor_login: string }>(
        `SELECT action, actor_login FROM console_audit_log WHERE tenant_id = $1 ORDER BY id`,
        [tenantId],
      )
    ).rows;

  it('--rotate publishes a next key that signs later; a second one is refused while it waits', async () => {
    const store = await db.handle.transaction((tx) => upsertTenant(tx, buildTenantDefinition()));
    const { kid } = await storeKeys(db.handle, store.id);
    const rotated = await run('--tenant', store.code, '--rotate');
    expect(rotated.code).toBe(0);
    const next = (await findIdentityKeyState(db.handle, store.id))!.next!;
    expect(rotated.out).toContain(`${store.code}: current key ${kid} signs since`);
    expect(rotated.out).toContain(`next key ${next.kid} published, signs from ${next.signsAt.toISOString()}`);
    // IDP_KEY_PUBLISH_AHEAD_SECONDS' default: 10 minutes ahead.
    expect(next.signsAt.getTime() - next.publishedAt.getTime()).toBe(600_000);
    const now = await storeKeys(db.handle, store.id);
    expect(now.kid).toBe(kid); // the current key still signs
    expect([...now.publicKeys.keys()]).toEqual([kid, next.kid]);
    const again = await run('--tenant', store.code, '--rotate');
    expect(again.code).toBe(1);
    expect(again.out).toContain('a rotation is already under way');
    const now2 = await run('--tenant', store.code, '--rotate', '--now');
    expect(now2.code).toBe(1);
    expect(now2.out).toContain('a published next key waits to sign');
    expect(await auditOf(store.id)).toEqual([
      { action: 'identity_keys.publish', actor_login: 'npm run identity:keys' },
    ]);
  });

  it('--rotate --now signs with a new key at once, the old one accepted until its time; --retire-previous drops it', async () => {
    const store = await db.handle.transaction((tx) => upsertTenant(tx, buildTenantDefinition()));
    const { kid } = await storeKeys(db.handle, store.id);
    const rotated = await run('--tenant', store.code, '--rotate', '--now');
    expect(rotated.code).toBe(0);
    const state = (await findIdentityKeyState(db.handle, store.id))!;
    expect(state.current.kid).not.toBe(kid);
    expect(rotated.out).toContain(
      `previous key ${kid} still accepted until ${state.previous!.retiresAt!.toISOString()}`,
    );
    const now = await storeKeys(db.handle, store.id);
    expect([...now.publicKeys.keys()]).toEqual([now.kid, kid]);
    const shown = await run('--tenant', store.code);
    expect(shown.out).toContain(`previous key ${kid} still accepted`);
    const retired = await run('--tenant', store.code, '--retire-previous');
    expect(retired.code).toBe(0);
    expect(retired.out).toContain('no previous key accepted');
    expect((await identityKeyRotation(db.handle, store.id))?.previousKid).toBeNull();
    expect((await run('--tenant', store.code, '--retire-previous')).out).toContain(
      'no previous keys to retire',
    );
    expect((await auditOf(store.id)).map((e) => e.action)).toEqual([
      'identity_keys.promote',
      'identity_keys.retire',
    ]);
  });

  it('refuses wrong input with exit 1 and what to do', async () => {
    const none = await run('--rotate');
    expect(none.code).toBe(1);
    expect(none.out).toContain('Usage: npm run identity:keys');
    const unknown = await run('--tenant', 'nosuchstore', '--rotate');
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain('no store with code "nosuchstore"');
    const both = await run('--tenant', 'x', '--rotate', '--retire-previous');
    expect(both.code).toBe(1);
    const nowAlone = await run('--tenant', 'x', '--now');
    expect(nowAlone.code).toBe(1);
    expect(nowAlone.out).toContain('--now only with --rotate');
    const fresh = await db.handle.transaction((tx) => upsertTenant(tx, buildTenantDefinition()));
    const early = await run('--tenant', fresh.code, '--rotate');
    expect(early.code).toBe(1);
    expect(early.out).toContain('has no identity keys yet');
  });
});
