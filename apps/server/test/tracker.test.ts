import { randomUUID } from 'node:crypto';
import {
  contentSourceTrackings,
  errorEnvelope,
  listContentTrackingsResponse,
  TRACKER_PATHS,
} from '@trackwell/contracts';
import { isUnsubscribed } from '@trackwell/db';
import { UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, leaksInternals, type TestApp } from './helpers.ts';
import {
  createTrackerTenant,
  insertCatalogue,
  startTestIssuer,
  type TestCatalogue,
  type TestIssuer,
  type TestUser,
  type TrackerTenant,
  trackStandards,
} from './tracker-fixtures.ts';

const P = TRACKER_PATHS;
const listUrl = (userId: string, pageIndex: number | string = 1, pageSize: number | string = 10) =>
  `${P.listContentTrackings}?userId=${userId}&pageIndex=${pageIndex}&pageSize=${pageSize}`;

let t: TestApp;
let issuer: TestIssuer;
let a: TrackerTenant; // the tenant under test
let b: TrackerTenant; // another tenant, same issuer server, its own issuer path
let catA: TestCatalogue;
let catB: TestCatalogue;

beforeAll(async () => {
  t = await buildTestApp();
  issuer = await startTestIssuer();
  a = await createTrackerTenant(t, issuer);
  b = await createTrackerTenant(t, issuer);
  catA = await insertCatalogue(t.app.db, a.tenant.id, 5);
  catB = await insertCatalogue(t.app.db, b.tenant.id, 2);
});
afterAll(async () => {
  await t?.close();
  await issuer?.close();
});

const std = (cat: TestCatalogue, n: number) => cat.standards.get(`s-${n}`)!;
const offStates = async (ids: number[]) => {
  const { rows } = await t.app.db.query<{ id: number; tracking_off: boolean }>(
    'SELECT id, tracking_off FROM content_trackings WHERE id = ANY($1::bigint[]) ORDER BY id',
    [ids],
  );
  return rows.map((r) => r.tracking_off);
};
const rowCount = async (userId: string) => {
  const { rows } = await t.app.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM content_trackings WHERE user_id = $1',
    [userId],
  );
  return rows[0]!.n;
};
const expectError = (res: { statusCode: number; body: string; json(): unknown }, status: number) => {
  expect(res.statusCode).toBe(status);
  const body = errorEnvelope.parse(res.json());
  expect(body.status).toBe(String(status));
  expect(body.message.length).toBeGreaterThan(5);
  expect(leaksInternals(res.body)).toBe(false);
  return body;
};

