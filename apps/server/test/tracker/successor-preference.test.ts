import { SUCCESSOR_PREFERENCE_PATH } from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../support/tracker-fixtures.ts';
import { a, b, expectError, useTrackerWorld } from '../support/tracker-world.ts';

/** "Follow successors automatically", the user's own choice, off until chosen. */
useTrackerWorld();

const get = (u: TestUser, id = u.id) => a.call(u, { url: `${SUCCESSOR_PREFERENCE_PATH}?userId=${id}` });
const put = (u: TestUser, payload: unknown) =>
  a.call(u, { method: 'PUT', url: SUCCESSOR_PREFERENCE_PATH, payload: payload as object });
const value = (res: { json(): unknown }) =>
  (res.json() as { responseData: { value: unknown } }).responseData.value;

describe('successor preference: the API', () => {
  it('is off for a new user, and on and off again as saved', async () => {
    const user = await a.createUser();
    expect(value(await get(user))).toEqual({ followAutomatically: false });
    const on = await put(user, { userId: user.id, followAutomatically: true });
    expect(on.statusCode).toBe(200);
    expect(value(on)).toEqual({ followAutomatically: true });
    expect(value(await get(user))).toEqual({ followAutomatically: true });
    expect(value(await put(user, { userId: user.id, followAutomatically: false }))).toEqual({
      followAutomatically: false,
    });
  });

  it.each([
    ['a string for the choice', { followAutomatically: 'yes' }, /followAutomatically/],
    ['no choice', { followAutomatically: undefined }, /followAutomatically/],
    ['null', { followAutomatically: null }, /followAutomatically/],
    ['an unknown field', { everything: true }, /body/],
    ['a user id with a NUL byte', { userId: 'a\u0000b' }, /userId/],
    ['a user id of 10,000 characters', { userId: 'x'.repeat(10_000) }, /userId/],
  ])('%s: 400 naming the field, and nothing changes', async (_name, patch, field) => {
    const user = await a.createUser();
    await put(user, { userId: user.id, followAutomatically: true });
    const res = await put(user, { userId: user.id, followAutomatically: false, ...patch });
    const body = expectError(res, 400);
    expect((body.issues ?? []).map((i: { path: string }) => i.path).join(' ')).toMatch(field);
    expect(value(await get(user))).toEqual({ followAutomatically: true });
  });

  it('another user’s id is 403, no token 401, another store’s host 401: nothing read or changed', async () => {
    const user = await a.createUser();
    const other = await a.createUser();
    expectError(await get(user, other.id), 403);
    expectError(await put(user, { userId: other.id, followAutomatically: true }), 403);
    expectError(await a.call(null, { url: `${SUCCESSOR_PREFERENCE_PATH}?userId=${user.id}` }), 401);
    expectError(
      await a.call(null, {
        method: 'PUT',
        url: SUCCESSOR_PREFERENCE_PATH,
        payload: { userId: user.id, followAutomatically: true },
      }),
      401,
    );
    const foreign = await b.call(null, {
      method: 'PUT',
      url: SUCCESSOR_PREFERENCE_PATH,
      payload: { userId: user.id, followAutomatically: true },
      token: await a.token(user),
    });
    expectError(foreign, 401);
    expect(value(await get(other))).toEqual({ followAutomatically: false });
    expect(value(await get(user))).toEqual({ followAutomatically: false });
  });
});
