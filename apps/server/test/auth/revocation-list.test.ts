import { TRACKER_PATHS } from '@trackwell/contracts';
import { deactivateIdentityUser, findUserRevocationSeq, upsertTenant } from '@trackwell/db';
import { buildTenantDefinition } from '@trackwell/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRevocationList, type RevocationList } from '../../src/modules/auth/revocation-list.ts';
import { createTenantResolver } from '../../src/modules/tenants/tenant-resolver.ts';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import { createTrackerTenant, startTestIssuer, type TestIssuer } from '../support/tracker-fixtures.ts';

/**
 * The in-memory copy of the revoked tokens (auth/revocation-list.ts) and the tenant cache's invalidation:
 * two copies on one database stand for two processes; and the behaviour for a tenant whose issuer is
 * external (an Okta org), whose tokens we verify locally.
 */
describe('revocation list and cache invalidation across processes', () => {
  let t: TestApp;
  let issuer: TestIssuer;
  const lists: RevocationList[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
    issuer = await startTestIssuer();
  });
  afterAll(async () => {
    for (const l of lists) await l.stop();
    await t?.close();
    await issuer?.close();
  });

  const processCopy = async () => {
    // A long poll: only the database's NOTIFY can bring the change in time here.
    const list = createRevocationList(t.app.db, { pollMs: 600_000 });
    await list.start();
    lists.push(list);
    return list;
  };

  it("a revocation written through one copy reaches another through the database's NOTIFY", async () => {
    const [one, two] = [await processCopy(), await processCopy()];
    const { tenant } = await t.createTenant();
    const token = { jti: 'jti-nearby', userId: undefined, iat: Math.floor(Date.now() / 1000) };
    expect(two.isRevoked(tenant.id, token)).toBe(false);
    await one.revokeToken(tenant.id, { jti: 'jti-nearby', exp: Math.floor(Date.now() / 1000) + 3600 });
    expect(one.isRevoked(tenant.id, token)).toBe(true); // the writer at once
    await expect.poll(() => two.isRevoked(tenant.id, token), { timeout: 5_000 }).toBe(true);
    // The same jti in another tenant is another token.
    const other = await t.createTenant();
    expect(two.isRevoked(other.tenant.id, token)).toBe(false);
  });

  it('a user cut-off refuses tokens issued before the second after it, and only that user’s', async () => {
    const list = await processCopy();
    const { tenant } = await t.createTenant();
    const cut = new Date(Math.floor(Date.now() / 1000) * 1000 - 10_000 + 500); // x.500 s, ten seconds ago
    const second = Math.floor(cut.getTime() / 1000);
    await list.revokeUserTokens(tenant.id, 'u-1', 'sign-out', cut);
    expect(list.isRevoked(tenant.id, { userId: 'u-1', iat: second - 1 })).toBe(true);
    expect(list.isRevoked(tenant.id, { userId: 'u-1', iat: second })).toBe(true); // same second, before it
    expect(list.isRevoked(tenant.id, { userId: 'u-1', iat: second + 1 })).toBe(false);
    expect(list.isRevoked(tenant.id, { userId: 'u-2', iat: second - 1 })).toBe(false);
    expect(list.userCutoffSeconds(tenant.id, 'u-1')).toBe(second + 1);
  });

  it('a sign-in between two cut-offs within one second is refused by the second one, whatever the clock says', async () => {
    const second = Math.floor(Date.now() / 1000) - 10;
    const instants = [new Date(second * 1000 + 300), new Date(second * 1000 + 800)]; // suspend, then deactivate
    const list = createRevocationList(t.app.db, { pollMs: 600_000, now: () => instants.shift() as Date });
    await list.start();
    lists.push(list);
    const { tenant } = await t.createTenant();
    await list.revokeUserTokens(tenant.id, 'u-1', 'deactivation'); // suspended at x.300 (then unsuspended)
    // Signed in at x.500: the token's iat is the same second's end at best, as close as a clock can say.
    const token = {
      userId: 'u-1',
      iat: second + 1,
      rev: await findUserRevocationSeq(t.app.db, tenant.id, 'u-1'),
    };
    expect(list.isRevoked(tenant.id, token)).toBe(false);
    await list.revokeUserTokens(tenant.id, 'u-1', 'deactivation'); // deactivated at x.800
    expect(list.isRevoked(tenant.id, token)).toBe(true);
    // Another process's copy decides the same from the table.
    const late = await processCopy();
    expect(late.isRevoked(tenant.id, token)).toBe(true);
    // Signing in again afterwards works.
    const after = { ...token, rev: await findUserRevocationSeq(t.app.db, tenant.id, 'u-1') };
    expect(list.isRevoked(tenant.id, after)).toBe(false);
  });

  it('a copy started later loads what is in force', async () => {
    const { tenant } = await t.createTenant();
    const writer = await processCopy();
    await writer.revokeToken(tenant.id, { jti: 'jti-earlier', exp: Math.floor(Date.now() / 1000) + 60 });
    const late = await processCopy();
    expect(late.isRevoked(tenant.id, { jti: 'jti-earlier' })).toBe(true);
  });

  it('a tenant changed in the database is seen by another resolver (process) through NOTIFY', async () => {
    const def = buildTenantDefinition({ name: 'Old Name' });
    const created = await t.app.db.transaction((tx) => upsertTenant(tx, def));
    const elsewhere = createTenantResolver(t.app.db, t.app.publicUrls); // another process's cache, 30 s
    const stop = await t.app.db.listen('trackwell_tenants', () => elsewhere.clear());
    try {
      expect((await elsewhere.resolve(def.hosts[0]!))?.config.tenantName).toBe('Old Name');
      await t.app.db.transaction((tx) =>
        upsertTenant(tx, { ...def, config: { ...def.config, tenantName: 'New Name' } }, created.id),
      );
      await expect
        .poll(async () => (await elsewhere.resolve(def.hosts[0]!))?.config.tenantName, { timeout: 5_000 })
        .toBe('New Name');
    } finally {
      await stop();
    }
  });

  it('an answer read before a clear() is not cached after it', async () => {
    const def = buildTenantDefinition();
    await t.app.db.transaction((tx) => upsertTenant(tx, def));
    const resolver = createTenantResolver(t.app.db, t.app.publicUrls);
    const inFlight = resolver.resolve(def.hosts[0]!); // reads the database now…
    resolver.clear(); // …and the tenant changes meanwhile
    await inFlight;
    await t.app.db.query('DELETE FROM tenant_hosts WHERE host = $1', [def.hosts[0]]);
    expect(await resolver.resolve(def.hosts[0]!)).toBeUndefined();
  });

  it('external issuer (an Okta org): deactivating the user in Trackwell refuses their tokens; others unaffected', async () => {
    const a = await createTrackerTenant(t, issuer);
    const [user, other] = [await a.createUser(), await a.createUser()];
    // An Okta org's `uid` is its own id (00u…): the plugin finds our user by login.
    const token = await a.token(user, { uid: '00uexternal1' });
    const otherToken = await a.token(other, { uid: '00uexternal2' });
    const flags = (bearer: string) => a.call(null, { url: TRACKER_PATHS.featureFlags, token: bearer });
    expect((await flags(token)).statusCode).toBe(200);
    expect(await deactivateIdentityUser(t.app.db, a.tenant.id, user.id)).toBe(true);
    await expect.poll(async () => (await flags(token)).statusCode, { timeout: 5_000 }).toBe(401);
    expect((await flags(otherToken)).statusCode).toBe(200);
  });
});
