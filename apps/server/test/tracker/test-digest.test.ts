import { type CatalogEvent, TEST_DIGEST_PATH } from '@trackwell/contracts';
import { saveNotificationFrequency } from '@trackwell/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import {
  createTrackerTenant,
  insertCatalogue,
  startTestIssuer,
  type TestCatalogue,
  type TestIssuer,
  type TestUser,
  type TrackerTenant,
  trackStandards,
} from '../support/tracker-fixtures.ts';
import { expectError } from '../support/tracker-world.ts';

/**
 * "Send me a test digest now": the changes held for the user's next digest, e-mailed now to the user only,
 * marked as a test; nothing is tied to a digest or marked sent, so the real digest still has them.
 */
let t: TestApp;
let issuer: TestIssuer;
let a: TrackerTenant;
let b: TrackerTenant;
let cat: TestCatalogue;
beforeAll(async () => {
  t = await buildTestApp({ SMTP_SINK_PORT: '0' });
  issuer = await startTestIssuer();
  a = await createTrackerTenant(t, issuer);
  b = await createTrackerTenant(t, issuer);
  cat = await insertCatalogue(t.app.db, a.tenant.id, 3);
});
afterAll(async () => {
  await t?.close();
  await issuer?.close();
});

const inbox = async (login: string) =>
  (await t.app.inject({ method: 'GET', url: `/_dev/mail/messages?to=${encodeURIComponent(login)}` })).json()
    .messages as Array<{ subject: string; text: string; html: string; to: string }>;
const sendTest = (u: TestUser | null, userId: string) =>
  a.call(u, { method: 'POST', url: TEST_DIGEST_PATH, payload: { userId } });
const held = async (userId: string) =>
  (
    await t.app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM notification_deliveries
        WHERE user_id = $1 AND digest AND digest_id IS NULL AND status = 'pending'`,
      [userId],
    )
  ).rows[0]!.n;

let eventNo = 0;
async function dailyUser() {
  const user = await a.createUser();
  await saveNotificationFrequency(t.app.db, a.tenant.id, user.id, {
    frequency: 'daily',
    hour: 8,
    weekday: 1,
    timeZone: 'UTC',
  });
  await trackStandards(t.app.db, a.tenant.id, user.id, [cat.standards.get('s-1')!.id]);
  return user;
}
async function publishReaffirmation() {
  const event = { id: `td-${++eventNo}`, type: 'reaffirmation', standard: { assetId: 's-1' } };
  await t.app.notifications.publish(a.tenant.id, [event as CatalogEvent], 'api');
}

describe('the test digest', () => {
  it('e-mails the held changes now, marked as a test, to the user only, and leaves them for the real digest', async () => {
    const user = await dailyUser();
    const other = await dailyUser();
    await publishReaffirmation();
    expect(await held(user.id)).toBe(1);
    const res = await sendTest(user, user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: '200', responseData: { value: { changes: 1 } } });
    const [mail, ...more] = await inbox(user.login);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('[Test] Your daily digest of changes (1)');
    expect(mail!.text).toContain('A test you asked for: the changes waiting for your next digest.');
    expect(mail!.text).toContain('S1-24 reaffirmed');
    expect(await held(user.id)).toBe(1);
    expect(await inbox(other.login)).toEqual([]);
    const digests = await t.app.db.query('SELECT 1 FROM notification_digests WHERE user_id = $1', [user.id]);
    expect(digests.rows).toEqual([]);
  });

  it('with nothing waiting it says so', async () => {
    const user = await a.createUser();
    const res = await sendTest(user, user.id);
    expect(res.json().responseData.value).toEqual({ changes: 0 });
    const [mail] = await inbox(user.login);
    expect(mail!.text).toContain('No changes are waiting for your next digest yet.');
  });

  it('is rate-limited: the fourth in a quarter of an hour is a 429 with retry-after, and sends nothing', async () => {
    const user = await a.createUser();
    for (let i = 0; i < 3; i++) expect((await sendTest(user, user.id)).statusCode).toBe(200);
    const refused = await sendTest(user, user.id);
    expectError(refused, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await inbox(user.login)).toHaveLength(3);
  });

  it('refuses another user (403), another store’s user (403), no token (401) and a bad body (400)', async () => {
    const user = await a.createUser();
    const other = await a.createUser();
    const foreign = await b.createUser();
    expectError(await sendTest(other, user.id), 403);
    expectError(await sendTest(user, foreign.id), 403);
    expectError(await sendTest(null, user.id), 401);
    expectError(
      await a.call(user, { method: 'POST', url: TEST_DIGEST_PATH, payload: { userId: user.id, x: 1 } }),
      400,
    );
    expectError(await a.call(user, { method: 'POST', url: TEST_DIGEST_PATH, payload: {} }), 400);
    expect(await inbox(user.login)).toEqual([]);
    expect(await inbox(other.login)).toEqual([]);
  });
});
