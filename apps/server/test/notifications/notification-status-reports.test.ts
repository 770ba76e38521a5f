import type { CatalogEvent } from '@trackwell/contracts';
import { MONTHLY_STATUS_MAX_ROWS } from '@trackwell/contracts';
import { saveMonthlyStatus, saveNotificationFrequency } from '@trackwell/db';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationMail } from '../../src/modules/notifications/transport.ts';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import {
  addNotificationUser,
  buildNotificationCatalogue,
  trackSource,
  trackStandard,
} from '../support/notifications-fixtures.ts';
import { DIGEST_SUITE_ENV, startWorkerPastItsDigestRun, testDigestRunner } from './digest-test-runner.ts';

/**
 * The monthly "status of your list" report, with the clock passed in: one e-mail per opted-in
 * user and month, on the 1st at the digest's hour in their zone, listing every tracked standard with its
 * edition and status in their language, "no changes" on record; not before, not twice (repeated or racing
 * runs, a crash after the claim); none when opted out, tracking nothing or unsubscribed. Opt-ins are dated
 * 2099-01-14 so the worker's own runs on the real clock never find a report due.
 */
describe('monthly status reports', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(DIGEST_SUITE_ENV);
    await startWorkerPastItsDigestRun(t);
  });
  afterAll(() => t?.close());
  // The runs cover every store: each test's users are opted out after it, so a later test's clock finds
  // only its own users due.
  afterEach(() => t.app.db.query('UPDATE notification_schedules SET status_report_since = NULL'));

  const runner = (options: { crashOnce?: boolean } = {}) => testDigestRunner(t, options);
  const at = (iso: string) => new Date(iso);
  const to = (sent: NotificationMail[], login: string) => sent.filter((m) => m.to === login);

  async function world() {
    const { tenant } = await t.createTenant();
    const db = t.app.db;
    const { standardId } = await buildNotificationCatalogue(db, tenant.id);
    /** A user tracking D638 and committee D20; opted in (at `hour` in `timeZone`) unless `optIn` is false. */
    async function user(o: { hour?: number; timeZone?: string; locale?: string; optIn?: boolean } = {}) {
      const u = await addNotificationUser(db, tenant.id, o.locale ? { locale: o.locale } : {});
      await trackStandard(db, tenant.id, u.id, standardId);
      await trackSource(db, tenant.id, u.id, 'COMMITTEE', 'D20');
      if (o.hour !== undefined)
        await saveNotificationFrequency(db, tenant.id, u.id, {
          frequency: 'instant',
          hour: o.hour,
          weekday: 1,
          timeZone: o.timeZone ?? 'UTC',
        });
      if (o.optIn !== false) {
        await saveMonthlyStatus(db, tenant.id, u.id, { enabled: true, timeZone: o.timeZone ?? 'UTC' });
        await db.query(
          `UPDATE notification_schedules SET status_report_since = '2099-01-14T00:00:00Z' WHERE user_id = $1`,
          [u.id],
        );
      }
      return u;
    }
    return { tenant, db, standardId, user };
  }

  it('on the 1st at 08:00 in Tokyo and in New York, once each, listing the list in the user’s language', async () => {
    const w = await world();
    const tokyo = await w.user({ hour: 8, timeZone: 'Asia/Tokyo' });
    const newYork = await w.user({ hour: 8, timeZone: 'America/New_York', locale: 'ar' });
    const optedOut = await w.user({ optIn: false });
    const r = runner();
    expect(await r.run(at('2099-01-31T22:59:00Z'))).toMatchObject({ created: 0, sent: 0 }); // 07:59 1 Feb, Tokyo
    expect(await r.run(at('2099-01-31T23:00:00Z'))).toMatchObject({ created: 1, sent: 1 }); // 08:00 in Tokyo
    expect(await r.run(at('2099-01-31T23:30:00Z'))).toMatchObject({ created: 0, sent: 0 });
    expect(await r.run(at('2099-02-01T12:59:00Z'))).toMatchObject({ created: 0, sent: 0 }); // 07:59 New York
    expect(await r.run(at('2099-02-01T13:00:00Z'))).toMatchObject({ created: 1, sent: 1 });
    expect(await r.run(at('2099-02-20T13:00:00Z'))).toMatchObject({ created: 0, sent: 0 });
    expect(r.sent.map((m) => m.to)).toEqual([tokyo.login, newYork.login]);
    expect(to(r.sent, optedOut.login)).toEqual([]);

    const [mail] = to(r.sent, tokyo.login);
    expect(mail!.subject).toBe('The status of your list on February 1, 2099');
    expect(mail!.text).toContain('No changes since January 1, 2099.');
    expect(mail!.text).toContain('Standards you track: 1');
    expect(mail!.text).toContain('* D638-14 Tensile Properties of Plastics');
    expect(mail!.text).toContain('Edition: 2014 · Status: Active · Published: December 15, 2014');
    expect(mail!.text).toContain('* Committee D20 — Plastics: standards covered: 1');
    expect(mail!.html).toContain('D638.html');
    expect(mail!.html).toContain('/account/preferences');
    expect(mail!.html).toContain('Turn off this monthly report');
    expect(mail!.messageId).toMatch(/^<status\.\d+@/);
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.headers['List-Unsubscribe']).toContain('/notifications/unsubscribe?t=');

    const arabic = to(r.sent, newYork.login)[0]!;
    expect(arabic.subject).toContain('حالة قائمتك في');
    expect(arabic.html).toContain('dir="rtl"');
    expect(arabic.text).toContain('الإصدار: 2014 · الحالة: سارية');
    expect(arabic.text).toContain('لا تغييرات منذ');

    const { rows } = await w.db.query<{ period: string; status: string }>(
      `SELECT period, status FROM notification_digests WHERE user_id = ANY($1::uuid[]) ORDER BY id`,
      [[tokyo.id, newYork.id]],
    );
    expect(rows).toEqual([
      { period: 'monthly:2099-02', status: 'sent' },
      { period: 'monthly:2099-02', status: 'sent' },
    ]);
  });

  it('counts the changes of the month before, in the user’s zone, and comes again the next month', async () => {
    const w = await world();
    const u = await w.user({ hour: 8 });
    await t.app.notifications.publish(
      w.tenant.id,
      [{ id: `sr-${u.id}`, type: 'amendment', standard: { assetId: 'D638' } } as CatalogEvent],
      'api',
    );
    await w.db.query(
      `UPDATE notification_deliveries SET created_at = '2099-02-10T00:00:00Z' WHERE user_id = $1`,
      [u.id],
    );
    const r = runner();
    expect(await r.run(at('2099-02-01T08:00:00Z'))).toMatchObject({ sent: 1 });
    expect(r.sent[0]!.text).toContain('No changes since January 1, 2099.');
    expect(await r.run(at('2099-03-01T07:59:00Z'))).toMatchObject({ sent: 0 });
    expect(await r.run(at('2099-03-01T08:00:00Z'))).toMatchObject({ created: 1, sent: 1 });
    expect(r.sent[1]!.subject).toBe('The status of your list on March 1, 2099');
    expect(r.sent[1]!.text).toContain('Changes since February 1, 2099: 1.');
  });

  it('none for a user tracking nothing, nor for one who unsubscribed; opting out stops it', async () => {
    const w = await world();
    const nothing = await w.user();
    await w.db.query('DELETE FROM content_trackings WHERE user_id = $1', [nothing.id]);
    await w.db.query('DELETE FROM source_trackings WHERE user_id = $1', [nothing.id]);
    const unsubscribed = await w.user();
    await w.db.query(
      `INSERT INTO tracking_unsubscribes (tenant_id, user_id, application_code) VALUES ($1, $2, 'TRACKER')`,
      [w.tenant.id, unsubscribed.id],
    );
    const stopped = await w.user();
    await saveMonthlyStatus(w.db, w.tenant.id, stopped.id, { enabled: false, timeZone: 'UTC' });
    const sourcesOnly = await w.user();
    await w.db.query('DELETE FROM content_trackings WHERE user_id = $1', [sourcesOnly.id]);
    const r = runner();
    expect(await r.run(at('2099-02-01T09:00:00Z'))).toMatchObject({ created: 1, sent: 1 });
    expect(r.sent.map((m) => m.to)).toEqual([sourcesOnly.login]);
    expect(r.sent[0]!.text).toContain('You track no standard by itself, only the sources below.');
  });

  it('two runs at once and a crash after the claim: one report per user and month', async () => {
    const w = await world();
    const users = await Promise.all([1, 2, 3].map(() => w.user()));
    const [one, two] = [runner(), runner()];
    const now = at('2099-02-01T09:00:00Z');
    const results = await Promise.all([one.run(now), two.run(now)]);
    expect(results[0]!.created + results[1]!.created).toBe(3);
    expect([...one.sent, ...two.sent].map((m) => m.to).sort()).toEqual(users.map((u) => u.login).sort());

    await w.db.query('UPDATE notification_schedules SET status_report_since = NULL'); // one due in March
    const crashed = await w.user();
    const march = at('2099-03-01T09:00:00Z');
    await expect(runner({ crashOnce: true }).run(march)).rejects.toThrow('simulated');
    const after = runner();
    expect(await after.run(new Date(march.getTime() + 1000))).toMatchObject({ created: 0, sent: 0 });
    const later = new Date(march.getTime() + (t.app.env.NOTIFICATIONS_CLAIM_SECONDS + 1) * 1000);
    expect(await after.run(later)).toMatchObject({ created: 0, sent: 1 });
    expect(await after.run(new Date(later.getTime() + 3_600_000))).toMatchObject({ created: 0, sent: 0 });
    expect(after.sent.map((m) => m.to)).toEqual([crashed.login]);
  });

  it(`a long list stops at ${MONTHLY_STATUS_MAX_ROWS} standards with “and N more” and the tracker's link`, async () => {
    const w = await world();
    const u = await w.user();
    await w.db.query(
      `WITH s AS (
         INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code,
           committee_designation, status, edition, published_on)
         SELECT $1, 'X' || n, 'X' || n, 'X' || lpad(n::text, 4, '0'), 'Bulk ' || n, 'PUB1', 'D20', 'withdrawn',
                '2001', '2001-01-01' FROM generate_series(1, $3::int) n RETURNING id)
       INSERT INTO content_trackings (tenant_id, user_id, standard_id) SELECT $1, $2, id FROM s`,
      [w.tenant.id, u.id, MONTHLY_STATUS_MAX_ROWS + 1],
    );
    const r = runner();
    expect(await r.run(at('2099-02-01T09:00:00Z'))).toMatchObject({ sent: 1 });
    const { text, html } = r.sent[0]!;
    expect(text).toContain(`Standards you track: ${(MONTHLY_STATUS_MAX_ROWS + 2).toLocaleString('en')}`);
    expect(text.match(/^\* [DX]\d/gm)).toHaveLength(MONTHLY_STATUS_MAX_ROWS);
    expect(text).toMatch(/And 2 more: see your tracker\. https?:\/\/\S+\/\n/);
    expect(text).toContain('Status: Withdrawn');
    expect(html).toContain('And 2 more: see your tracker.');
  });
});
