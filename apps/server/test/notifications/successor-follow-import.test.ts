import { FOLLOW_SUCCESSOR_PATH } from '@trackwell/contracts';
import { applyCatalogImport } from '@trackwell/db';
import { parseCatalogCsv, parseStsXml } from '@trackwell/db/catalog-import';
import { EVERY_MATCHING_RULE } from '@trackwell/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import {
  addNotificationUser,
  buildNotificationCatalogue,
  eventually,
  trackedDesignations,
  trackStandard,
} from '../support/notifications-fixtures.ts';

/**
 * A replacement that comes by a catalogue import (CSV `replaced_by`, an STS file that supersedes) reaches the
 * trackers of the replaced standard as a published one does: the e-mail offers "Track <new> instead", and the
 * signed link moves the tracking once. The import is applied and announced as the console's import route
 * does it (catalog-import-routes.ts: applyCatalogImport, then dispatch of each event with recipients).
 */
describe('an imported replacement', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SMTP_SINK_PORT: '0', NOTIFICATIONS_RETRY_DELAY_SECONDS: '1' });
    await t.app.notifications.startWorker();
  });
  afterAll(() => t?.close());

  const tracked = (tenantId: string, userId: string) => trackedDesignations(t.app.db, tenantId, userId);

  it('e-mails the trackers of the old standard the "Track <new> instead" link, which moves the tracking once', async () => {
    const { tenant, host } = await t.createTenant();
    const db = t.app.db;
    const { standardId } = await buildNotificationCatalogue(db, tenant.id);
    const reader = await addNotificationUser(db, tenant.id);
    await trackStandard(db, tenant.id, reader.id, standardId);

    const file = [
      'content_code,asset_id,designation,title,publisher_code,committee_designation,status,edition,published_on,replaced_by',
      'D638-CC,D638,D638-14,Tensile Properties of Plastics,PUB1,D20,historical,2014,2014-12-15,D638-22-CC',
      'D638-22-CC,D638-22,D638-22,Tensile Properties of Plastics,PUB1,D20,active,2022,2022-06-01,',
    ].join('\n');
    const run = await applyCatalogImport(db, tenant.id, await parseCatalogCsv(file), {
      rules: EVERY_MATCHING_RULE,
    });
    expect(run.outcome).toBe('applied');
    expect(run.events).toEqual([expect.objectContaining({ kind: 'withdrawal', recipients: 1 })]);
    for (const event of run.events) await t.app.notifications.dispatch(event.eventId);

    const mail = await eventually(async () => {
      const m = await t.app.inject({ method: 'GET', url: `/_dev/mail/messages?to=${reader.login}` });
      const messages = m.json().messages as Array<{ html: string; text: string }>;
      expect(messages).toHaveLength(1);
      return messages[0]!;
    });
    expect(mail.html).toContain('D638-14 → D638-22');
    const link = /Track D638-22 instead: (\S+)/.exec(mail.text)?.[1];
    expect(link).toMatch(new RegExp(`^http://${host}${FOLLOW_SUCCESSOR_PATH}\\?e=\\d+&t=`));
    const url = new URL(link!);
    const path = `${url.pathname}${url.search}`;
    expect(await tracked(tenant.id, reader.id)).toEqual(['D638-14']);

    const form = { 'content-type': 'application/x-www-form-urlencoded', host };
    const done = await t.app.inject({ method: 'POST', url: path, headers: form, payload: '' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You now track D638-22 instead of D638-14.');
    expect(await tracked(tenant.id, reader.id)).toEqual(['D638-22']);
    const again = await t.app.inject({ method: 'POST', url: path, headers: form, payload: '' });
    expect(again.body).toContain('Already done');
    expect(await tracked(tenant.id, reader.id)).toEqual(['D638-22']);
  });

  it('an STS file whose new standard supersedes a tracked one: the tracker is told and follows it in one click', async () => {
    const { tenant, host } = await t.createTenant();
    const db = t.app.db;
    const { standardId } = await buildNotificationCatalogue(db, tenant.id);
    const reader = await addNotificationUser(db, tenant.id);
    await trackStandard(db, tenant.id, reader.id, standardId);
    const sts = `<std-meta><std-ident><originator>PUB1</originator><doc-number>D7000</doc-number>
      <edition>2024</edition></std-ident>
      <std-ref type="dated">D7000-24</std-ref><std-ref type="undated">D7000-CC</std-ref>
      <title-wrap xml:lang="en"><full>Tensile Properties, revised</full></title-wrap>
      <release-date iso-8601-date="2024-03-01"/><comm-ref>D20</comm-ref>
      <std-xref type="supersedes"><std-ref type="undated">D638-CC</std-ref></std-xref></std-meta>`;
    const run = await applyCatalogImport(db, tenant.id, await parseStsXml(sts), {
      rules: EVERY_MATCHING_RULE,
    });
    expect(run.outcome).toBe('applied');
    expect(run.events).toEqual([expect.objectContaining({ kind: 'withdrawal', recipients: 1 })]);
    for (const event of run.events) await t.app.notifications.dispatch(event.eventId);
    const mail = await eventually(async () => {
      const m = await t.app.inject({ method: 'GET', url: `/_dev/mail/messages?to=${reader.login}` });
      const messages = m.json().messages as Array<{ text: string }>;
      expect(messages).toHaveLength(1);
      return messages[0]!;
    });
    const link = new URL(/Track D7000-24 instead: (\S+)/.exec(mail.text)![1]!);
    const form = { 'content-type': 'application/x-www-form-urlencoded', host };
    const done = await t.app.inject({ method: 'POST', url: `${link.pathname}${link.search}`, headers: form });
    expect(done.body).toContain('You now track D7000-24 instead of D638-14.');
    expect(await tracked(tenant.id, reader.id)).toEqual(['D7000-24']);
    // The same file again: linked already, nobody is told twice.
    const again = await applyCatalogImport(db, tenant.id, await parseStsXml(sts), {
      rules: EVERY_MATCHING_RULE,
    });
    expect(again.events).toEqual([]);
  });
});
