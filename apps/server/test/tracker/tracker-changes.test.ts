import { beforeAll, describe, expect, it } from 'vitest';
import { type TestUser, trackStandards } from '../support/tracker-fixtures.ts';
import { a, b, catA, expectError, P, rowCount, std, t, useTrackerWorld } from '../support/tracker-world.ts';

/** Removing and adding tracked standards (spec §4, §7; create-tracker beyond the spec). */
useTrackerWorld();

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
