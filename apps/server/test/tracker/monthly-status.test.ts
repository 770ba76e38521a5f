import { MONTHLY_STATUS_PATH, NOTIFICATION_FREQUENCY_PATH } from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../support/tracker-fixtures.ts';
import { a, b, expectError, t, useTrackerWorld } from '../support/tracker-world.ts';

/** The opt-in monthly "status of your list" report, its API. */
useTrackerWorld();

const get = (u: TestUser, id = u.id) => a.call(u, { url: `${MONTHLY_STATUS_PATH}?userId=${id}` });
const put = (u: TestUser, payload: unknown) =>
  a.call(u, { method: 'PUT', url: MONTHLY_STATUS_PATH, payload: payload as object });
const value = (res: { json(): unknown }) =>
  (res.json() as { responseData: { value: unknown } }).responseData.value;
const schedule = async (userId: string) =>
  (
    await t.app.db.query(
      `SELECT frequency, hour, time_zone, status_report_since IS NOT NULL AS on
         FROM notification_schedules WHERE user_id = $1`,
      [userId],
    )
  ).rows;

describe('monthly status report: the API', () => {
  it('off by default; turned on with the browser’s zone it keeps instant e-mails, and turns off again', async () => {
    const user = await a.createUser();
    expect(value(await get(user))).toEqual({ enabled: false, hour: 8, timeZone: null });
    const on = await put(user, { userId: user.id, enabled: true, timeZone: 'asia/tokyo' });
    expect(on.statusCode).toBe(200);
    expect(value(on)).toEqual({ enabled: true, hour: 8, timeZone: 'Asia/Tokyo' });
    expect(value(await get(user))).toEqual({ enabled: true, hour: 8, timeZone: 'Asia/Tokyo' });
    expect(await schedule(user.id)).toEqual([
      { frequency: 'instant', hour: 8, time_zone: 'Asia/Tokyo', on: true },
    ]);
    const frequency = await a.call(user, { url: `${NOTIFICATION_FREQUENCY_PATH}?userId=${user.id}` });
    expect(value(frequency)).toMatchObject({ frequency: 'instant', timeZone: 'Asia/Tokyo' });
    const off = await put(user, { userId: user.id, enabled: false, timeZone: 'Asia/Tokyo' });
    expect(value(off)).toEqual({ enabled: false, hour: 8, timeZone: 'Asia/Tokyo' });
  });

  it('a user with a digest keeps its hour and zone (the report follows them)', async () => {
    const user = await a.createUser();
    const digest = {
      userId: user.id,
      frequency: 'daily',
      hour: 18,
      weekday: 1,
      timeZone: 'America/New_York',
    };
    expect(
      (await a.call(user, { method: 'PUT', url: NOTIFICATION_FREQUENCY_PATH, payload: digest })).statusCode,
    ).toBe(200);
    const on = await put(user, { userId: user.id, enabled: true, timeZone: 'Europe/Madrid' });
    expect(value(on)).toEqual({ enabled: true, hour: 18, timeZone: 'America/New_York' });
    expect(await schedule(user.id)).toEqual([
      { frequency: 'daily', hour: 18, time_zone: 'America/New_York', on: true },
    ]);
  });

  it('bad values are a 400 naming the field and change nothing', async () => {
    const user = await a.createUser();
    const good = { userId: user.id, enabled: true, timeZone: 'Europe/Madrid' };
    const bad: Array<[string, object]> = [
      ['timeZone', { ...good, timeZone: 'Mars/Olympus_Mons' }],
      ['timeZone', { ...good, timeZone: 'Europe/Madrid\u0000' }],
      ['timeZone', { ...good, timeZone: 'x'.repeat(10_000) }],
      ['timeZone', { userId: user.id, enabled: true }],
      ['enabled', { ...good, enabled: 'yes' }],
      ['enabled', { ...good, enabled: 1 }],
      ['enabled', { userId: user.id, timeZone: 'UTC' }],
      ['userId', { ...good, userId: 'not-a-uuid\u0000' }],
      ['hour', { ...good, hour: 7 }],
    ];
    for (const [field, payload] of bad) {
      const body = expectError(await put(user, payload), 400);
      expect(JSON.stringify(body)).toContain(field);
    }
    expectError(await a.call(user, { url: `${MONTHLY_STATUS_PATH}` }), 400);
    expect(await schedule(user.id)).toEqual([]);
  });

  it('another user’s id is 403, no token 401, another store’s host 401: nothing read or changed', async () => {
    const user = await a.createUser();
    const other = await a.createUser();
    expectError(await get(user, other.id), 403);
    expectError(await put(user, { userId: other.id, enabled: true, timeZone: 'UTC' }), 403);
    expectError(await a.call(null, { url: `${MONTHLY_STATUS_PATH}?userId=${user.id}` }), 401);
    expectError(
      await a.call(null, {
        method: 'PUT',
        url: MONTHLY_STATUS_PATH,
        payload: { userId: user.id, enabled: true, timeZone: 'UTC' },
      }),
      401,
    );
    const foreign = await b.call(null, {
      method: 'PUT',
      url: MONTHLY_STATUS_PATH,
      token: await a.token(user),
      payload: { userId: user.id, enabled: true, timeZone: 'UTC' },
    });
    expectError(foreign, 401);
    const foreignRead = await b.call(null, {
      url: `${MONTHLY_STATUS_PATH}?userId=${user.id}`,
      token: await a.token(user),
    });
    expectError(foreignRead, 401);
    expect(await schedule(other.id)).toEqual([]);
    expect(await schedule(user.id)).toEqual([]);
  });
});
