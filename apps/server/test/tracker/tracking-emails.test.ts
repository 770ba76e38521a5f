import { TRACKING_EMAILS_PATH } from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import { type TestUser, trackStandards } from '../support/tracker-fixtures.ts';
import { a, b, catA, expectError, P, std, t, useTrackerWorld } from '../support/tracker-world.ts';

/**
 * The account's "Tracking e-mails" status: the pipeline's rule (no unsubscribe on record, something
 * tracked), so a user who tracks only standards reads "receiving", not "unsubscribed".
 */
useTrackerWorld();

const status = async (u: TestUser) => {
  const res = await a.call(u, { url: `${TRACKING_EMAILS_PATH}?userId=${u.id}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as { responseData: { value: unknown } }).responseData.value;
};
const trackCommittee = (u: TestUser) =>
  a.call(u, {
    method: 'POST',
    url: P.createTrackerSource,
    payload: { applicationCode: 'TRACKER', trackingDetails: [{ trackingType: 'COMMITTEE', data: ['D20'] }] },
  });

describe('the tracking e-mails status', () => {
  it('a user who tracks standards only (no committee, area or publisher) receives e-mails', async () => {
    const user = await a.createUser();
    await trackStandards(t.app.db, a.tenant.id, user.id, [std(catA, 1).id, std(catA, 2).id]);
    expect(await status(user)).toEqual({ state: 'receiving', unsubscribed: false, standards: 2, sources: 0 });
  });

  it('nothing tracked yet is not "unsubscribed"; a committee makes it receiving', async () => {
    const user = await a.createUser();
    expect(await status(user)).toEqual({
      state: 'nothingTracked',
      unsubscribed: false,
      standards: 0,
      sources: 0,
    });
    expect((await trackCommittee(user)).statusCode).toBe(200);
    expect(await status(user)).toMatchObject({ state: 'receiving', sources: 1 });
  });

  it('after unsubscribing it is unsubscribed though standards stay tracked; tracking again lifts it', async () => {
    const user = await a.createUser();
    await trackStandards(t.app.db, a.tenant.id, user.id, [std(catA, 3).id]);
    await trackCommittee(user);
    const off = await a.call(user, { method: 'PUT', url: P.unsubscribe, payload: { userId: user.id } });
    expect(off.statusCode).toBe(200);
    expect(await status(user)).toEqual({
      state: 'unsubscribed',
      unsubscribed: true,
      standards: 1,
      sources: 0,
    });
    await trackCommittee(user);
    expect(await status(user)).toMatchObject({ state: 'receiving', unsubscribed: false });
  });

  it('a standard with its e-mails switched off does not count', async () => {
    const user = await a.createUser();
    const [id] = await trackStandards(t.app.db, a.tenant.id, user.id, [std(catA, 4).id]);
    await t.app.db.query('UPDATE content_trackings SET tracking_off = true WHERE id = $1', [id]);
    expect(await status(user)).toMatchObject({ state: 'nothingTracked', standards: 0 });
  });

  it('refuses another user (403), another store’s user (403), no token (401) and a missing id (400)', async () => {
    const user = await a.createUser();
    const other = await a.createUser();
    const foreign = await b.createUser();
    expectError(await a.call(other, { url: `${TRACKING_EMAILS_PATH}?userId=${user.id}` }), 403);
    expectError(await a.call(user, { url: `${TRACKING_EMAILS_PATH}?userId=${foreign.id}` }), 403);
    expectError(await a.call(null, { url: `${TRACKING_EMAILS_PATH}?userId=${user.id}` }), 401);
    expectError(await a.call(user, { url: TRACKING_EMAILS_PATH }), 400);
    expectError(await a.call(user, { url: `${TRACKING_EMAILS_PATH}?userId=${user.id}&x=1` }), 400);
  });
});
