import { catalogSearchResponse, TRACKER_PATHS } from '@trackwell/contracts';
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
 * The search box reads a query by the one designation rule (contracts' designation-key.ts): every way people
 * write a designation finds it, the exact designation first; bad input is a 400 or nothing, never a 500.
 */
describe(`GET ${TRACKER_PATHS.catalogSearch}: designations as people write them`, () => {
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

  const get = (store: TrackerTenant, u: TestUser, q: string) =>
    store.call(u, { url: `${TRACKER_PATHS.catalogSearch}?${new URLSearchParams({ q })}` });
  const search = async (q: string) => {
    const res = await get(a, user, q);
    expect(res.statusCode).toBe(200);
    return catalogSearchResponse
      .parse(res.json())
      .responseData.value.results.map((r) => r.displayDesignation);
  };

  it.each([
    ['ISO 22337', ['ISO 22337:2020', 'ISO 22337:2015']],
    ['iso22337:2020', ['ISO 22337:2020', 'ISO 22337:2015']],
    ['D 6385', ['D6385-22', 'D6385-19']],
    ['ASTM D6385-22', ['D6385-22', 'D6385-19']],
    ['ASTM D6385-19', ['D6385-19', 'D6385-22']],
    ['DIN EN ISO 13849-1', ['DIN EN ISO 13849-1:2008-12', 'ISO 13849-1:2006-11', '13849-1:2006-11']],
    ['ISO 13849-1', ['ISO 13849-1:2006-11', 'DIN EN ISO 13849-1:2008-12', '13849-1:2006-11']],
    ['13849-1:2006-11', ['13849-1:2006-11', 'ISO 13849-1:2006-11', 'DIN EN ISO 13849-1:2008-12']],
  ])('%j finds %j, in that order', async (q, expected) => {
    expect(await search(q)).toEqual(expected);
  });

  it("finds nothing of another store's catalogue", async () => {
    const other = await b.createUser();
    const res = await get(b, other, 'ISO 22337');
    expect(res.statusCode).toBe(200);
    expect(res.json().responseData.value.results).toEqual([]);
  });

  it('answers a NUL or a 10,000-character query with a clear 400, and hostile text with nothing', async () => {
    for (const q of ['ISO\u000022337', 'D6385'.padEnd(10_000, 'x')]) {
      const res = await get(a, user, q);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: '400', error: 'validation_error' });
    }
    for (const q of ['=HYPERLINK("D6385")', '(en)', '%_\\']) expect(await search(q)).toEqual([]);
  });
});
