import { RESOLVER_PATHS, resolverResponse } from '@trackwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import {
  createTrackerTenant,
  insertCatalogue,
  insertDesignationForms,
  startTestIssuer,
  type TestIssuer,
  type TestUser,
  type TrackerTenant,
} from '../support/tracker-fixtures.ts';

/**
 * The resolver names a standard by content code or by designation as people write it, read by the one
 * designation rule (contracts' designation-key.ts), the exact designation first.
 */
describe(`GET ${RESOLVER_PATHS.resolve}?designation=`, () => {
  let t: TestApp;
  let issuer: TestIssuer;
  let a: TrackerTenant;
  let b: TrackerTenant;
  let user: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    issuer = await startTestIssuer();
    a = await createTrackerTenant(t, issuer);
    b = await createTrackerTenant(t, issuer);
    for (const store of [a, b]) await insertCatalogue(t.app.db, store.tenant.id, 0);
    await insertDesignationForms(t.app.db, a.tenant.id);
    user = await a.createUser();
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  const resolve = (store: TrackerTenant, u: TestUser, q: Record<string, string>) =>
    store.call(u, {
      url: `${RESOLVER_PATHS.resolve}?${new URLSearchParams({ tenantId: store.tenant.id, userId: u.id, ...q })}`,
    });

  // DR-<n> is the content code of DESIGNATION_FORMS[n].
  it.each([
    ['ISO 22337', 'DR-0'],
    ['iso22337:2020', 'DR-0'],
    ['ISO 22337:2015', 'DR-1'],
    ['D 6385', 'DR-2'],
    ['ASTM D6385-22', 'DR-2'],
    ['ASTM D6385-19', 'DR-3'],
    ['13849-1', 'DR-5'],
    ['ISO 13849-1', 'DR-6'],
    ['DIN EN ISO 13849-1', 'DR-7'],
    ['EN 13849-1', 'DR-7'],
    ['ASTM D1234-23', 'DR-9'],
  ])('designation %j opens %s', async (designation, contentCode) => {
    const res = await resolve(a, user, { designation });
    expect(res.statusCode).toBe(200);
    expect(resolverResponse.parse(res.json()).responseData.value.applicationURL).toBe(
      `http://${a.host}/store/app/standards/${contentCode}`,
    );
  });

  it('answers a designation naming several standards equally, or none, with a 404 that says so', async () => {
    const several = await resolve(a, user, { designation: 'ASTM D1234' });
    expect(several.statusCode).toBe(404);
    expect(several.json().message).toMatch(/several standards .*D1234-19, D1234-23/);
    const none = await resolve(a, user, { designation: 'ISO 99999' });
    expect(none.statusCode).toBe(404);
    const other = await b.createUser();
    expect((await resolve(b, other, { designation: 'ISO 22337' })).statusCode).toBe(404);
  });

  it('answers NUL, a 10,000-character designation, neither or both names with a clear 400', async () => {
    const bad: Record<string, string>[] = [
      { designation: 'ISO\u000022337' },
      { designation: 'D6385'.padEnd(10_000, 'x') },
      {},
      { designation: 'ISO 22337', contentCode: 'DR-0' },
    ];
    for (const q of bad) {
      const res = await resolve(a, user, q);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: '400', error: 'validation_error' });
    }
  });
});
