import { REVIEW_ALERT_PATH, reviewAlertResponse } from '@trackwell/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMailContent } from '../../src/modules/notifications/mail-content.ts';
import { createReviewAlertRunner } from '../../src/modules/notifications/review-alerts.ts';
import type { MailTransport, NotificationMail } from '../../src/modules/notifications/transport.ts';
import { insertForecastCatalogue } from '../support/forecast-fixtures.ts';
import { type TestUser, trackStandards } from '../support/tracker-fixtures.ts';
import { a, b, expectError, t, useTrackerWorld } from '../support/tracker-world.ts';

/**
 * The alert before a forecast review: the reader's choice over the tracker API (off by default), and the
 * scheduled job's run, which sends each alert once per standard and due date, in the reader's language, only
 * to readers who chose it; a send the relay refuses is tried again by a later run.
 */
useTrackerWorld();

const alertUrl = (userId: string) => `${REVIEW_ALERT_PATH}?userId=${userId}`;
const choose = (user: TestUser, body: object) =>
  a.call(user, { method: 'PUT', url: REVIEW_ALERT_PATH, payload: { userId: user.id, ...body } });

/** The job's runner as the worker builds it, mailing into `sent` (or refused while `refuse` is set). */
function runner() {
  const sent: NotificationMail[] = [];
  const state = { refuse: false };
  const transport: MailTransport = {
    async send(m) {
      if (state.refuse) throw Object.assign(new Error('451 try later'), { responseCode: 451 });
      sent.push(m);
      return { messageId: m.messageId, raw: '' };
    },
    close: async () => {},
  };
  const content = createMailContent({
    db: t.app.db,
    origin: (host) => t.app.publicUrls.origin({ canonicalHost: host }),
    log: t.app.log,
  });
  return { sent, state, ...createReviewAlertRunner({ db: t.app.db, env: t.app.env, transport, content }) };
}

let ids: Map<string, number>;
beforeAll(async () => {
  ids = await insertForecastCatalogue(t.app.db, a.tenant.id);
});

describe('the review alert preference', () => {
  it('is off by default; a reader turns it on with the months ahead, and off again', async () => {
    const user = await a.createUser();
    const first = reviewAlertResponse.parse((await a.call(user, { url: alertUrl(user.id) })).json());
    expect(first.responseData.value).toEqual({ enabled: false, monthsBefore: 6 });
    const on = await choose(user, { enabled: true, monthsBefore: 3 });
    expect(reviewAlertResponse.parse(on.json()).responseData.value).toEqual({
      enabled: true,
      monthsBefore: 3,
    });
    const off = await choose(user, { enabled: false, monthsBefore: 3 });
    expect(reviewAlertResponse.parse(off.json()).responseData.value).toEqual({
      enabled: false,
      monthsBefore: 6,
    });
  });

  it('bad values are 400, another user’s id 403, another store’s host 401; nothing saved', async () => {
    const user = await a.createUser();
    for (const body of [
      { enabled: true, monthsBefore: 0 },
      { enabled: true, monthsBefore: 25 },
      { enabled: true, monthsBefore: '6' },
      { enabled: 'yes', monthsBefore: 6 },
      { enabled: true },
      { enabled: true, monthsBefore: 6, extra: 1 },
    ])
      expectError(await choose(user, body), 400);
    const other = await a.createUser();
    expectError(
      await a.call(other, {
        method: 'PUT',
        url: REVIEW_ALERT_PATH,
        payload: { userId: user.id, enabled: true, monthsBefore: 6 },
      }),
      403,
    );
    const foreign = await t.app.inject({
      method: 'PUT',
      url: REVIEW_ALERT_PATH,
      payload: { userId: user.id, enabled: true, monthsBefore: 6 },
      headers: { host: b.host, authorization: `Bearer ${await a.token(user)}` },
    });
    expect(foreign.statusCode).toBe(401);
    const { rows } = await t.app.db.query('SELECT 1 FROM review_alert_preferences WHERE user_id = $1', [
      user.id,
    ]);
    expect(rows).toEqual([]);
  });
});

describe('the review alerts’ job', () => {
  it('sends each due alert once, in the reader’s language, only to readers who chose it', async () => {
    const english = await a.createUser();
    const arabic = await a.createUser();
    const silent = await a.createUser();
    await t.app.db.query(`UPDATE users SET locale = 'ar', first_name = 'سلمى' WHERE id = $1`, [arabic.id]);
    for (const u of [english, arabic, silent])
      await trackStandards(t.app.db, a.tenant.id, u.id, [
        ids.get('iso-soon')!, // due in 2 months
        ids.get('astm-recent')!, // due in about 4 years
        ids.get('iso-under-review')!, // overdue: no news
      ]);
    await choose(english, { enabled: true, monthsBefore: 6 });
    await choose(arabic, { enabled: true, monthsBefore: 3 });

    const r = runner();
    expect(await r.run(new Date())).toEqual({ sent: 2, failed: 0 });
    expect(await r.run(new Date())).toEqual({ sent: 0, failed: 0 });
    expect(r.sent.map((m) => m.to).sort()).toEqual([english.login, arabic.login].sort());
    expect(r.sent.some((m) => m.to === silent.login)).toBe(false);

    const mine = r.sent.find((m) => m.to === english.login)!;
    expect(mine.subject).toMatch(/^Review due \d{4}-\d{2}: ISO 9001:2021$/);
    expect(mine.text).toMatch(/Review due \d{4}-\d{2} \(ISO systematic review\)/);
    expect(mine.text).toContain('Forecast · counted from publication');
    expect(mine.text).toContain('/store/standards/iso-soon.html');
    expect(mine.text).not.toContain('D638-24');
    expect(mine.headers['Content-Language']).toBe('en');

    const theirs = r.sent.find((m) => m.to === arabic.login)!;
    expect(theirs.subject).toContain('المراجعة مستحقة في');
    expect(theirs.html).toContain('dir="rtl"');
    expect(theirs.html).toContain('<bdi>ISO 9001:2021</bdi>');
    expect(theirs.text).toContain('\u2068ISO 9001:2021\u2069');
    expect(theirs.headers['Content-Language']).toBe('ar');
  });

  it('a send the relay refuses is given back and goes out with a later run, once', async () => {
    const user = await a.createUser();
    await trackStandards(t.app.db, a.tenant.id, user.id, [ids.get('iso-soon')!]);
    await choose(user, { enabled: true, monthsBefore: 6 });
    const r = runner();
    r.state.refuse = true;
    const refused = await r.run(new Date());
    expect(refused.failed).toBeGreaterThanOrEqual(1);
    r.state.refuse = false;
    await r.run(new Date());
    await r.run(new Date());
    expect(r.sent.filter((m) => m.to === user.login)).toHaveLength(1);
  });
});
