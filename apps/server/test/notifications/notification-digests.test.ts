import type { CatalogEvent } from '@trackwell/contracts';
import {
  findSentDeliveryMessage,
  requeueFailedDeliveries,
  saveNotificationFrequency,
  saveSuccessorPreference,
} from '@trackwell/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NotificationMail } from '../../src/modules/notifications/transport.ts';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import {
  addNotificationUser,
  buildNotificationCatalogue,
  eventually,
  trackSource,
  trackStandard,
} from '../support/notifications-fixtures.ts';
import { DIGEST_SUITE_ENV, startWorkerPastItsDigestRun, testDigestRunner } from './digest-test-runner.ts';

/**
 * Digests, with the clock passed in: one e-mail per user and period with every change since the
 * last one (each once, with every source that matched), at the user's hour in the user's zone; never empty;
 * one per period with two runs at once and after a crash between the claim and the send; instant users as
 * before. The schedules are dated in 2099 (updated_at) so the worker's own runs on the real clock never
 * find them due.
 */
describe('digests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ...DIGEST_SUITE_ENV, NOTIFICATIONS_RETRY_DELAY_SECONDS: '1' });
    await startWorkerPastItsDigestRun(t);
  });
  afterAll(() => t?.close());

  const runner = (options: Parameters<typeof testDigestRunner>[1] = {}) => testDigestRunner(t, options);

  let eventNo = 0;
  async function world() {
    const { tenant } = await t.createTenant();
    const db = t.app.db;
    const { standardId } = await buildNotificationCatalogue(db, tenant.id);
    await db.query(
      `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code,
         committee_designation, status, edition, published_on)
       VALUES ($1, 'E119', 'E119-CC', 'E119-20', 'Fire Tests of Building Construction', 'PUB1', 'E05', 'active',
         '2020', '2020-01-01')`,
      [tenant.id],
    );
    const publish = (type: string, assetId: string) =>
      t.app.notifications.publish(
        tenant.id,
        [{ id: `dg-${++eventNo}`, type, standard: { assetId } } as CatalogEvent],
        'api',
      );
    /** A user who tracks D638 itself and committees D20 (D638's) and E05 (E119's), on this schedule. */
    async function user(
      schedule: {
        frequency: 'daily' | 'weekly' | 'instant';
        hour?: number;
        weekday?: number;
        timeZone?: string;
      },
      locale?: string,
    ) {
      const u = await addNotificationUser(db, tenant.id, locale ? { locale } : {});
      await trackStandard(db, tenant.id, u.id, standardId);
      await trackSource(db, tenant.id, u.id, 'COMMITTEE', 'D20');
      await trackSource(db, tenant.id, u.id, 'COMMITTEE', 'E05');
      if (schedule.frequency !== 'instant') {
        await saveNotificationFrequency(db, tenant.id, u.id, {
          frequency: schedule.frequency,
          hour: schedule.hour ?? 8,
          weekday: schedule.weekday ?? 1,
          timeZone: schedule.timeZone ?? 'UTC',
        });
        await db.query(
          `UPDATE notification_schedules SET updated_at = '2099-01-14T14:00:00Z' WHERE user_id = $1`,
          [u.id],
        );
      }
      return u;
    }
    return { tenant, publish, user };
  }
  const at = (iso: string) => new Date(iso);
  const to = (sent: NotificationMail[], login: string) => sent.filter((m) => m.to === login);

  it('a daily user gets one digest at 08:00 in their zone (Tokyo, New York) with 3 changes, the one matched twice once', async () => {
    const w = await world();
    const tokyo = await w.user({ frequency: 'daily', hour: 8, timeZone: 'Asia/Tokyo' });
    const newYork = await w.user({ frequency: 'daily', hour: 8, timeZone: 'America/New_York' }, 'ar');
    await w.publish('amendment', 'D638'); // the standard itself AND committee D20: one entry, two reasons
    await w.publish('reaffirmation', 'D638');
    await w.publish('withdrawal', 'E119'); // committee E05
    const r = runner();
    expect(await r.run(at('2099-01-14T22:59:00Z'))).toMatchObject({ created: 0, sent: 0 }); // 07:59 in Tokyo
    expect(await r.run(at('2099-01-14T23:00:00Z'))).toMatchObject({ created: 1, sent: 1 }); // 08:00 in Tokyo
    expect(await r.run(at('2099-01-14T23:30:00Z'))).toMatchObject({ created: 0, sent: 0 });
    expect(to(r.sent, newYork.login)).toHaveLength(0);
    expect(await r.run(at('2099-01-15T12:59:00Z'))).toMatchObject({ created: 0, sent: 0 }); // 07:59 in New York
    expect(await r.run(at('2099-01-15T13:00:00Z'))).toMatchObject({ created: 1, sent: 1 });

    const [mail] = to(r.sent, tokyo.login);
    expect(r.sent).toHaveLength(2);
    expect(mail!.subject).toBe('Your daily digest of changes (3)');
    expect(mail!.text.match(/^\* /gm)).toHaveLength(3);
    expect(mail!.text.match(/Amendment to D638-14/g)).toHaveLength(1);
    const amendment = mail!.text.split('\n\n').find((entry) => entry.includes('Amendment to D638-14'))!;
    expect(amendment).toContain('You track the standard D638-14.');
    expect(amendment).toContain('You track committee D20.');
    expect(mail!.text).toContain('E119-20 withdrawn');
    expect(mail!.messageId).toMatch(/^<digest\.\d+@/);
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.html).toContain('/account/preferences');
    expect(mail!.html).toContain('/notifications/unsubscribe?t=');
    // in the user's language (the test store offers English and Arabic)
    const arabic = to(r.sent, newYork.login)[0]!;
    expect(arabic.subject).toBe('ملخصك اليومي للتغييرات (\u20683\u2069)');
    expect(arabic.html).toContain('dir="rtl"');
    // the changes are recorded as sent with the digest's Message-ID (delivery log, notification centre)
    const { rows } = await t.app.db.query<{ status: string; message_id: string }>(
      'SELECT status, message_id FROM notification_deliveries WHERE user_id = $1',
      [tokyo.id],
    );
    expect(rows.map((x) => x.status)).toEqual(['sent', 'sent', 'sent']);
    expect(new Set(rows.map((x) => x.message_id))).toEqual(new Set([mail!.messageId]));
    // The message as sent is kept once, on the digest; the console opens it from any of its changes.
    const kept = await t.app.db.query<{ id: string; tenant_id: string; own: string | null }>(
      'SELECT id, tenant_id, sent_message AS own FROM notification_deliveries WHERE user_id = $1',
      [tokyo.id],
    );
    expect(kept.rows.map((x) => x.own)).toEqual([null, null, null]);
    const opened = await findSentDeliveryMessage(t.app.db, kept.rows[0]!.tenant_id, kept.rows[0]!.id);
    expect(opened?.mime).toContain(`Message-ID: ${mail!.messageId}`);
    // the next day, nothing changed: no digest
    expect(await r.run(at('2099-01-16T00:00:00Z'))).toMatchObject({ created: 0, sent: 0 });
  });

  it('a replacement in a digest: the "Track … instead" link, or "You now track" for an automatic follower', async () => {
    const w = await world();
    const asks = await w.user({ frequency: 'daily', hour: 8, timeZone: 'UTC' });
    const auto = await w.user({ frequency: 'daily', hour: 8, timeZone: 'UTC' });
    await saveSuccessorPreference(t.app.db, w.tenant.id, auto.id, true);
    const replacement = {
      id: `dg-${++eventNo}`,
      type: 'new_standard',
      standard: {
        assetId: 'D638-22',
        contentCode: 'D638-22-CC',
        designation: 'D638-22',
        title: 'Tensile Properties of Plastics',
        publisherCode: 'PUB1',
        committeeDesignation: 'D20',
        edition: '2022',
        publishedOn: '2022-06-01',
        industryAreas: [],
      },
      replaces: { assetId: 'D638' },
    } as CatalogEvent;
    await t.app.notifications.publish(w.tenant.id, [replacement], 'api');
    const r = runner();
    expect(await r.run(at('2099-01-15T08:00:00Z'))).toMatchObject({ created: 2, sent: 2 });
    const [asked] = to(r.sent, asks.login);
    expect(asked!.html).toMatch(/href="[^"]*\/notifications\/follow-successor\?e=\d+&amp;t=[^"]+"/);
    expect(asked!.html).toContain('Track <bdi>D638-22</bdi> instead');
    // the headline says the new standard replaces the one the reader tracks
    expect(asked!.text).toContain('* New standard D638-22 replaces D638-14, which you track');
    expect(asked!.text).toMatch(/Track D638-22 instead: http\S+follow-successor\?e=\d+&t=\S+/);
    const [moved] = to(r.sent, auto.login);
    expect(moved!.html).not.toContain('follow-successor');
    expect(moved!.text).toContain('You now track D638-22 instead of D638-14.');
  });

  it('a weekly digest waits for its weekday and hour, and sends nothing when nothing changed', async () => {
    const w = await world();
    // 2099-01-14 is a Wednesday; Friday (5) at 18:00 UTC
    const weekly = await w.user({ frequency: 'weekly', hour: 18, weekday: 5 });
    const quiet = await w.user({ frequency: 'weekly', hour: 18, weekday: 5 });
    await t.app.db.query('DELETE FROM source_trackings WHERE user_id = $1', [quiet.id]);
    await t.app.db.query('DELETE FROM content_trackings WHERE user_id = $1', [quiet.id]);
    await w.publish('withdrawal', 'E119');
    const r = runner();
    expect(await r.run(at('2099-01-15T18:00:00Z'))).toMatchObject({ created: 0 }); // Thursday
    expect(await r.run(at('2099-01-16T17:59:00Z'))).toMatchObject({ created: 0 });
    expect(await r.run(at('2099-01-16T18:00:00Z'))).toMatchObject({ created: 1, sent: 1 });
    expect(r.sent.map((m) => m.to)).toEqual([weekly.login]);
    expect(r.sent[0]!.subject).toBe('Your weekly digest of changes (1)');
    expect(await r.run(at('2099-01-23T18:00:00Z'))).toMatchObject({ created: 0, sent: 0 });
  });

  it('two workers running the job at once send one digest per user', async () => {
    const w = await world();
    const users = await Promise.all([1, 2, 3].map(() => w.user({ frequency: 'daily', hour: 8 })));
    await w.publish('amendment', 'D638');
    await w.publish('withdrawal', 'E119');
    const [one, two] = [runner(), runner()];
    const now = at('2099-01-15T09:00:00Z');
    const results = await Promise.all([one.run(now), two.run(now)]);
    expect(results[0]!.created + results[1]!.created).toBe(3);
    const sent = [...one.sent, ...two.sent];
    expect(sent.map((m) => m.to).sort()).toEqual(users.map((u) => u.login).sort());
    const { rows } = await t.app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM notification_digests WHERE user_id = ANY($1::uuid[])',
      [users.map((u) => u.id)],
    );
    expect(rows[0]!.n).toBe(3);
  });

  it('a crash between the claim and the send loses nothing and sends once', async () => {
    const w = await world();
    const u = await w.user({ frequency: 'daily', hour: 8 });
    await w.publish('amendment', 'D638');
    const now = at('2099-01-15T09:00:00Z');
    const crashing = runner({ crashOnce: true });
    await expect(crashing.run(now)).rejects.toThrow('simulated');
    expect(crashing.sent).toHaveLength(0);
    const after = runner();
    // a second worker within the dead one's claim sends nothing; after it, the digest goes, once
    expect(await after.run(new Date(now.getTime() + 1000))).toMatchObject({ created: 0, sent: 0 });
    const later = new Date(now.getTime() + (t.app.env.NOTIFICATIONS_CLAIM_SECONDS + 1) * 1000);
    expect(await after.run(later)).toMatchObject({ created: 0, sent: 1 });
    expect(await after.run(new Date(later.getTime() + 86_400_000))).toMatchObject({ sent: 0 });
    expect(after.sent.map((m) => m.to)).toEqual([u.login]);
  });

  it('a run near its claim’s end starts no more digests: it gives them back and the next run sends them, once', async () => {
    const w = await world();
    const users = await Promise.all([1, 2, 3].map(() => w.user({ frequency: 'daily', hour: 8 })));
    await w.publish('amendment', 'D638');
    const claimMs = t.app.env.NOTIFICATIONS_CLAIM_SECONDS * 1000;
    // Each e-mail takes 45% of the claim: the third would start after 90% of it, inside its last fifth,
    // when another run could already be taking the same digests once the claim ends.
    let skew = 0;
    const realNow = Date.now.bind(Date);
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + skew);
    const now = at('2099-01-15T09:00:00Z');
    try {
      const slow = runner({ lanes: 1, onSend: () => (skew += 0.45 * claimMs) });
      expect(await slow.run(now)).toMatchObject({ created: 3, sent: 2, retry: 1 });
      expect(slow.sent).toHaveLength(2);
    } finally {
      clock.mockRestore();
    }
    const next = runner();
    // Given back, not left claimed: the next run, a second later, sends it without waiting for the claim.
    expect(await next.run(new Date(now.getTime() + 1000))).toMatchObject({ created: 0, sent: 1 });
    expect(await next.run(new Date(now.getTime() + 2 * claimMs))).toMatchObject({ sent: 0 });
    expect(next.sent).toHaveLength(1);
    const { rows } = await t.app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM notification_digests WHERE user_id = ANY($1::uuid[]) AND status = 'sent'`,
      [users.map((u) => u.id)],
    );
    expect(rows[0]!.n).toBe(3);
  });

  it('a digest the relay refused for good: the console’s retry puts its change in the next digest', async () => {
    const w = await world();
    const u = await w.user({ frequency: 'daily', hour: 8 });
    await w.publish('amendment', 'D638');
    const day1 = at('2099-01-15T09:00:00Z');
    expect(await runner({ refused: true }).run(day1)).toMatchObject({ created: 1, sent: 0 });
    const rows = () =>
      t.app.db.query<{ event_id: string; status: string }>(
        'SELECT event_id::text, status FROM notification_deliveries WHERE user_id = $1',
        [u.id],
      );
    const [failed] = (await rows()).rows;
    expect(failed!.status).toBe('failed');
    const requeued = await requeueFailedDeliveries(t.app.db, w.tenant.id, failed!.event_id);
    expect(requeued).toHaveLength(1);
    const r = runner();
    // the same day's digest exists (failed): the change waits for the next period, then goes once
    expect(await r.run(new Date(day1.getTime() + 60_000))).toMatchObject({ created: 0, sent: 0 });
    expect(await r.run(at('2099-01-16T08:00:00Z'))).toMatchObject({ created: 1, sent: 1 });
    expect(r.sent.map((m) => m.to)).toEqual([u.login]);
    expect((await rows()).rows.map((row) => row.status)).toEqual(['sent']);
  });

  it('an instant user still gets each change at once; a digest user gets no instant e-mail', async () => {
    const w = await world();
    const instant = await w.user({ frequency: 'instant' });
    const daily = await w.user({ frequency: 'daily', hour: 8 });
    await w.publish('withdrawal', 'E119');
    await eventually(async () => {
      const m = await t.app.inject({ method: 'GET', url: `/_dev/mail/messages?to=${instant.login}` });
      expect(m.json().messages).toHaveLength(1);
    });
    const m = await t.app.inject({ method: 'GET', url: `/_dev/mail/messages?to=${daily.login}` });
    expect(m.json().messages).toHaveLength(0);
    const { rows } = await t.app.db.query<{ digest: boolean; status: string }>(
      'SELECT digest, status FROM notification_deliveries WHERE user_id = $1',
      [daily.id],
    );
    expect(rows).toEqual([{ digest: true, status: 'pending' }]); // held for the digest
  });
});
