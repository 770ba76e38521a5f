import { catalogSearchResponse, TRACKER_PATHS } from '@trackwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import {
  createTrackerTenant,
  insertCatalogue,
  startTestIssuer,
  type TestIssuer,
  type TestUser,
  type TrackerTenant,
} from '../support/tracker-fixtures.ts';

describe(`GET ${TRACKER_PATHS.catalogSearch}`, () => {
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
    await insertCatalogue(t.app.db, a.tenant.id, 3);
    await insertCatalogue(t.app.db, b.tenant.id, 0);
    const add = (tenantId: string, assetId: string, designation: string, title: string, publisher = 'PUB1') =>
      t.app.db.query(
        `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code, committee_designation, status, edition, published_on)
         VALUES ($1, $2, $3, $4, $5, $6, 'D20', 'active', '2022', '2022-05-01')`,
        [tenantId, assetId, `C-${assetId}`, designation, title, publisher],
      );
    await add(a.tenant.id, 'd638-22', 'D638-22', 'Standard Test Method for Tensile Properties of Plastics');
    await add(a.tenant.id, 'd6380-21', 'D6380-21', 'Standard Specification for Asphalt Roll Roofing', 'PUB2');
    await add(a.tenant.id, 'e4-21', 'E4-21', 'Tensile Testing Machines, Force Verification');
    await add(a.tenant.id, 'a106-19', 'A106-19', 'Seamless Carbon Steel Pipe for High-Temperature Service');
    await add(b.tenant.id, 'b-d638', 'D638-99', 'Tensile Properties in another store');
    const ics = (tenantId: string, assetId: string, codes: string[]) =>
      t.app.db.query('UPDATE standards SET ics_codes = $3 WHERE tenant_id = $1 AND asset_id = $2', [
        tenantId,
        assetId,
        codes,
      ]);
    await ics(a.tenant.id, 'd638-22', ['83.080.01']);
    await ics(a.tenant.id, 'e4-21', ['19.060', '83.080']);
    await ics(b.tenant.id, 'b-d638', ['83.080.01']);
    user = await a.createUser();
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  const search = async (query: string, u: TestUser = user) => {
    const res = await a.call(u, { url: `${TRACKER_PATHS.catalogSearch}?${query}` });
    expect(res.statusCode).toBe(200);
    return catalogSearchResponse
      .parse(res.json())
      .responseData.value.results.map((r) => r.displayDesignation);
  };

  it('finds by designation prefix, the exact designation first', async () => {
    expect(await search('q=D638')).toEqual(['D638-22', 'D6380-21']);
    expect(await search('q=d638-22')).toEqual(['D638-22']);
  });

  it('finds by title words (prefixes, stemmed), ranked', async () => {
    expect(await search('q=seamless%20steel')).toEqual(['A106-19']);
    const tensile = await search('q=tensile');
    expect(tensile[0]).toBe('E4-21'); // the title that starts with the word
    expect(tensile).toEqual(expect.arrayContaining(['D638-22', 'S1-24', 'S3-24']));
    expect(await search('q=tensile%20properties%20of%20plastics')).toEqual(['D638-22']);
    expect(await search('q=roof')).toEqual(['D6380-21']);
  });

  it('combines a designation prefix with title words', async () => {
    expect(await search('q=D638%20plastics')).toEqual(['D638-22']);
  });

  it('finds by an ICS code or its beginning, the code itself first, in this store only', async () => {
    expect(await search('q=83.080')).toEqual(['E4-21', 'D638-22']);
    expect(await search('q=83.080.01')).toEqual(['D638-22']);
    expect(await search('q=19.06')).toEqual(['E4-21']);
    expect(await search('q=83.080&publisher=PUB2')).toEqual([]);
  });

  it('filters by publisher and honours the limit', async () => {
    expect(await search('q=D638&publisher=PUB2')).toEqual(['D6380-21']);
    expect(await search('q=standard&limit=2')).toHaveLength(2);
  });

  it("searches only this tenant's catalogue", async () => {
    expect(await search('q=another%20store')).toEqual([]);
  });

  it('treats search syntax and SQL characters as plain text', async () => {
    for (const q of ['%27%3B%20DROP', '%25_%25', '%26%7C!%3A*', '(((', '\\'])
      expect(await search(`q=${q}`)).toEqual([]);
  });

  it.each([
    ['a missing q', ''],
    ['an empty q', 'q=%20'],
    ['limit 0', 'q=a&limit=0'],
    ['limit 51', 'q=a&limit=51'],
    ['a malformed publisher', 'q=a&publisher=%3Cx%3E'],
  ])('refuses %s with 400', async (_what, query) => {
    const res = await a.call(user, { url: `${TRACKER_PATHS.catalogSearch}?${query}` });
    expect(res.statusCode).toBe(400);
  });

  it("marks the hits the caller tracks, never another user's trackings", async () => {
    const other = await a.createUser();
    const track = (u: TestUser, assetId: string) =>
      a.call(u, { method: 'POST', url: TRACKER_PATHS.createTracker, payload: { userId: u.id, assetId } });
    expect((await track(user, 'd638-22')).statusCode).toBe(200);
    expect((await track(other, 'd6380-21')).statusCode).toBe(200);
    const marks = async (u: TestUser) => {
      const res = await a.call(u, { url: `${TRACKER_PATHS.catalogSearch}?q=D638` });
      return catalogSearchResponse
        .parse(res.json())
        .responseData.value.results.map((r) => [r.displayDesignation, r.tracked]);
    };
    expect(await marks(user)).toEqual([
      ['D638-22', true],
      ['D6380-21', false],
    ]);
    expect(await marks(other)).toEqual([
      ['D638-22', false],
      ['D6380-21', true],
    ]);
  });

  it('needs a token of this store (401)', async () => {
    expect((await a.call(null, { url: `${TRACKER_PATHS.catalogSearch}?q=D638` })).statusCode).toBe(401);
    const res = await a.call(user, {
      url: `${TRACKER_PATHS.catalogSearch}?q=D638`,
      token: await b.token(user),
    });
    expect(res.statusCode).toBe(401);
  });
});
