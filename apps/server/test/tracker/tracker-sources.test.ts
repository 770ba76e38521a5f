import { contentSourceTrackings } from '@trackwell/contracts';
import { isUnsubscribed } from '@trackwell/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTrackerTenant, type TestUser, trackStandards } from '../support/tracker-fixtures.ts';
import {
  a,
  b,
  catA,
  expectError,
  issuer,
  P,
  rowCount,
  std,
  t,
  useTrackerWorld,
} from '../support/tracker-world.ts';

/** Content-source tracking, the industry areas, the unsubscribe and the feature flags (spec §3, §4, §7). */
useTrackerWorld();

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
        user_webhooks: { enabled: false },
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
          user_webhooks: { enabled: false },
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
