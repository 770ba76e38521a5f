import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/client.ts';
import { upsertTenant } from '../src/repositories/tenants.ts';
import {
  deactivateIdentityUser,
  findUserRevocationSeq,
  listTokenRevocationsAfter,
  purgeExpiredTokenRevocations,
  revokeAccessToken,
  revokeUserTokens,
} from '../src/repositories/token-revocations.ts';
import { createIdentityUser, findIdentityUserById } from '../src/repositories/users.ts';
import { buildTenantDefinition, createTestDatabase, type TestDatabase, testEngine } from '../src/testing.ts';

/** Migration 0008's revocation records and the NOTIFY its triggers send. */
describe(`token revocations on ${testEngine()}`, () => {
  let t: TestDatabase;
  let db: DatabaseHandle;
  let tenantA: string;
  let tenantB: string;
  beforeAll(async () => {
    t = await createTestDatabase();
    db = t.handle;
    tenantA = (await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()))).id;
    tenantB = (await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()))).id;
  });
  afterAll(() => t.drop());

  const newUser = (tenantId: string) =>
    db.transaction((tx) =>
      createIdentityUser(tx, tenantId, {
        login: `r${Math.random().toString(36).slice(2)}@example.test`,
        firstName: 'R',
        lastName: 'V',
      }),
    );

  it('follows the table as a change feed: rows after a seq, still in force, in order', async () => {
    const start = (await listTokenRevocationsAfter(db, 0, { lookbackSeconds: 0 })).at(-1)?.seq ?? 0;
    const exp = new Date(Date.now() + 3_600_000);
    const one = await revokeAccessToken(db, tenantA, { jti: 'jti-1', expiresAt: exp });
    await revokeAccessToken(db, tenantB, { jti: 'jti-expired', expiresAt: new Date(Date.now() - 1000) });
    const user = await newUser(tenantA);
    const two = await revokeUserTokens(db, tenantA, user.id, 'sign-out');
    const feed = await listTokenRevocationsAfter(db, start, { lookbackSeconds: 0 });
    expect(feed.map((r) => [r.tenantId, r.kind, r.subject])).toEqual([
      [tenantA, 'token', 'jti-1'],
      [tenantA, 'user', user.id],
    ]);
    expect(two.seq).toBeGreaterThan(one.seq);
    expect(two.issuedBefore).toBeInstanceOf(Date);
    expect(await listTokenRevocationsAfter(db, two.seq, { lookbackSeconds: 0 })).toEqual([]);
    // Recent rows are read again whatever their seq (a lower seq may commit after a higher one was read).
    const recent = await listTokenRevocationsAfter(db, two.seq, { lookbackSeconds: 60 });
    expect(recent.map((r) => r.subject)).toEqual(['jti-1', user.id]);
  });

  it("a user's last revocation of every earlier token is the latest such seq, of that tenant only", async () => {
    const user = await newUser(tenantA);
    expect(await findUserRevocationSeq(db, tenantA, user.id)).toBe(0);
    const first = await revokeUserTokens(db, tenantA, user.id, 'sign-out');
    expect(first.allIssued).toBe(true);
    expect(await findUserRevocationSeq(db, tenantA, user.id)).toBe(first.seq);
    // A cut-off by time only (a password change keeping the caller's token) is not one of them.
    const byTime = await revokeUserTokens(
      db,
      tenantA,
      user.id,
      'password-change',
      new Date(Date.now() - 60_000),
    );
    expect(byTime.allIssued).toBe(false);
    expect(await findUserRevocationSeq(db, tenantA, user.id)).toBe(first.seq);
    const later = await revokeUserTokens(db, tenantA, user.id, 'deactivation');
    expect(await findUserRevocationSeq(db, tenantA, user.id)).toBe(later.seq);
    expect(await findUserRevocationSeq(db, tenantB, user.id)).toBe(0);
  });

  it('deactivation suspends the user and revokes their tokens in one go; an unknown user changes nothing', async () => {
    const user = await newUser(tenantA);
    expect(await deactivateIdentityUser(db, tenantA, user.id)).toBe(true);
    expect((await findIdentityUserById(db, tenantA, user.id))?.status).toBe('SUSPENDED');
    expect(await findUserRevocationSeq(db, tenantA, user.id)).toBeGreaterThan(0);
    // Another tenant's id for the same user: nothing happens there.
    expect(await deactivateIdentityUser(db, tenantB, user.id)).toBe(false);
    expect(await findUserRevocationSeq(db, tenantB, user.id)).toBe(0);
  });

  it('purges rows that decide nothing any more', async () => {
    await revokeAccessToken(db, tenantA, { jti: 'old', expiresAt: new Date(Date.now() - 1000) });
    expect(await purgeExpiredTokenRevocations(db)).toBeGreaterThanOrEqual(1);
    const { rows } = await db.query(`SELECT 1 FROM token_revocations WHERE expires_at < now()`);
    expect(rows).toEqual([]);
  });

  it('the database announces a revocation and a tenant change on commit (LISTEN/NOTIFY)', async () => {
    const heard: Array<[string, string | null]> = [];
    const stops = [
      await db.listen('trackwell_revocations', (p) => heard.push(['revocations', p])),
      await db.listen('trackwell_tenants', (p) => heard.push(['tenants', p])),
    ];
    try {
      await revokeAccessToken(db, tenantA, { jti: 'heard', expiresAt: new Date(Date.now() + 60_000) });
      const def = buildTenantDefinition();
      const tenant = await db.transaction((tx) => upsertTenant(tx, def));
      await expect
        .poll(() => heard, { timeout: 5_000 })
        .toEqual(
          expect.arrayContaining([
            ['revocations', ''],
            ['tenants', tenant.id],
          ]),
        );
      // Nothing is announced for a transaction that rolls back.
      heard.length = 0;
      await db
        .transaction(async (tx) => {
          await revokeAccessToken(tx, tenantA, {
            jti: 'rolled-back',
            expiresAt: new Date(Date.now() + 60_000),
          });
          throw new Error('roll back');
        })
        .catch(() => {});
      await revokeAccessToken(db, tenantB, { jti: 'after', expiresAt: new Date(Date.now() + 60_000) });
      await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(1);
    } finally {
      for (const stop of stops) await stop();
    }
  });
});
