import {
  CATALOG_EVENT_KINDS,
  type CatalogEvent,
  CHANGE_KIND_CHOICES,
  CHOICE_OF_EVENT_KIND,
  DEFAULT_KIND_CHOICES,
  NOTIFICATION_PREFERENCES_PATH,
} from '@trackwell/contracts';
import { applyCatalogEvent } from '@trackwell/db';
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../support/tracker-fixtures.ts';
import { a, b, catA, expectError, P, std, t, useTrackerWorld } from '../support/tracker-world.ts';

/** Which kinds of change a user is told about, globally and per source; the matching obeys. */
useTrackerWorld();

const ALL_RULES = { standard: true, committee: true, industryArea: true, publisher: true, workItem: true };
const get = (u: TestUser, id = u.id) => a.call(u, { url: `${NOTIFICATION_PREFERENCES_PATH}?userId=${id}` });
const put = (u: TestUser, payload: unknown) =>
  a.call(u, { method: 'PUT', url: NOTIFICATION_PREFERENCES_PATH, payload: payload as object });
const value = (res: { json(): unknown }) =>
  (res.json() as { responseData: { value: unknown } }).responseData.value;
const trackSources = (u: TestUser, committees: string[], publishers: string[] = []) =>
  a.call(u, {
    method: 'POST',
    url: P.createTrackerSource,
    payload: {
      applicationCode: 'TRACKER',
      trackingDetails: [
        { trackingType: 'COMMITTEE', data: committees },
        { trackingType: 'PUBLISHERS', data: publishers },
      ],
    },
  });
let eventNo = 0;
/** Publishes an event about standard s-n and answers the reasons each of `users` was matched by. */
async function publish(type: 'amendment' | 'withdrawal' | 'reaffirmation', n: number, users: TestUser[]) {
  const event = {
    id: `pref-${++eventNo}`,
    type,
    standard: { assetId: std(catA, n).assetId },
  } as CatalogEvent;
  const applied = await applyCatalogEvent(t.app.db, a.tenant.id, event, { source: 'api', rules: ALL_RULES });
  expect(applied.result.outcome).toBe('applied');
  const { rows } = await t.app.db.query<{ user_id: string; reasons: Array<{ type: string }> }>(
    'SELECT user_id, reasons FROM notification_deliveries WHERE event_id = $1',
    [applied.eventId],
  );
  return users.map((u) => (rows.find((r) => r.user_id === u.id)?.reasons ?? []).map((r) => r.type).sort());
}