describe('authentication (every call needs a token of the host tenant issuer)', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await a.createUser();
  });

  it('accepts a valid token and fetches the issuer keys over HTTP (then caches them)', async () => {
    const res = await a.call(user, { url: listUrl(user.id) });
    expect(res.statusCode).toBe(200);
    expect(issuer.requests()).toBeGreaterThan(0);
  });

  it('refuses a call without a token with 401 and a WWW-Authenticate challenge', async () => {
    const res = await a.call(null, { url: listUrl(user.id) });
    expectError(res, 401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it.each([
    ['a malformed Authorization header', async () => 'Basic abc'],
    [
      'an expired token',
      async () => `Bearer ${await a.token(user, {}, { expiresIn: Math.floor(Date.now() / 1000) - 120 })}`,
    ],
    [
      'a token signed with a key the issuer does not publish',
      async () => `Bearer ${await a.token(user, {}, { key: 'foreign' })}`,
    ],
    ['a token of another tenant issuer', async () => `Bearer ${await b.token(user)}`],
    ['a token for another audience', async () => `Bearer ${await a.token(user, { aud: 'api://other' })}`],
    [
      'a token issued to another client',
      async () => `Bearer ${await a.token(user, { cid: 'someone-else' })}`,
    ],
    ['a token without the openid scope', async () => `Bearer ${await a.token(user, { scp: ['profile'] })}`],
    [
      'an unsigned token',
      async () =>
        `Bearer ${new UnsecuredJWT({ iss: a.issuer, aud: 'api://default', sub: user.login, uid: user.id, cid: a.clientId, scp: ['openid'] }).setExpirationTime('5m').encode()}`,
    ],
    ['garbage', async () => 'Bearer not.a.jwt'],
  ])('refuses %s with 401', async (_what, header) => {
    const res = await t.app.inject({
      url: listUrl(user.id),
      headers: { host: a.host, authorization: await header() },
    });
    expectError(res, 401);
  });

  it("refuses a valid token of this issuer naming a user who is not this tenant's (401)", async () => {
    const stranger = { id: randomUUID(), login: 'nobody@example.test' };
    const res = await a.call(stranger, { url: listUrl(stranger.id) });
    expect(expectError(res, 401).message).toMatch(/not a user of this store/);
  });

  it("refuses a user of another tenant presenting that tenant's token on this host (cross-tenant, 401)", async () => {
    const other = await b.createUser();
    const res = await t.app.inject({
      url: listUrl(other.id),
      headers: { host: a.host, authorization: `Bearer ${await b.token(other)}` },
    });
    expectError(res, 401);
  });

  it('does not fall back to the login when the uid is one of our ids that does not exist (401)', async () => {
    const res = await a.call(user, {
      url: listUrl(user.id),
      token: await a.token(user, { uid: randomUUID() }),
    });
    expectError(res, 401);
  });

  it('finds the user by login when the issuer uid is not ours (a real Okta org)', async () => {
    const res = await a.call(user, {
      url: listUrl(user.id),
      token: await a.token(user, { uid: '00u1abcdEFGH' }),
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 404 for a host that is no store', async () => {
    const res = await t.app.inject({ url: listUrl(user.id), headers: { host: 'nowhere.localhost' } });
    expectError(res, 404);
  });

  it('checks the token before the request: no token and a bad query is still 401', async () => {
    expectError(await a.call(null, { url: listUrl('not-a-uuid', 0, 0) }), 401);
  });
});

describe(`GET ${P.listContentTrackings}`, () => {
  let user: TestUser;
  let ids: number[];
  beforeAll(async () => {
    user = await a.createUser();
    ids = await trackStandards(t.app.db, a.tenant.id, user.id, [
      std(catA, 1).id,
      std(catA, 2).id,
      std(catA, 3).id,
    ]);
  });

  it("answers the user's tracked standards newest first, in the spec's envelope and row shape", async () => {
    const res = await a.call(user, { url: listUrl(user.id) });
    expect(res.statusCode).toBe(200);
    const body = listContentTrackingsResponse.parse(res.json());
    expect(body.status).toBe('200');
    const data = body.responseData.value.trackingData;
    expect(data.totalElements).toBe(3);
    expect(data.contentTrackings.map((r) => r.contentTrackingId)).toEqual([ids[2], ids[1], ids[0]]);
    expect(data.contentTrackings[2]).toEqual({
      id: ids[0],
      contentTrackingId: ids[0],
      contentTrackingOff: false,
      content: {
        contentTitle: 'Standard Test Method number 1 for Tensile Properties',
        contentCode: 'PUB1-S1',
        displayDesignation: 'S1-24',
        assetId: 's-1',
      },
      data: { publisher: 'First Publisher', publisherCode: 'PUB1' },
      createdAt: '2025-01-01T00:00:00.000Z',
    });
  });

  it('pages 1-based with totalElements and totalPages', async () => {
    const p1 = (await a.call(user, { url: listUrl(user.id, 1, 2) })).json().responseData.value.trackingData;
    const p2 = (await a.call(user, { url: listUrl(user.id, 2, 2) })).json().responseData.value.trackingData;
    expect(p1.contentTrackings.map((r: { id: number }) => r.id)).toEqual([ids[2], ids[1]]);
    expect(p2.contentTrackings.map((r: { id: number }) => r.id)).toEqual([ids[0]]);
    expect([p1.totalElements, p1.totalPages, p2.pageIndex, p2.pageSize]).toEqual([3, 2, 2, 2]);
  });

  it('answers a page beyond the end with an empty list that keeps totalElements', async () => {
    const res = await a.call(user, { url: listUrl(user.id, 9, 10) });
    expect(res.statusCode).toBe(200);
    expect(res.json().responseData.value.trackingData).toMatchObject({
      contentTrackings: [],
      totalElements: 3,
    });
  });

  it('answers an empty list for a user who tracks nothing', async () => {
    const fresh = await a.createUser();
    const res = await a.call(fresh, { url: listUrl(fresh.id) });
    expect(res.json().responseData.value.trackingData).toMatchObject({
      contentTrackings: [],
      totalElements: 0,
      totalPages: 0,
    });
  });

  it('defaults to page 1 of 10 and accepts pageSize 100', async () => {
    const res = await a.call(user, { url: `${P.listContentTrackings}?userId=${user.id}` });
    expect(res.json().responseData.value.trackingData).toMatchObject({ pageIndex: 1, pageSize: 10 });
    expect((await a.call(user, { url: listUrl(user.id, 1, 100) })).statusCode).toBe(200);
  });

  it.each([
    ['pageSize 0', 1, 0],
    ['pageSize 101', 1, 101],
    ['pageSize -5', 1, -5],
    ['pageSize not a number', 1, 'ten'],
    ['pageSize 2.5', 1, 2.5],
    ['pageIndex 0 (it is 1-based)', 0, 10],
    ['pageIndex not a number', 'x', 10],
  ])('refuses %s with 400 naming the field', async (_what, pageIndex, pageSize) => {
    const res = await a.call(user, { url: listUrl(user.id, pageIndex, pageSize) });
    const body = expectError(res, 400);
    expect(body.issues?.[0]?.path).toMatch(/querystring\.page(Size|Index)/);
  });

  it.each([
    ['a missing userId', `${P.listContentTrackings}?pageIndex=1&pageSize=10`],
    ['a userId that is not a uuid', `${P.listContentTrackings}?userId=42&pageIndex=1&pageSize=10`],
  ])('refuses %s with 400', async (_what, url) => {
    expectError(await a.call(user, { url }), 400);
  });

  it("refuses another user's id with 403 and reads nothing", async () => {
    const other = await a.createUser();
    const res = await a.call(other, { url: listUrl(user.id) });
    expect(expectError(res, 403).error).toBe('forbidden');
    expect(res.body).not.toContain('Tensile');
  });

  it("cannot see another tenant's rows even for the same user id (cross-tenant)", async () => {
    const bUser = await b.createUser();
    await trackStandards(t.app.db, b.tenant.id, bUser.id, [std(catB, 1).id]);
    const res = await b.call(bUser, { url: listUrl(bUser.id) });
    expect(res.json().responseData.value.trackingData.totalElements).toBe(1);
    expectError(await a.call(bUser, { url: listUrl(bUser.id), token: await b.token(bUser) }), 401);
  });
});

describe(`PUT ${P.updateTracker} (spec §4: contentTrackingOff becomes !active)`, () => {
  let user: TestUser;
  let ids: number[];
  beforeAll(async () => {
    user = await a.createUser();
    ids = await trackStandards(t.app.db, a.tenant.id, user.id, [std(catA, 1).id, std(catA, 2).id]);
  });
  const put = (u: TestUser, query: string, payload: unknown) =>
    a.call(u, {
      method: 'PUT',
      url: `${P.updateTracker}?contentTrackingIds=${query}`,
      payload: payload as object,
    });

  it('active: false (the switch was on) switches tracking off: contentTrackingOff = true', async () => {
    const res = await put(user, `${ids[0]}`, { active: false, userId: user.id, pageIndex: 1, pageSize: 10 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: '200',
      responseData: {
        value: { contentTrackings: [{ contentTrackingId: ids[0], contentTrackingOff: true }] },
      },
    });
    expect(await offStates(ids)).toEqual([true, false]);
  });

  it('active: true (the switch was off) switches tracking on again: contentTrackingOff = false', async () => {
    const res = await put(user, `${ids[0]}`, { active: true });
    expect(res.json().responseData.value.contentTrackings[0].contentTrackingOff).toBe(false);
    expect(await offStates(ids)).toEqual([false, false]);
  });

  it('sets several rows at once and is idempotent (a set, not a toggle)', async () => {
    await put(user, ids.join(','), { active: false });
    await put(user, ids.join(','), { active: false });
    expect(await offStates(ids)).toEqual([true, true]);
    const list = (await a.call(user, { url: listUrl(user.id) })).json().responseData.value.trackingData;
    expect(list.contentTrackings.every((r: { contentTrackingOff: boolean }) => r.contentTrackingOff)).toBe(
      true,
    );
    await put(user, `${ids[0]}&contentTrackingIds=${ids[1]}`, { active: true }); // repeated parameter form
    expect(await offStates(ids)).toEqual([false, false]);
  });

  it("refuses ids that are not all the caller's (unknown, another user's) with 404 and changes nothing", async () => {
    const other = await a.createUser();
    const [otherId] = await trackStandards(t.app.db, a.tenant.id, other.id, [std(catA, 3).id]);
    expectError(await put(user, `${ids[0]},${otherId}`, { active: false }), 404);
    expectError(await put(user, `${ids[0]},999999999`, { active: false }), 404);
    expect(await offStates([ids[0]!, otherId!])).toEqual([false, false]);
  });

  it("refuses another tenant's rows (cross-tenant) with 404", async () => {
    const bUser = await b.createUser();
    const [bId] = await trackStandards(t.app.db, b.tenant.id, bUser.id, [std(catB, 2).id]);
    expectError(await put(user, `${bId}`, { active: false }), 404);
    expect(await offStates([bId!])).toEqual([false]);
  });

  it('refuses a body naming another user with 403 and changes nothing', async () => {
    const other = await a.createUser();
    expectError(await put(user, `${ids[0]}`, { active: false, userId: other.id }), 403);
    expect(await offStates(ids)).toEqual([false, false]);
  });

  it.each([
    ['ids that are not numbers', 'a,b', { active: true }],
    ['an empty id list', '', { active: true }],
    ['more than 100 ids', Array.from({ length: 101 }, (_, i) => i + 1).join(','), { active: true }],
    ['a missing active', '1', {}],
    ['active as a string', '1', { active: 'yes' }],
    ['pageSize 0 in the body', '1', { active: true, pageSize: 0 }],
  ])('refuses %s with 400', async (_what, query, payload) => {
    expectError(await put(user, query, payload), 400);
  });

  it('refuses a call without a token with 401', async () => {
    expectError(
      await a.call(null, {
        method: 'PUT',
        url: `${P.updateTracker}?contentTrackingIds=${ids[0]}`,
        payload: { active: false },
      }),
      401,
    );
    expect(await offStates(ids)).toEqual([false, false]);
  });
});

describe(`DELETE ${P.deleteTracker}`, () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await a.createUser();
  });
  const del = (u: TestUser, query: string, payload?: unknown) =>
    a.call(u, {
      method: 'DELETE',
      url: `${P.deleteTracker}${query}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it("deletes the caller's rows named in the query, answering status '200'", async () => {
    const ids = await trackStandards(t.app.db, a.tenant.id, user.id, [std(catA, 1).id, std(catA, 2).id]);
    const res = await del(user, `?contentTrackingIds=${ids.join(',')}`);
    expect(res.json()).toEqual({
      status: '200',
      responseData: { value: { deletedContentTrackingIds: ids } },
    });
    expect(await rowCount(user.id)).toBe(0);
  });

  it('accepts the body form of spec §7 (ids, userId, page)', async () => {
    const ids = await trackStandards(t.app.db, a.tenant.id, user.id, [std(catA, 3).id]);
    const res = await del(user, '', { contentTrackingIds: ids, userId: user.id, pageIndex: 1, pageSize: 10 });
    expect(res.json().status).toBe('200');
    expect(await rowCount(user.id)).toBe(0);
  });

  it("refuses unknown or other users' ids with 404 and deletes nothing", async () => {
    const [mine] = await trackStandards(t.app.db, a.tenant.id, user.id, [std(catA, 4).id]);
    const other = await a.createUser();
    const [theirs] = await trackStandards(t.app.db, a.tenant.id, other.id, [std(catA, 4).id]);
    expectError(await del(user, `?contentTrackingIds=${mine},${theirs}`), 404);
    expectError(await del(user, `?contentTrackingIds=${mine},123456789`), 404);
    expect(await rowCount(user.id)).toBe(1);
    expect(await rowCount(other.id)).toBe(1);
  });

  it('refuses a body naming another user with 403', async () => {
    const other = await a.createUser();
    expectError(await del(user, '', { contentTrackingIds: [1], userId: other.id }), 403);
  });

  it.each([
    ['no ids at all', '', undefined],
    ['ids that differ between query and body', '?contentTrackingIds=1,2', { contentTrackingIds: [3] }],
    ['a bad id list', '?contentTrackingIds=1;DROP', undefined],
    ['an empty body id list', '', { contentTrackingIds: [] }],
  ])('refuses %s with 400', async (_what, query, payload) => {
    expectError(await del(user, query, payload), 400);
  });
});

describe(`POST ${P.createTracker} (beyond the spec)`, () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await a.createUser();
  });
  const create = (u: TestUser, payload: unknown) =>
    a.call(u, { method: 'POST', url: P.createTracker, payload: payload as object });

  it('tracks a standard by asset id, and a second call makes no second row', async () => {
    const first = await create(user, { assetId: 's-2' });
    expect(first.statusCode).toBe(200);
    expect(first.json().responseData.value).toMatchObject({
      created: true,
      contentTracking: {
        contentTrackingOff: false,
        content: { assetId: 's-2', displayDesignation: 'S2-24' },
      },
    });
    const again = await create(user, { assetId: 's-2', userId: user.id });
    expect(again.json().responseData.value.created).toBe(false);
    expect(again.json().responseData.value.contentTracking.id).toBe(
      first.json().responseData.value.contentTracking.id,
    );
    expect(await rowCount(user.id)).toBe(1);
  });

  it('tracks by content code too', async () => {
    const res = await create(user, { contentCode: 'PUB1-S5' });
    expect(res.json().responseData.value.contentTracking.content.assetId).toBe('s-5');
  });

  it("refuses a standard of another tenant's catalogue (404)", async () => {
    await t.app.db.query(
      `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code, committee_designation, status, edition, published_on)
       VALUES ($1, 'only-in-b', 'B-ONLY', 'B1-24', 'Only in B', 'PUB1', 'D20', 'active', '2024', '2024-01-01')`,
      [b.tenant.id],
    );
    expectError(await create(user, { assetId: 'only-in-b' }), 404);
  });

  it.each([
    ['neither assetId nor contentCode', {}],
    ['both assetId and contentCode', { assetId: 's-1', contentCode: 'PUB1-S1' }],
    ['an empty assetId', { assetId: '' }],
  ])('refuses %s with 400', async (_what, payload) => {
    expectError(await create(user, payload), 400);
  });

  it('refuses another user id with 403 and adds nothing', async () => {
    const other = await a.createUser();
    expectError(await create(user, { assetId: 's-3', userId: other.id }), 403);
    expect(await rowCount(other.id)).toBe(0);
  });
});

describe('content-source tracking', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await a.createUser();
  });
  const get = (u: TestUser, id = u.id) => a.call(u, { url: `${P.listSourceTrackings}?userId=${id}` });
  const set = (u: TestUser, payload: unknown) =>
    a.call(u, { method: 'POST', url: P.createTrackerSource, payload: payload as object });
  const sources = (res: { json(): unknown }) => {
    const body = (res.json() as { responseData: { value: unknown } }).responseData.value;
    const parsed = contentSourceTrackings.parse(body);
    return Object.fromEntries(
      parsed.contentSourceTrackings.map((s) => [s.trackingType, Object.values(s.data)[0]]),
    );
  };

  it('answers all four kinds, empty, for a new user (work items "false")', async () => {
    const res = await get(user);
    expect(res.statusCode).toBe(200);
    expect(res.json().responseData.value.contentSourceTrackings).toEqual([
      { applicationCode: 'TRACKER', trackingType: 'COMMITTEE', data: { committees: [] } },
      { applicationCode: 'TRACKER', trackingType: 'INDUSTRYAREA', data: { industryAreas: [] } },
      { applicationCode: 'TRACKER', trackingType: 'PUBLISHERS', data: { publishers: [] } },
      { applicationCode: 'TRACKER', trackingType: 'WORKITEM', data: { workItems: ['false'] } },
    ]);
  });

  it('sets each kind to exactly the given list, idempotently', async () => {
    const payload = {
      applicationCode: 'TRACKER',
      trackingDetails: [
        { trackingType: 'COMMITTEE', data: ['D30', 'D20'] },
        { trackingType: 'INDUSTRYAREA', data: ['IA-PLA'] },
        { trackingType: 'PUBLISHERS', data: ['PUB2'] },
        { trackingType: 'WORKITEM', data: ['true'] },
      ],
    };
    const res = await set(user, payload);
    expect(res.statusCode).toBe(200);
    const expected = {
      COMMITTEE: ['D20', 'D30'],
      INDUSTRYAREA: ['IA-PLA'],
      PUBLISHERS: ['PUB2'],
      WORKITEM: ['true'],
    };
    expect(sources(res)).toEqual(expected);
    expect(sources(await set(user, payload))).toEqual(expected);
    expect(sources(await get(user))).toEqual(expected);
  });

  it('removes an item when the list leaves it out, and leaves other kinds alone', async () => {
    const res = await set(user, {
      applicationCode: 'TRACKER',
      trackingDetails: [
        { trackingType: 'COMMITTEE', data: ['D20'] },
        { trackingType: 'WORKITEM', data: ['false'] },
      ],
    });
    expect(sources(res)).toEqual({
      COMMITTEE: ['D20'],
      INDUSTRYAREA: ['IA-PLA'],
      PUBLISHERS: ['PUB2'],
      WORKITEM: ['false'],
    });
  });

  it("refuses unknown designations and codes (including another tenant's) with 400 and changes nothing", async () => {
    await t.app.db.query(
      `INSERT INTO committees (tenant_id, designation, title, publisher_code) VALUES ($1, 'B99', 'Only in B', 'PUB1')`,
      [b.tenant.id],
    );
    const res = await set(user, {
      applicationCode: 'TRACKER',
      trackingDetails: [
        { trackingType: 'COMMITTEE', data: ['D20', 'B99'] },
        { trackingType: 'INDUSTRYAREA', data: ['NOPE'] },
        { trackingType: 'PUBLISHERS', data: ['ZZZ'] },
      ],
    });
    const body = expectError(res, 400);
    expect(body.issues?.map((i) => i.message)).toEqual([
      'unknown committee designations: B99',
      'unknown industry-area marketing codes: NOPE',
      'unknown publisher codes: ZZZ',
    ]);
    expect(sources(await get(user)).COMMITTEE).toEqual(['D20']);
  });

  it.each([
    [
      'another application code',
      { applicationCode: 'COMPASS', trackingDetails: [{ trackingType: 'COMMITTEE', data: [] }] },
    ],
    [
      'an unknown tracking type',
      { applicationCode: 'TRACKER', trackingDetails: [{ trackingType: 'STANDARD', data: [] }] },
    ],
    [
      'a work-item value other than true/false',
      { applicationCode: 'TRACKER', trackingDetails: [{ trackingType: 'WORKITEM', data: ['yes'] }] },
    ],
    [
      'the same kind twice',
      {
        applicationCode: 'TRACKER',
        trackingDetails: [
          { trackingType: 'COMMITTEE', data: [] },
          { trackingType: 'COMMITTEE', data: ['D20'] },
        ],
      },
    ],
    ['no tracking details', { applicationCode: 'TRACKER', trackingDetails: [] }],
    [
      'data that is not a list',
      { applicationCode: 'TRACKER', trackingDetails: [{ trackingType: 'COMMITTEE', data: 'D20' }] },
    ],
  ])('refuses %s with 400', async (_what, payload) => {
    expectError(await set(user, payload), 400);
  });

  it("refuses to read or set another user's sources (403)", async () => {
    const other = await a.createUser();
    expectError(await get(other, user.id), 403);
    expectError(
      await set(other, {
        applicationCode: 'TRACKER',
        userId: user.id,
        trackingDetails: [{ trackingType: 'COMMITTEE', data: [] }],
      }),
      403,
    );
    expect(sources(await get(user)).COMMITTEE).toEqual(['D20']);
  });

  it('refuses calls without a token (401)', async () => {
    expectError(await a.call(null, { url: `${P.listSourceTrackings}?userId=${user.id}` }), 401);
  });
});

describe(`GET ${P.industryAreas}`, () => {
  it("answers the tenant's industry areas as {marketing_code, code_name}, by name", async () => {
    const user = await a.createUser();
    const res = await a.call(user, { url: P.industryAreas });
    expect(res.json()).toEqual({
      status: '200',
      responseData: {
        value: [
          { marketing_code: 'IA-CON', code_name: 'Construction' },
          { marketing_code: 'IA-PLA', code_name: 'Plastics and Polymers' },
        ],
      },
    });
  });

  it('answers an empty list for a store without a catalogue', async () => {
    const empty = await createTrackerTenant(t, issuer);
    const user = await empty.createUser();
    expect((await empty.call(user, { url: P.industryAreas })).json().responseData.value).toEqual([]);
  });

  it('needs a token (401)', async () => {
    expectError(await a.call(null, { url: P.industryAreas }), 401);
  });
});

describe(`PUT ${P.unsubscribe}`, () => {
  const setAll = (u: TestUser) =>
    a.call(u, {
      method: 'POST',
      url: P.createTrackerSource,
      payload: {
        applicationCode: 'TRACKER',
        trackingDetails: [
          { trackingType: 'COMMITTEE', data: ['D20'] },
          { trackingType: 'INDUSTRYAREA', data: ['IA-CON'] },
          { trackingType: 'PUBLISHERS', data: ['PUB1'] },
          { trackingType: 'WORKITEM', data: ['true'] },
        ],
      },
    });
  const sourceRows = async (userId: string) =>
    (
      await t.app.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM source_trackings WHERE user_id = $1',
        [userId],
      )
    ).rows[0]!.n;

  it('clears committee, industry, publisher and work-item sources, records the unsubscribe, keeps tracked standards', async () => {
    const user = await a.createUser();
    await setAll(user);
    await trackStandards(t.app.db, a.tenant.id, user.id, [std(catA, 1).id]);
    expect(await sourceRows(user.id)).toBe(4);
    const res = await a.call(user, {
      method: 'PUT',
      url: `${P.unsubscribe}?userId=${user.id}&applicationCode=TRACKER,COMPASS,SB,PUB`,
    });
    expect(res.json()).toEqual({
      status: '200',
      responseData: { value: { applicationCodes: ['TRACKER', 'COMPASS', 'SB', 'PUB'], clearedSources: 4 } },
    });
    expect(await sourceRows(user.id)).toBe(0);
    expect(await rowCount(user.id)).toBe(1);
    expect(await isUnsubscribed(t.app.db, a.tenant.id, user.id, 'TRACKER')).toBe(true);
    expect(await isUnsubscribed(t.app.db, a.tenant.id, user.id, 'PUB')).toBe(true);
  });

  it('accepts the body form, and tracking again lifts the unsubscribe', async () => {
    const user = await a.createUser();
    await setAll(user);
    const res = await a.call(user, { method: 'PUT', url: P.unsubscribe, payload: { userId: user.id } });
    expect(res.json().status).toBe('200');
    expect(await isUnsubscribed(t.app.db, a.tenant.id, user.id)).toBe(true);
    await setAll(user);
    expect(await isUnsubscribed(t.app.db, a.tenant.id, user.id)).toBe(false);
  });

  it("refuses another user's id with 403 and clears nothing", async () => {
    const user = await a.createUser();
    const other = await a.createUser();
    await setAll(user);
    expectError(await a.call(other, { method: 'PUT', url: `${P.unsubscribe}?userId=${user.id}` }), 403);
    expectError(
      await a.call(other, { method: 'PUT', url: P.unsubscribe, payload: { userId: user.id } }),
      403,
    );
    expect(await sourceRows(user.id)).toBe(4);
    expect(await isUnsubscribed(t.app.db, a.tenant.id, user.id)).toBe(false);
  });

  it.each([
    ['an unknown application code', `applicationCode=TRACKER,NEWS`],
    ['a malformed list', `applicationCode=tracker;`],
    ['a bad userId', `userId=abc`],
  ])('refuses %s with 400', async (_what, query) => {
    const user = await a.createUser();
    expectError(await a.call(user, { method: 'PUT', url: `${P.unsubscribe}?${query}` }), 400);
  });
});

describe(`GET ${P.featureFlags}`, () => {
  it("answers the tenant's feature flags, including the translation switch", async () => {
    const flagged = await createTrackerTenant(t, issuer, {
      featureFlags: {
        enable_resolver_DP_for_content: { enabled: true },
        track_by_publishers: { enabled: true },
        enable_translation: { enabled: false },
      },
    });
    const user = await flagged.createUser();
    const res = await flagged.call(user, { url: P.featureFlags });
    expect(res.json()).toEqual({
      status: '200',
      responseData: {
        value: {
          enable_resolver_DP_for_content: { enabled: true },
          track_by_publishers: { enabled: true },
          enable_translation: { enabled: false },
        },
      },
    });
    const other = await a.createUser();
    expect(
      (await a.call(other, { url: P.featureFlags })).json().responseData.value.track_by_publishers.enabled,
    ).toBe(false);
  });

  it('needs a token (401)', async () => {
    expectError(await a.call(null, { url: P.featureFlags }), 401);
  });
});
