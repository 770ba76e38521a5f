import { NOTIFICATION_FREQUENCY_PATH } from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../support/tracker-fixtures.ts';
import { a, b, expectError, t, useTrackerWorld } from '../support/tracker-world.ts';

/** How often a user is e-mailed: instant, daily or weekly at the user's hour (and weekday) in their time zone. */
useTrackerWorld();

const get = (u: TestUser, id = u.id) => a.call(u, { url: `${NOTIFICATION_FREQUENCY_PATH}?userId=${id}` });
const put = (u: TestUser, payload: unknown) =>
  a.call(u, { method: 'PUT', url: NOTIFICATION_FREQUENCY_PATH, payload: payload as object });
const value = (res: { json(): unknown }) =>
  (res.json() as { responseData: { value: unknown } }).responseData.value;
const schedule = async (userId: string) =>
  (
    await t.app.db.query(
      'SELECT frequency, hour, weekday, time_zone FROM notification_schedules WHERE user_id = $1',
      [userId],
    )
  ).rows;

describe('notification frequency: the API', () => {
  it.each([
    ['Asia/Calcutta', 'Asia/Kolkata'],
    ['Asia/Saigon', 'Asia/Ho_Chi_Minh'],
    ['Europe/Kiev', 'Europe/Kyiv'],
    ['Etc/UTC', 'UTC'],
  ])('an old zone name %s is saved under its current name %s', async (given, stored) => {
    const user = await a.createUser();
    const saved = await put(user, {
      userId: user.id,
      frequency: 'daily',
      hour: 8,
      weekday: 1,
      timeZone: given,
    });
    expect(value(saved)).toMatchObject({ timeZone: stored });
    expect(await schedule(user.id)).toEqual([{ frequency: 'daily', hour: 8, weekday: 1, time_zone: stored }]);
  });

  it('a new user is instant with no time zone yet; a daily choice is saved and read back', async () => {
    const user = await a.createUser();
    expect(value(await get(user))).toEqual({ frequency: 'instant', hour: 8, weekday: 1, timeZone: null });
    const saved = await put(user, {
      userId: user.id,
      frequency: 'daily',
      hour: 7,
      weekday: 1,
      timeZone: 'asia/tokyo',
    });
    expect(saved.statusCode).toBe(200);
    const expected = { frequency: 'daily', hour: 7, weekday: 1, timeZone: 'Asia/Tokyo' }; // canonical spelling
    expect(value(saved)).toEqual(expected);
    expect(value(await get(user))).toEqual(expected);
    const weekly = await put(user, {
      userId: user.id,
      frequency: 'weekly',
      hour: 18,
      weekday: 5,
      timeZone: 'America/New_York',
    });
    expect(value(weekly)).toEqual({
      frequency: 'weekly',
      hour: 18,
      weekday: 5,
      timeZone: 'America/New_York',
    });
  });

  it('bad values are a 400 naming the field and change nothing', async () => {
    const user = await a.createUser();
    const good = { userId: user.id, frequency: 'daily', hour: 8, weekday: 1, timeZone: 'Europe/Madrid' };
    const bad: Array<[string, object]> = [
      ['timeZone', { ...good, timeZone: 'Mars/Olympus_Mons' }],
      ['timeZone', { ...good, timeZone: 'Europe/Madrid\u0000' }],
      ['timeZone', { ...good, timeZone: 'x'.repeat(10_000) }],
      ['hour', { ...good, hour: 24 }],
      ['hour', { ...good, hour: 7.5 }],
      ['weekday', { ...good, weekday: 7 }],
      ['frequency', { ...good, frequency: 'hourly' }],
      ['frequency', { userId: user.id, hour: 8, weekday: 1, timeZone: 'UTC' }],
    ];
    for (const [field, payload] of bad) {
      const body = expectError(await put(user, payload), 400);
      expect(JSON.stringify(body)).toContain(field);
    }
    expect(await schedule(user.id)).toEqual([]);
  });

  it('another user’s id is 403, no token 401, another store’s host 401: nothing read or changed', async () => {
    const user = await a.createUser();
    const other = await a.createUser();
    expectError(await get(user, other.id), 403);
    expectError(
      await put(user, { userId: other.id, frequency: 'daily', hour: 8, weekday: 1, timeZone: 'UTC' }),
      403,
    );
    expectError(await a.call(null, { url: `${NOTIFICATION_FREQUENCY_PATH}?userId=${user.id}` }), 401);
    const foreign = await b.call(null, {
      method: 'PUT',
      url: NOTIFICATION_FREQUENCY_PATH,
      token: await a.token(user),
      payload: { userId: user.id, frequency: 'daily', hour: 8, weekday: 1, timeZone: 'UTC' },
    });
    expectError(foreign, 401);
    expect(await schedule(other.id)).toEqual([]);
    expect(await schedule(user.id)).toEqual([]);
  });
});