describe('notification preferences: the API', () => {
  it('a new user is told about every kind but informative citations; the sources they track are listed, following their choice', async () => {
    const user = await a.createUser();
    expect(value(await get(user))).toEqual({ kinds: [...DEFAULT_KIND_CHOICES], sources: [] });
    expect((await trackSources(user, ['D30', 'D20'], ['PUB1'])).statusCode).toBe(200);
    expect(value(await get(user))).toEqual({
      kinds: [...DEFAULT_KIND_CHOICES],
      sources: [
        { type: 'COMMITTEE', value: 'D20', kinds: null },
        { type: 'COMMITTEE', value: 'D30', kinds: null },
        { type: 'PUBLISHERS', value: 'PUB1', kinds: null },
      ],
    });
  });

  it('saves the kinds and a source’s own kinds, keeps them when the tracker sets its sources again, and null restores the user’s', async () => {
    const user = await a.createUser();
    await trackSources(user, ['D20', 'D30']);
    const saved = await put(user, {
      userId: user.id,
      kinds: ['withdrawal', 'new_edition', 'amendment'],
      sources: [{ type: 'COMMITTEE', value: 'D20', kinds: ['withdrawal'] }],
    });
    expect(saved.statusCode).toBe(200);
    const expected = {
      kinds: ['new_edition', 'amendment', 'withdrawal'], // in the list's order
      sources: [
        { type: 'COMMITTEE', value: 'D20', kinds: ['withdrawal'] },
        { type: 'COMMITTEE', value: 'D30', kinds: null },
      ],
    };
    expect(value(saved)).toEqual(expected);
    expect(value(await get(user))).toEqual(expected);
    await trackSources(user, ['D20']); // the tracker page drops D30 and keeps D20 as it was
    expect(value(await get(user))).toEqual({ ...expected, sources: [expected.sources[0]] });
    const back = await put(user, {
      userId: user.id,
      kinds: ['withdrawal'],
      sources: [{ type: 'COMMITTEE', value: 'D20', kinds: null }],
    });
    expect(value(back)).toEqual({
      kinds: ['withdrawal'],
      sources: [{ type: 'COMMITTEE', value: 'D20', kinds: null }],
    });
  });

  it.each([
    ['no kind at all', { kinds: [] }],
    ['an unknown kind', { kinds: ['everything'] }],
    ['a kind twice', { kinds: ['withdrawal', 'withdrawal'] }],
    ['kinds that are not a list', { kinds: 'withdrawal' }],
    [
      'a source of a kind that cannot be narrowed',
      { sources: [{ type: 'WORKITEM', value: 'true', kinds: null }] },
    ],
    ['a source value with a NUL byte', { sources: [{ type: 'COMMITTEE', value: 'D2\u00000', kinds: null }] }],
    [
      'a source value of 10,000 characters',
      { sources: [{ type: 'COMMITTEE', value: 'D'.repeat(10_000), kinds: null }] },
    ],
    [
      'a source named twice',
      {
        sources: [
          { type: 'COMMITTEE', value: 'D20', kinds: null },
          { type: 'COMMITTEE', value: 'D20', kinds: ['withdrawal'] },
        ],
      },
    ],
    [
      'a source the user does not track',
      { sources: [{ type: 'COMMITTEE', value: 'D30', kinds: ['withdrawal'] }] },
    ],
    ['an unknown field', { everything: true }],
  ])('%s: 400, and nothing changes', async (_name, patch) => {
    const user = await a.createUser();
    await trackSources(user, ['D20']);
    const res = await put(user, { userId: user.id, kinds: ['amendment'], sources: [], ...patch });
    const body = expectError(res, 400);
    expect(body.issues?.length ?? 0).toBeGreaterThan(0);
    expect(value(await get(user))).toEqual({
      kinds: [...DEFAULT_KIND_CHOICES],
      sources: [{ type: 'COMMITTEE', value: 'D20', kinds: null }],
    });
  });

  it('another user’s id is 403, no token 401, another store’s host 401: nothing read or changed', async () => {
    const user = await a.createUser();
    const other = await a.createUser();
    expectError(await get(user, other.id), 403);
    expectError(await put(user, { userId: other.id, kinds: ['withdrawal'], sources: [] }), 403);
    expectError(await a.call(null, { url: `${NOTIFICATION_PREFERENCES_PATH}?userId=${user.id}` }), 401);
    const foreign = await b.call(null, {
      url: `${NOTIFICATION_PREFERENCES_PATH}?userId=${user.id}`,
      token: await a.token(user),
    });
    expectError(foreign, 401);
    expect(value(await get(other))).toEqual({ kinds: [...DEFAULT_KIND_CHOICES], sources: [] });
  });
});

describe('notification preferences: the matching obeys them', () => {
  it('every event kind falls under one of the kinds a user chooses from; the others are about citations', () => {
    const citations = ['cited_change', 'cited_informative'];
    expect(new Set(CATALOG_EVENT_KINDS.map((k) => CHOICE_OF_EVENT_KIND[k]))).toEqual(
      new Set(CHANGE_KIND_CHOICES.filter((k) => !citations.includes(k))),
    );
  });

  it('a "withdrawals only" committee gets a withdrawal and not an amendment; a second source still brings the amendment', async () => {
    const onlyCommittee = await a.createUser();
    const alsoPublisher = await a.createUser();
    const everything = await a.createUser();
    await trackSources(onlyCommittee, ['D20']);
    await trackSources(alsoPublisher, ['D20'], ['PUB1']);
    await trackSources(everything, ['D20']);
    for (const u of [onlyCommittee, alsoPublisher])
      expect(
        (
          await put(u, {
            userId: u.id,
            kinds: [...CHANGE_KIND_CHOICES],
            sources: [{ type: 'COMMITTEE', value: 'D20', kinds: ['withdrawal'] }],
          })
        ).statusCode,
      ).toBe(200);
    // s-1 is committee D20, publisher PUB1
    expect(await publish('amendment', 1, [onlyCommittee, alsoPublisher, everything])).toEqual([
      [],
      ['PUBLISHERS'],
      ['COMMITTEE'],
    ]);
    expect(await publish('withdrawal', 1, [onlyCommittee, alsoPublisher, everything])).toEqual([
      ['COMMITTEE'],
      ['COMMITTEE', 'PUBLISHERS'],
      ['COMMITTEE'],
    ]);
  });

  it('the user’s own kinds hold for a tracked standard and for sources without their own', async () => {
    const user = await a.createUser();
    await trackSources(user, ['D20']);
    await put(user, { userId: user.id, kinds: ['reaffirmation'], sources: [] });
    expect(await publish('amendment', 3, [user])).toEqual([[]]);
    expect(await publish('reaffirmation', 3, [user])).toEqual([['COMMITTEE']]);
  });
});
