import { spawn } from 'node:child_process';
import { identityKeyRotation, upsertTenant } from '@trackwell/db';
import {
  buildTenantDefinition,
  createTestDatabase,
  type TestDatabase,
  testEngine,
} from '@trackwell/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeKeys } from '../../src/modules/identity/oidc/keys.ts';

/**
 * `npm run identity:keys` as an operator runs it against the deployment's PostgreSQL: rotate a store's
 * identity keys, see the previous key still accepted, retire it; wrong input says what to do, exit 1.
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

  it('rotates, shows the previous key still accepted, retires it', async () => {
    const store = await db.handle.transaction((tx) => upsertTenant(tx, buildTenantDefinition()));
    const { kid } = await storeKeys(db.handle, store.id);
    const rotated = await run('--tenant', store.code, '--rotate');
    expect(rotated.code).toBe(0);
    expect(rotated.out).toContain(`${store.code}: previous key ${kid} still accepted`);
    const now = await storeKeys(db.handle, store.id);
    expect(now.kid).not.toBe(kid);
    expect([...now.publicKeys.keys()]).toEqual([now.kid, kid]);
    const shown = await run('--tenant', store.code);
    expect(shown.out).toContain(`previous key ${kid} still accepted`);
    const retired = await run('--tenant', store.code, '--retire-previous');
    expect(retired.code).toBe(0);
    expect(retired.out).toContain(`${store.code}: no previous key accepted`);
    expect((await identityKeyRotation(db.handle, store.id))?.previousKid).toBeNull();
    expect((await run('--tenant', store.code, '--retire-previous')).out).toContain(
      'no previous keys to retire',
    );
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
    const fresh = await db.handle.transaction((tx) => upsertTenant(tx, buildTenantDefinition()));
    const early = await run('--tenant', fresh.code, '--rotate');
    expect(early.code).toBe(1);
    expect(early.out).toContain('has no identity keys yet');
  });
});
