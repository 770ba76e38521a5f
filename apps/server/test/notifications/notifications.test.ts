import { CATALOG_CHANGES_PATH, NOTIFICATION_DELIVERIES_PATH, UNSUBSCRIBE_PATH } from '@trackwell/contracts';
import { buildTenantDefinition } from '@trackwell/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceAppliedEvent, publishCatalogEvents } from '../../src/modules/notifications/publish.ts';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import {
  addNotificationUser,
  buildNotificationCatalogue,
  eventually,
  trackSource,
  trackStandard,
} from '../support/notifications-fixtures.ts';

type Message = { id: number; to: string[]; subject: string; text: string; html: string | null };

describe('change notifications: publisher API → matching → one branded, localized e-mail → one-click unsubscribe', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SMTP_SINK_PORT: '0', NOTIFICATIONS_RETRY_DELAY_SECONDS: '1' });
    await t.app.notifications.startWorker();
  });
  afterAll(() => t?.close());

  const inbox = async (to: string): Promise<Message[]> => {
    const r = await t.app.inject({ method: 'GET', url: `/_dev/mail/messages?to=${encodeURIComponent(to)}` });
    return r.json().messages;
  };
  const publish = (
    host: string,
    key: string | undefined,
    body: unknown,
    header: 'bearer' | 'x-api-key' = 'bearer',
  ) =>
    t.app.inject({
      method: 'POST',
      url: CATALOG_CHANGES_PATH,
      headers: {
        host,
        ...(key ? (header === 'bearer' ? { authorization: `Bearer ${key}` } : { 'x-api-key': key }) : {}),
      },
      payload: body as object,
    });

  /**
   * A store whose user tracks committee D20 (and `alsoWorkItems`), a new standard of D20 published, and the
   * one e-mail it sends that user, with the unsubscribe link it carries.
   */
  const mailedUnsubscribeLink = async (assetId: string, { alsoWorkItems = false } = {}) => {
    const { tenant, host } = await t.createTenant();
    const db = t.app.db;
    const { apiKey } = await buildNotificationCatalogue(db, tenant.id);
    const user = await addNotificationUser(db, tenant.id);
    await trackSource(db, tenant.id, user.id, 'COMMITTEE', 'D20');
    if (alsoWorkItems) await trackSource(db, tenant.id, user.id, 'WORKITEM', 'true');
    await publish(host, apiKey, {
      events: [
        {
          id: `n-${assetId}`,
          type: 'new_standard',
          standard: {
            assetId,
            contentCode: `${assetId}-CC`,
            designation: `${assetId}-26`,
            title: 'Recycled Plastics',
            publisherCode: 'PUB1',
            committeeDesignation: 'D20',
            edition: '2026',
            publishedOn: '2026-11-01',
            industryAreas: ['PLAS'],
          },
        },
      ],
    });
    const [mail] = await eventually(async () => {
      const m = await inbox(user.login);
      expect(m).toHaveLength(1);
      return m;
    });
    const link = /(http\S+\/notifications\/unsubscribe\S+)/.exec(mail!.text)?.[1];
    expect(link).toBeDefined();
    const trackings = async () =>
      (
        await db.query('SELECT 1 FROM source_trackings WHERE tenant_id = $1 AND user_id = $2', [
          tenant.id,
          user.id,
        ])
      ).rows.length;
    return { tenant, host, db, apiKey, user, mail: mail!, link: new URL(link!), trackings };
  };

  it('a user matching through three rules gets exactly one e-mail, in their language, branded, with the right headers; another tenant gets nothing', async () => {
    // A store offering German: e-mails are written only in languages the store offers.
    const def = buildTenantDefinition({ name: 'Acme Standards' });
    const { tenant, host } = await t.createTenant({
      code: def.code,
      name: 'Acme Standards',
      config: { ...def.config, ui: { ...def.config.ui, languages: ['en', 'de'] } },
    });
    const db = t.app.db;
    const { standardId, apiKey } = await buildNotificationCatalogue(db, tenant.id);
    const user = await addNotificationUser(db, tenant.id, { locale: 'de', firstName: 'Grete' });
    await trackStandard(db, tenant.id, user.id, standardId);
    await trackSource(db, tenant.id, user.id, 'COMMITTEE', 'D20');
    await trackSource(db, tenant.id, user.id, 'INDUSTRYAREA', 'PLAS');
    const other = await t.createTenant();
    await buildNotificationCatalogue(db, other.tenant.id);
    const foreign = await addNotificationUser(db, other.tenant.id);
    await trackSource(db, other.tenant.id, foreign.id, 'COMMITTEE', 'D20');

    const r = await publish(host, apiKey, {
      events: [
        {
          id: 'astm-2026-0001',
          type: 'new_edition',
          standard: { contentCode: 'D638-CC' },
          designation: 'D638-22',
          edition: '2022',
          publishedOn: '2022-06-01',
        },
      ],
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ applied: 1, duplicates: 0, rejected: 0, results: [{ recipients: 1 }] });

    const [mail] = await eventually(async () => {
      const m = await inbox(user.login);
      expect(m).toHaveLength(1);
      return m;
    });
    expect(mail!.subject).toBe('Neue Ausgabe von D638-22');
    expect(mail!.text).toContain('Bisherige Bezeichnung: D638-14');
    expect(mail!.text).toContain('Sie verfolgen den Ausschuss D20.');
    expect(mail!.text).toContain('Sie verfolgen die Norm D638-22.');
    expect(mail!.text).toContain('Sie verfolgen den Branchenbereich PLAS.');
    expect(mail!.html).toContain(`http://${host}/store/standards/D638.html`); // PUBLIC_URL_TEMPLATE, port 80
    expect(mail!.html).toContain('Acme Standards');
    expect(mail!.html).toContain('lang="de"');
    // The logo as the store's PNG (absolute, PUBLIC_URL_TEMPLATE) with its size; no web fonts.
    expect(mail!.html).toMatch(
      new RegExp(
        `<img[^>]*src="http://${host}/assets/${tenant.code}/logo\\.png\\?v=[0-9a-f]{16}"[^>]*width="180" height="48"`,
      ),
    );
    expect(mail!.html).not.toContain('logo.svg');
    expect(mail!.html).not.toMatch(/<link\b|@import|fonts\.googleapis/);
    // (the List-Unsubscribe headers on the wire are checked in notifications-smtp.test.ts)
    expect(await inbox(foreign.login)).toEqual([]);

    // the delivery log, per event and per user (the sender records "sent" just after the SMTP server accepts)
    await eventually(async () => {
      const log = await t.app.inject({
        method: 'GET',
        url: `${NOTIFICATION_DELIVERIES_PATH}?eventId=astm-2026-0001`,
        headers: { host, 'x-api-key': apiKey },
      });
      expect(log.json().deliveries).toMatchObject([{ userId: user.id, status: 'sent', attempts: 1 }]);
    });
    const byUser = await t.app.inject({
      method: 'GET',
      url: `${NOTIFICATION_DELIVERIES_PATH}?userId=${user.id}`,
      headers: { host, authorization: `Bearer ${apiKey}` },
    });
    expect(byUser.json().deliveries).toHaveLength(1);
  });

  it('the unsubscribe link page confirms (GET changes nothing); the one-click POST unsubscribes; later events send nothing', async () => {
    const { tenant, host, db, apiKey, user, mail, link } = await mailedUnsubscribeLink('D7000', {
      alsoWorkItems: true,
    });
    expect(mail.subject).toBe('New standard published: D7000-26');
    const path = link.pathname + link.search;
    expect(path.startsWith(UNSUBSCRIBE_PATH)).toBe(true);

    const page = await t.app.inject({ method: 'GET', url: path, headers: { host } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    const still = await db.query('SELECT 1 FROM source_trackings WHERE tenant_id = $1 AND user_id = $2', [
      tenant.id,
      user.id,
    ]);
    expect(still.rows.length).toBe(2);

    // a token is bound to its tenant and cannot be altered
    const other = await t.createTenant();
    expect(
      (await t.app.inject({ method: 'POST', url: path, headers: { host: other.host } })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `${path}x`, headers: { host } })).statusCode).toBe(400);

    const post = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    const cleared = await db.query('SELECT 1 FROM source_trackings WHERE tenant_id = $1 AND user_id = $2', [
      tenant.id,
      user.id,
    ]);
    expect(cleared.rows).toHaveLength(0);

    await trackSource(db, tenant.id, user.id, 'COMMITTEE', 'D20'); // even a source left behind sends nothing
    const later = await publish(host, apiKey, {
      events: [{ id: 'n2', type: 'withdrawal', standard: { assetId: 'D7000' } }],
    });
    expect(later.json().results[0]).toMatchObject({ outcome: 'applied', recipients: 0 });
  });

  it("a one-click unsubscribe whose signature is not the server's is refused for the very user and store it names; the genuine link still works", async () => {
    const { host, link, trackings } = await mailedUnsubscribeLink('D7001');
    const token = link.searchParams.get('t')!;
    // Same user, same time, same length: only the last character of the MAC differs.
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const oneClick = (value: string) =>
      t.app.inject({
        method: 'POST',
        url: `${UNSUBSCRIBE_PATH}?t=${encodeURIComponent(value)}`,
        headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    expect((await oneClick(forged)).statusCode).toBe(400);
    expect(await trackings()).toBe(1);
    expect((await oneClick(token)).statusCode).toBe(200);
    expect(await trackings()).toBe(0);
  });

  it('bad input: no key, wrong tenant key, malformed events, unknown standard, duplicate ids — clear errors, nothing applied twice', async () => {
    const { tenant, host } = await t.createTenant();
    const db = t.app.db;
    const { apiKey } = await buildNotificationCatalogue(db, tenant.id);
    const other = await t.createTenant();
    const { apiKey: otherKey } = await buildNotificationCatalogue(db, other.tenant.id);
    const event = { id: 'e1', type: 'withdrawal', standard: { contentCode: 'D638-CC' } };

    const none = await publish(host, undefined, { events: [event] });
    expect(none.statusCode).toBe(401);
    expect((await publish(host, 'twc_nope', { events: [event] })).statusCode).toBe(401);
    const wrong = await publish(host, otherKey, { events: [event] });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe('forbidden');

    const malformed = await publish(host, apiKey, { events: [{ id: 'm1', type: 'new_edition' }] });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('validation_error');
    const dupInBatch = await publish(host, apiKey, { events: [event, event] });
    expect(dupInBatch.statusCode).toBe(400);

    const mixed = await publish(
      host,
      apiKey,
      {
        events: [
          event,
          { id: 'e2', type: 'amendment', standard: { contentCode: 'NOPE' }, designation: 'X-1a' },
        ],
      },
      'x-api-key',
    );
    expect(mixed.statusCode).toBe(200);
    expect(mixed.json()).toMatchObject({
      applied: 1,
      rejected: 1,
      results: [
        { id: 'e1', outcome: 'applied' },
        { id: 'e2', outcome: 'rejected', error: 'unknown_standard' },
      ],
    });
    const again = await publish(host, apiKey, { events: [event] });
    expect(again.json()).toMatchObject({ applied: 0, duplicates: 1 });
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM catalog_events WHERE tenant_id = $1',
      [tenant.id],
    );
    expect(rows[0]!.n).toBe(1);
    // the other tenant's catalogue was not touched
    const s = await db.query<{ status: string }>(
      `SELECT status FROM standards WHERE tenant_id = $1 AND content_code = 'D638-CC'`,
      [other.tenant.id],
    );
    expect(s.rows[0]!.status).toBe('active');
  });

  it('a new edition without its designation or publication date: 400 naming the field, the standard unchanged, no event', async () => {
    const { tenant, host } = await t.createTenant();
    const db = t.app.db;
    const { apiKey } = await buildNotificationCatalogue(db, tenant.id);
    const standard = async () =>
      (
        await db.query<{ designation: string; edition: string; published_on: string }>(
          `SELECT designation, edition, published_on::text FROM standards
            WHERE tenant_id = $1 AND content_code = 'D638-CC'`,
          [tenant.id],
        )
      ).rows[0];
    const before = await standard();
    const edition = { type: 'new_edition', standard: { contentCode: 'D638-CC' }, edition: '2027' };
    for (const [id, event, field] of [
      ['no-designation', { ...edition, publishedOn: '2027-01-15' }, 'designation'],
      ['no-date', { ...edition, designation: 'D638-27' }, 'publishedOn'],
      ['blank-designation', { ...edition, designation: '  ', publishedOn: '2027-01-15' }, 'designation'],
      ['null-date', { ...edition, designation: 'D638-27', publishedOn: null }, 'publishedOn'],
    ] as const) {
      const res = await publish(host, apiKey, { events: [{ id, ...event }] });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('validation_error');
      expect(JSON.stringify(res.json())).toContain(field);
    }
    expect(await standard()).toEqual(before);
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM catalog_events WHERE tenant_id = $1',
      [tenant.id],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('an event a CLI applied and announced is sent by the running worker at once, not at its next sweep', async () => {
    const { tenant } = await t.createTenant();
    const db = t.app.db;
    const { standardId } = await buildNotificationCatalogue(db, tenant.id);
    const user = await addNotificationUser(db, tenant.id);
    await trackStandard(db, tenant.id, user.id, standardId);
    // What catalog:changes and demo:changes do: apply (no dispatch job of their own), then announce.
    const [result] = await publishCatalogEvents(
      db,
      tenant.id,
      [
        {
          id: 'cli-announced-1',
          type: 'editorial_change',
          standard: { contentCode: 'D638-CC' },
          note: 'Units.',
        },
      ],
      'cli',
      (eventId) => announceAppliedEvent(db, eventId),
    );
    expect(result?.recipients).toBe(1);
    // The sweep runs once a minute here (NOTIFICATIONS_CLAIM_SECONDS 120); `eventually` gives up after 20 s.
    await eventually(async () => expect(await inbox(user.login)).toHaveLength(1));
  });
});
