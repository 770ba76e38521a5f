import { CATALOG_CHANGES_PATH, FOLLOW_SUCCESSOR_PATH } from '@trackwell/contracts';
import { saveSuccessorPreference } from '@trackwell/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signFollowSuccessorToken } from '../../src/modules/notifications/follow-successor-token.ts';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import {
  addNotificationUser,
  buildNotificationCatalogue,
  eventually,
  trackedDesignations,
  trackStandard,
} from '../support/notifications-fixtures.ts';

/**
 * A tracked standard replaced by another. The publisher names the replacement (new_standard
 * `replaces`, withdrawal `replacedBy`); the trackers of the old one are told; those who chose to follow
 * automatically are moved (and told so), the others get "Track <new> instead" — a signed link whose GET
 * only confirms and whose POST moves the tracking once.
 */
describe('following the successor of a replaced standard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SMTP_SINK_PORT: '0', NOTIFICATIONS_RETRY_DELAY_SECONDS: '1' });
    await t.app.notifications.startWorker();
  });
  afterAll(() => t?.close());

  const publish = (host: string, key: string, events: unknown[]) =>
    t.app.inject({
      method: 'POST',
      url: CATALOG_CHANGES_PATH,
      headers: { host, authorization: `Bearer ${key}` },
      payload: { events },
    });
  const replacement = (id: string, replaces: object) => ({
    id,
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
    },
    replaces,
  });
  const mailOf = (login: string) =>
    eventually(async () => {
      const m = await t.app.inject({ method: 'GET', url: `/_dev/mail/messages?to=${login}` });
      const messages = m.json().messages as Array<{ subject: string; html: string; text: string }>;
      expect(messages).toHaveLength(1);
      return messages[0]!;
    });
  const tracked = (tenantId: string, userId: string) => trackedDesignations(t.app.db, tenantId, userId);

  async function world() {
    const { tenant, host } = await t.createTenant();
    const db = t.app.db;
    const { standardId, apiKey } = await buildNotificationCatalogue(db, tenant.id);
    const manual = await addNotificationUser(db, tenant.id);
    const auto = await addNotificationUser(db, tenant.id, { locale: 'ar' });
    await trackStandard(db, tenant.id, manual.id, standardId);
    await trackStandard(db, tenant.id, auto.id, standardId);
    await saveSuccessorPreference(db, tenant.id, auto.id, true);
    return { tenant, host, apiKey, manual, auto };
  }

  it('publish: the old is historical, both trackers told; the automatic one moved and told so, the other offered the link', async () => {
    const { tenant, host, apiKey, manual, auto } = await world();
    const r = await publish(host, apiKey, [replacement('succ-1', { contentCode: 'D638-CC' })]);
    expect(r.json()).toMatchObject({ applied: 1, results: [{ outcome: 'applied', recipients: 2 }] });
    const old = await t.app.db.query<{ status: string }>(
      `SELECT status FROM standards WHERE tenant_id = $1 AND content_code = 'D638-CC'`,
      [tenant.id],
    );
    expect(old.rows[0]?.status).toBe('historical');
    expect(await tracked(tenant.id, auto.id)).toEqual(['D638-22']);
    expect(await tracked(tenant.id, manual.id)).toEqual(['D638-14']);

    const autoMail = await mailOf(auto.login);
    expect(autoMail.html).toContain('أنت تتابع الآن <bdi>D638-22</bdi> بدلًا من <bdi>D638-14</bdi>.');
    expect(autoMail.subject).toBe(
      'مواصفة جديدة \u2068D638-22\u2069 تحلّ محل \u2068D638-14\u2069 التي تتابعها',
    );
    expect(autoMail.html).not.toContain(FOLLOW_SUCCESSOR_PATH);
    const manualMail = await mailOf(manual.login);
    expect(manualMail.html).toContain('D638-14 → D638-22');
    // the subject says it replaces a standard the reader tracks; the previous edition's date is shown
    expect(manualMail.subject).toBe('New standard D638-22 replaces D638-14, which you track');
    expect(manualMail.text).toMatch(
      /Previous designation: D638-14\nPrevious edition published: \d{4}-\d{2}-\d{2}/,
    );
    const link = /Track D638-22 instead: (\S+)/.exec(manualMail.text)?.[1];
    expect(link).toMatch(new RegExp(`^http://${host}${FOLLOW_SUCCESSOR_PATH}\\?e=\\d+&t=`));
    const url = new URL(link!);
    const path = `${url.pathname}${url.search}`;

    // GET only confirms; a second GET still changes nothing
    for (let i = 0; i < 2; i++) {
      const page = await t.app.inject({ method: 'GET', url: path, headers: { host } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Track D638-22 instead of D638-14?');
      expect(page.body).toContain('<form method="post"');
    }
    expect(await tracked(tenant.id, manual.id)).toEqual(['D638-14']);

    // another store's host refuses the same link, and moves nothing
    const other = await t.createTenant();
    const foreign = await t.app.inject({ method: 'POST', url: path, headers: { host: other.host } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).toContain('This link is not valid or has expired.');
    expect(await tracked(tenant.id, manual.id)).toEqual(['D638-14']);

    const form = { 'content-type': 'application/x-www-form-urlencoded', host };
    const done = await t.app.inject({ method: 'POST', url: path, headers: form, payload: '' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You now track D638-22 instead of D638-14.');
    expect(await tracked(tenant.id, manual.id)).toEqual(['D638-22']);
    const again = await t.app.inject({ method: 'POST', url: path, headers: form, payload: '' });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('Already done');
    expect(await tracked(tenant.id, manual.id)).toEqual(['D638-22']);
  });

  it('forged, expired, another event’s or garbage tokens: the invalid page (400), never 500, nothing moved', async () => {
    const { tenant, host, apiKey, manual } = await world();
    await publish(host, apiKey, [replacement('succ-2', { assetId: 'D638' })]);
    const { rows } = await t.app.db.query<{ id: number }>(
      `SELECT id FROM catalog_events WHERE tenant_id = $1 AND publisher_event_id = 'succ-2'`,
      [tenant.id],
    );
    const eventId = Number(rows[0]!.id);
    const secret = t.app.env.NOTIFICATIONS_SECRET;
    const target = { tenantId: tenant.id, eventId, userId: manual.id };
    const future = new Date(Date.now() + 86_400_000);
    const tokens = [
      `e=${eventId}&t=${signFollowSuccessorToken('another-secret-of-32-characters!!', target, future)}`,
      `e=${eventId}&t=${signFollowSuccessorToken(secret, target, new Date(Date.now() - 1000))}`,
      `e=${eventId + 1}&t=${signFollowSuccessorToken(secret, target, future)}`,
      `e=${eventId}&t=${signFollowSuccessorToken(secret, { ...target, tenantId: crypto.randomUUID() }, future)}`,
      `e=abc&t=x`,
      `e=${eventId}&t=${'x'.repeat(5000)}`,
      `e=-1`,
      '',
    ];
    for (const query of tokens)
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({
          method,
          url: `${FOLLOW_SUCCESSOR_PATH}?${query}`,
          headers: { host },
        });
        expect([query, method, res.statusCode]).toEqual([query, method, 400]);
        expect(res.body).toContain('This link is not valid or has expired.');
      }
    expect(await tracked(tenant.id, manual.id)).toEqual(['D638-14']);
    const good = `e=${eventId}&t=${signFollowSuccessorToken(secret, target, future)}`;
    const ok = await t.app.inject({
      method: 'POST',
      url: `${FOLLOW_SUCCESSOR_PATH}?${good}`,
      headers: { host },
    });
    expect(ok.statusCode).toBe(200);
    expect(await tracked(tenant.id, manual.id)).toEqual(['D638-22']);
  });

  it('a withdrawal replaced by another standard; an unknown replacement is rejected and nothing is written', async () => {
    const { tenant, host, apiKey, manual, auto } = await world();
    await publish(host, apiKey, [{ ...replacement('succ-3', { assetId: 'D638' }), replaces: undefined }]);
    const before = await t.app.db.query(
      `SELECT (SELECT count(*) FROM catalog_events WHERE tenant_id = $1)::int AS events,
              (SELECT count(*) FROM standard_successors WHERE tenant_id = $1)::int AS pairs`,
      [tenant.id],
    );
    const unknown = await publish(host, apiKey, [
      { id: 'succ-4', type: 'withdrawal', standard: { assetId: 'D638' }, replacedBy: { assetId: 'NOPE' } },
    ]);
    expect(unknown.json()).toMatchObject({ rejected: 1, results: [{ error: 'unknown_replaced_by' }] });
    const after = await t.app.db.query(
      `SELECT (SELECT count(*) FROM catalog_events WHERE tenant_id = $1)::int AS events,
              (SELECT count(*) FROM standard_successors WHERE tenant_id = $1)::int AS pairs`,
      [tenant.id],
    );
    expect(after.rows).toEqual(before.rows);
    expect(await tracked(tenant.id, auto.id)).toEqual(['D638-14']);

    const r = await publish(host, apiKey, [
      { id: 'succ-5', type: 'withdrawal', standard: { assetId: 'D638' }, replacedBy: { assetId: 'D638-22' } },
    ]);
    expect(r.json()).toMatchObject({ applied: 1, results: [{ recipients: 2 }] });
    expect(await tracked(tenant.id, auto.id)).toEqual(['D638-22']);
    expect(await tracked(tenant.id, manual.id)).toEqual(['D638-14']);
    const mail = await mailOf(manual.login);
    expect(mail.text).toContain('Replaced by: D638-22');
    expect(mail.text).toMatch(/Track D638-22 instead: http/);
  });
});
