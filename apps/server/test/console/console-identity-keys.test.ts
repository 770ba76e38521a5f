import {
  CONSOLE_IDENTITY_KEY_ROTATION_PATH,
  CONSOLE_IDENTITY_KEYS_PATH,
  consoleIdentityKeys,
} from '@trackwell/contracts';
import { findIdentityKeyState } from '@trackwell/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeKeys } from '../../src/modules/identity/oidc/keys.ts';
import {
  a,
  adminA,
  adminB,
  b,
  type ConsoleActor,
  callAs,
  consoleRowCounts,
  editorA,
  nobodyA,
  operator,
  t,
  useConsoleWorld,
} from '../support/console-world.ts';
import { expectError } from '../support/tracker-world.ts';

/**
 * A store's identity signing keys in the console: the administrator reads their states and starts a
 * rotation (a next key published now, signing after IDP_KEY_PUBLISH_AHEAD_SECONDS), audited; a second start
 * while one waits, and a store whose provider never signed anything, are 409; other roles, other stores and
 * strangers are refused; nothing changes on a refusal.
 */
useConsoleWorld({ env: { IDP_KEY_PUBLISH_AHEAD_SECONDS: '900', IDP_KEY_ROTATION_DAYS: '30' } });

const keysUrl = (code = a.tenant.code) => CONSOLE_IDENTITY_KEYS_PATH.replace(':code', code);
const rotationUrl = (code = a.tenant.code) => CONSOLE_IDENTITY_KEY_ROTATION_PATH.replace(':code', code);
const getKeys = (who: ConsoleActor = adminA, code?: string) => callAs(who, { url: keysUrl(code) });
const rotate = (who: ConsoleActor = adminA, code?: string) =>
  callAs(who, { method: 'POST', url: rotationUrl(code) });
const keyStates = async () => [
  await findIdentityKeyState(t.app.db, a.tenant.id),
  await findIdentityKeyState(t.app.db, b.tenant.id),
];

let firstKid: string;
beforeAll(async () => {
  // The stores' providers have signed something: they have keys (made at first use).
  firstKid = (await storeKeys(t.app.db, a.tenant.id)).kid;
  await storeKeys(t.app.db, b.tenant.id);
});

describe('the console’s identity signing keys', () => {
  it('shows the current key, its times and the schedule', async () => {
    const res = await getKeys();
    expect(res.statusCode).toBe(200);
    const body = consoleIdentityKeys.parse(res.json());
    expect(body.keys).toEqual([
      {
        kid: firstKid,
        state: 'current',
        publishedAt: expect.any(String),
        signsFrom: expect.any(String),
        retiresAt: null,
      },
    ]);
    expect(body.rotationDays).toBe(30);
    expect(body.publishAheadSeconds).toBe(900);
    const due = Date.parse(body.nextRotationAt!) - Date.parse(body.keys[0]!.signsFrom!);
    expect(due).toBe(30 * 86_400_000);
    expect(JSON.stringify(body)).not.toMatch(/"d"|private|cookie/i); // never key material
  });

  it('a rotation publishes a next key that signs later (audited); the JWKS lists it, the current key still signs', async () => {
    const started = Date.now();
    const res = await rotate();
    expect(res.statusCode).toBe(201);
    const body = consoleIdentityKeys.parse(res.json());
    expect(body.keys.map((k) => k.state)).toEqual(['next', 'current']);
    const next = body.keys[0]!;
    expect(Date.parse(next.signsFrom!) - started).toBeGreaterThanOrEqual(900_000 - 5_000);
    expect(Date.parse(next.signsFrom!) - started).toBeLessThanOrEqual(900_000 + 5_000);
    expect(body.keys[1]!.kid).toBe(firstKid);
    expect(body.nextRotationAt).toBeNull(); // a rotation is under way
    expect(consoleIdentityKeys.parse((await getKeys(operator)).json())).toEqual(body);

    const audit = await t.app.db.query<{ actor_login: string; target: string; after: { kid: string } }>(
      `SELECT actor_login, target, after FROM console_audit_log
        WHERE action = 'identity_keys.publish' AND tenant_id = $1`,
      [a.tenant.id],
    );
    expect(audit.rows).toEqual([
      { actor_login: adminA.user.login, target: next.kid, after: { kid: next.kid, signsAt: next.signsFrom } },
    ]);
    // Every process hears of it: the provider publishes the next key, the current one still signs.
    const keys = await storeKeys(t.app.db, a.tenant.id);
    expect(keys.kid).toBe(firstKid);
    expect(keys.privateJwks.map((k) => k.kid)).toEqual([firstKid, next.kid]);
    // Store B is untouched.
    expect((await findIdentityKeyState(t.app.db, b.tenant.id))?.next).toBeNull();
  });

  it('a second rotation while a next key waits is 409, and nothing changes', async () => {
    const before = [await consoleRowCounts(), await keyStates()];
    const refused = expectError(await rotate(operator, a.tenant.code), 409);
    expect(refused.error).toBe('rotation_under_way');
    expect([await consoleRowCounts(), await keyStates()]).toEqual(before);
  });

  it('a store whose identity provider never signed anything has no keys to show or rotate (409)', async () => {
    const { rows } = await t.app.db.query<{ code: string; id: string }>(
      `SELECT code, id FROM tenants t WHERE NOT EXISTS (SELECT 1 FROM identity_keys k WHERE k.tenant_id = t.id)
        LIMIT 1`,
    );
    const fresh = rows[0]!;
    const shown = consoleIdentityKeys.parse((await getKeys(operator, fresh.code)).json());
    expect(shown).toMatchObject({ keys: [], nextRotationAt: null });
    const before = await consoleRowCounts();
    expect(expectError(await rotate(operator, fresh.code), 409).error).toBe('no_identity_keys');
    expect(await consoleRowCounts()).toEqual(before);
    expect(await findIdentityKeyState(t.app.db, fresh.id)).toBeUndefined();
  });

  it('is refused to other roles and stores (403), for no store (404), a garbled body (400), anonymous (401)', async () => {
    const before = [await consoleRowCounts(), await keyStates()];
    for (const who of [editorA, nobodyA, adminB]) {
      expectError(await getKeys(who), 403);
      expectError(await rotate(who), 403);
    }
    expectError(await getKeys(operator, 'no-such-store'), 404);
    expectError(await rotate(operator, 'no-such-store'), 404);
    // A code no store can have is no store (authorization runs before validation).
    expectError(await getKeys(operator, 'Bad_Code'), 404);
    expectError(await rotate(operator, 'Bad_Code'), 404);
    // The rotation takes no body; one that is not even JSON is refused before anything is read.
    const garbled = await callAs(adminA, {
      method: 'POST',
      url: rotationUrl(),
      headers: { 'content-type': 'application/json' },
      payload: '{"not json',
    });
    expectError(garbled, 400);
    expectError(await callAs(null, { url: keysUrl() }), 401);
    expectError(await callAs(null, { method: 'POST', url: rotationUrl() }), 401);
    expect([await consoleRowCounts(), await keyStates()]).toEqual(before);
  });
});
