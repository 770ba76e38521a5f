import { CATALOG_CHANGES_PATH } from '@trackwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import {
  addNotificationUser,
  buildNotificationCatalogue,
  eventually,
  trackStandard,
} from '../support/notifications-fixtures.ts';

/**
 * What changed: a publisher's event may carry a short summary and a link to a comparison of
 * the versions; the e-mail shows old → new, the summary and the link; bad values are refused by name.
 */
describe('change notifications: the summary and the comparison link', () => {
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
  const newEdition = {
    type: 'new_edition',
    standard: { contentCode: 'D638-CC' },
    designation: 'D638-22',
    edition: '2022',
    publishedOn: '2022-06-01',
  };

  it('the e-mail (HTML and text) shows old → new, the summary (escaped, its lines kept) and the comparison link', async () => {
    const { tenant, host } = await t.createTenant();
    const db = t.app.db;
    const { standardId, apiKey } = await buildNotificationCatalogue(db, tenant.id);
    const user = await addNotificationUser(db, tenant.id);
    await trackStandard(db, tenant.id, user.id, standardId);

    const summary = 'Specimen type V is <b>removed</b>.\nTolerances tightened & clarified.';
    const r = await publish(host, apiKey, [
      {
        ...newEdition,
        id: 'wc-1',
        summary: `  ${summary}  `,
        compareUrl: 'https://example.org/redline?a=1&b=2',
      },
    ]);
    expect(r.json()).toMatchObject({ applied: 1, results: [{ recipients: 1 }] });

    const mail = await eventually(async () => {
      const m = await t.app.inject({ method: 'GET', url: `/_dev/mail/messages?to=${user.login}` });
      const messages = m.json().messages as Array<{ html: string; text: string }>;
      expect(messages).toHaveLength(1);
      return messages[0]!;
    });
    expect(mail.text).toContain('Previous designation: D638-14');
    expect(mail.text).toContain('Designation: D638-22');
    expect(mail.text).toContain(summary);
    expect(mail.text).toContain('Compare with the previous version: https://example.org/redline?a=1&b=2');
    expect(mail.html).toContain(
      'Specimen type V is &lt;b&gt;removed&lt;/b&gt;.<br>Tolerances tightened &amp; clarified.',
    );
    expect(mail.html).not.toContain('<b>removed</b>');
    // Every change e-mail links to the choice of kinds
    expect(mail.html).toMatch(
      new RegExp(`<a href="http://${host}/account/preferences"[^>]*>Choose which changes you get</a>`),
    );
    expect(mail.text).toContain(`Choose which changes you get: http://${host}/account/preferences`);
    expect(mail.html).toMatch(
      /<a href="https:\/\/example\.org\/redline\?a=1&amp;b=2"[^>]*>Compare with the previous version<\/a>/,
    );

    // recorded with the change (what the in-app list, the feed and the webhooks read)
    const { rows } = await db.query<{ change: { summary?: string; compareUrl?: string } }>(
      `SELECT change FROM catalog_events WHERE tenant_id = $1 AND publisher_event_id = 'wc-1'`,
      [tenant.id],
    );
    expect(rows[0]!.change).toMatchObject({ summary, compareUrl: 'https://example.org/redline?a=1&b=2' });
  });

  it('an event without them is e-mailed as before: no empty summary, no comparison link', async () => {
    const { tenant, host } = await t.createTenant();
    const db = t.app.db;
    const { standardId, apiKey } = await buildNotificationCatalogue(db, tenant.id);
    const user = await addNotificationUser(db, tenant.id);
    await trackStandard(db, tenant.id, user.id, standardId);
    expect((await publish(host, apiKey, [{ ...newEdition, id: 'wc-plain' }])).json()).toMatchObject({
      applied: 1,
    });
    const mail = await eventually(async () => {
      const m = await t.app.inject({ method: 'GET', url: `/_dev/mail/messages?to=${user.login}` });
      const messages = m.json().messages as Array<{ html: string; text: string }>;
      expect(messages).toHaveLength(1);
      return messages[0]!;
    });
    expect(mail.text).not.toContain('Compare with the previous version');
    expect(mail.html).not.toContain('dir="auto"');
  });

  it.each([
    ['a javascript: comparison link', { compareUrl: 'javascript:alert(1)' }, 'compareUrl'],
    ['a relative comparison link', { compareUrl: '/redline' }, 'compareUrl'],
    ['a blank summary', { summary: '   ' }, 'summary'],
    ['a summary with a NUL byte', { summary: 'a\u0000b' }, 'summary'],
    ['a summary of 1,001 characters', { summary: 'x'.repeat(1001) }, 'summary'],
    ['a summary that is not text', { summary: 42 }, 'summary'],
  ])('%s is refused with the field named, and nothing is applied', async (_name, extra, field) => {
    const { tenant, host } = await t.createTenant();
    const db = t.app.db;
    const { apiKey } = await buildNotificationCatalogue(db, tenant.id);
    const r = await publish(host, apiKey, [{ ...newEdition, id: 'wc-bad', ...extra }]);
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toBe('validation_error');
    expect(JSON.stringify(r.json())).toContain(field);
    const { rows } = await db.query<{ n: number; designation: string }>(
      `SELECT (SELECT count(*)::int FROM catalog_events WHERE tenant_id = $1) AS n,
              (SELECT designation FROM standards WHERE tenant_id = $1 AND content_code = 'D638-CC') AS designation`,
      [tenant.id],
    );
    expect(rows[0]).toEqual({ n: 0, designation: 'D638-14' });
  });
});
