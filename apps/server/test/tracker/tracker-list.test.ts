import { listContentTrackingsResponse } from '@trackwell/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestUser, trackStandards } from '../support/tracker-fixtures.ts';
import {
  a,
  b,
  catA,
  catB,
  expectError,
  listUrl,
  offStates,
  P,
  std,
  t,
  useTrackerWorld,
} from '../support/tracker-world.ts';

/** The tracked-standards list and switching tracking on or off (spec §3, §4, §7). */
useTrackerWorld();

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
      // The test catalogue's publisher has no review-forecast rule (tracker-forecasts.test.ts has those that do).
      reviewForecast: null,
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
