import { CONSOLE_PATHS } from '@trackwell/contracts';
import { deleteMailMessage, listAuditEntries, listMailMessages } from '@trackwell/db';
import { simpleParser } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  a,
  adminA,
  adminB,
  callAs,
  editorA,
  operator,
  t,
  useConsoleWorld,
} from '../support/console-world.ts';
import {
  addNotificationUser,
  buildNotificationCatalogue,
  eventually,
  trackSource,
} from '../support/notifications-fixtures.ts';
import { expectError } from '../support/tracker-world.ts';

/**
 * The console's deliveries: per change matched / sent / failed / unsubscribed with the failure reasons, per day,
 * retry re-sends only the failed (once: a second retry finds none), and an e-mail as it was sent (what the
 * mail sink received). store_admin and operators only.
 */
useConsoleWorld({ env: { SMTP_SINK_PORT: '0', NOTIFICATIONS_RETRY_DELAY_SECONDS: '1' }, worker: true });

const url = (path: string) => path.replace(':code', a.tenant.code);
const inbox = (to: string) => listMailMessages(t.app.db, { to });
const db = () => t.app.db;

let users: Array<{ id: string; login: string }> = [];
let changeId = '';

type Delivery = { id: number; user_id: string; status: string; sent_at: Date | null };
const deliveries = async () =>
  (
    await db().query<Delivery>(
      'SELECT id::int AS id, user_id, status, sent_at FROM notification_deliveries WHERE tenant_id = $1 AND event_id = $2 ORDER BY id',
      [a.tenant.id, changeId],
    )
  ).rows;

beforeAll(async () => {
  await buildNotificationCatalogue(db(), a.tenant.id);
  users = [];
  for (let i = 0; i < 3; i++) {
    const u = await addNotificationUser(db(), a.tenant.id);
    await trackSource(db(), a.tenant.id, u.id, 'COMMITTEE', 'D20');
    users.push(u);
  }
  const res = await callAs(adminA, {
    method: 'POST',
    url: url(CONSOLE_PATHS.storeChanges),
    payload: { id: 'deliv-1', type: 'withdrawal', standard: { contentCode: 'D638-CC' } },
  });
  expect(res.json()).toMatchObject({ outcome: 'applied', recipients: 3 });
  await eventually(async () => {
    for (const u of users) expect(await inbox(u.login)).toHaveLength(1);
  });
  const { rows } = await db().query<{ id: string }>(
    `SELECT id::text AS id FROM catalog_events WHERE tenant_id = $1 AND publisher_event_id = 'deliv-1'`,
    [a.tenant.id],
  );
  changeId = rows[0]!.id;
});

describe('console deliveries', () => {
  it('a delivery’s message is the e-mail the mail sink received, byte for byte in its parts', async () => {
    const [first] = await deliveries();
    const res = await callAs(adminA, {
      url: url(CONSOLE_PATHS.storeDeliveryMessage).replace(':deliveryId', String(first!.id)),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { mime: string; messageId: string; changeId: string };
    expect(body.changeId).toBe(changeId);
    const login = users.find((u) => u.id === first!.user_id)!.login;
    const [received] = await inbox(login);
    const parsed = await simpleParser(body.mime);
    expect(parsed.messageId).toBe(received!.messageId);
    expect(body.messageId).toBe(received!.messageId);
    expect(parsed.subject).toBe(received!.subject);
    expect(parsed.html).toBe(received!.html);
    expect(parsed.text).toBe(received!.text);
    // every header the sink kept is in the stored message, with the same value
    for (const h of received!.headers.filter((x) => !/^(received|x-trackwell-delivery)$/i.test(x.key)))
      expect(body.mime.toLowerCase(), h.key).toContain(`${h.key.toLowerCase()}:`);
    expect(body.mime).toContain(`X-Trackwell-Delivery: ${first!.id}`);
  });

  it('a change’s deliveries are listed with their ids, recipients and status, paged; the id opens the e-mail', async () => {
    const listUrl = url(CONSOLE_PATHS.storeChangeDeliveries).replace(':id', changeId);
    const res = await callAs(adminA, { url: listUrl });
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      deliveries: Array<{ id: string; recipient: string; status: string; hasMessage: boolean }>;
      nextCursor: string | null;
    };
    expect(body.nextCursor).toBeNull();
    expect(body.deliveries.map((d) => d.recipient).sort()).toEqual(users.map((u) => u.login).sort());
    expect(body.deliveries.every((d) => d.status === 'sent' && d.hasMessage)).toBe(true);
    const message = await callAs(adminA, {
      url: url(CONSOLE_PATHS.storeDeliveryMessage).replace(':deliveryId', body.deliveries[0]!.id),
    });
    expect(message.statusCode).toBe(200);
    const first = (await callAs(adminA, { url: `${listUrl}?limit=2` })).json();
    expect(first.deliveries).toHaveLength(2);
    const rest = (await callAs(adminA, { url: `${listUrl}?limit=2&cursor=${first.nextCursor}` })).json();
    expect(rest.deliveries.map((d: { id: string }) => d.id)).toEqual([body.deliveries[2]!.id]);
    expect(rest.nextCursor).toBeNull();
    // Another store's admin and a catalogue editor are refused; a change the store lacks is 404.
    expectError(await callAs(adminB, { url: listUrl }), 403);
    expectError(await callAs(editorA, { url: listUrl }), 403);
    expectError(
      await callAs(adminA, { url: url(CONSOLE_PATHS.storeChangeDeliveries).replace(':id', '999999') }),
      404,
    );
  });

  it('per change: matched, sent, failed with the reasons, unsubscribed; retry re-sends only the failed, once', async () => {
    const [failing, unsubscriber, other] = await deliveries();
    await db().query(
      `UPDATE notification_deliveries SET status = 'failed', last_error = '550 5.1.1 mailbox unavailable'
        WHERE tenant_id = $1 AND id = $2`,
      [a.tenant.id, failing!.id],
    );
    const failingLogin = users.find((u) => u.id === failing!.user_id)!.login;
    for (const m of await inbox(failingLogin)) await deleteMailMessage(db(), m.id);
    await db().query(
      `INSERT INTO tracking_unsubscribes (tenant_id, user_id, application_code) VALUES ($1, $2, 'TRACKER')`,
      [a.tenant.id, unsubscriber!.user_id],
    );
    const list = await callAs(adminA, { url: url(CONSOLE_PATHS.storeChanges) });
    expect(list.statusCode).toBe(200);
    expect(list.json().changes[0]).toMatchObject({
      id: changeId,
      publisherEventId: 'deliv-1',
      kind: 'withdrawal',
      source: 'console', // published from the console's Changes screen
      matched: 3,
      sent: 2,
      failed: 1,
      unsubscribed: 1,
      failureReasons: [{ reason: '550 5.1.1 mailbox unavailable', count: 1 }],
    });

    const retryUrl = url(CONSOLE_PATHS.storeChangeRetry).replace(':id', changeId);
    const retried = await callAs(adminA, { method: 'POST', url: retryUrl });
    expect(retried.json()).toEqual({ id: changeId, requeued: 1 });
    await eventually(async () => expect(await inbox(failingLogin)).toHaveLength(1));
    // The sink has the message before the worker marks its delivery sent: wait for that too.
    await eventually(async () =>
      expect((await deliveries()).map((d) => d.status)).toEqual(['sent', 'sent', 'sent']),
    );
    const after = await deliveries();
    expect(after.find((d) => d.id === other!.id)!.sent_at).toEqual(other!.sent_at); // untouched
    for (const u of users) expect(await inbox(u.login)).toHaveLength(1);

    expect((await callAs(operator, { method: 'POST', url: retryUrl })).json()).toEqual({
      id: changeId,
      requeued: 0,
    });
    const audit = await listAuditEntries(db(), {
      tenantId: a.tenant.id,
      action: 'deliveries.retry',
      limit: 5,
    });
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0]).toMatchObject({ actorLogin: adminA.user.login, target: changeId });
  });

  it('per day: sent and failed counts of the store; a span that ends before it starts is a 400 naming `to`', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const res = await callAs(adminA, {
      url: `${url(CONSOLE_PATHS.storeDeliveriesDaily)}?from=${monthAgo}&to=${today}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ days: [{ day: today, sent: 3, failed: 0 }] });
    const bad = await callAs(adminA, {
      url: `${url(CONSOLE_PATHS.storeDeliveriesDaily)}?from=${today}&to=2020-01-01`,
    });
    expectError(bad, 400);
    expect(JSON.stringify(bad.json().issues)).toContain('querystring.to');
    const tooLong = await callAs(adminA, {
      url: `${url(CONSOLE_PATHS.storeDeliveriesDaily)}?from=2020-01-01&to=${today}`,
    });
    expectError(tooLong, 400);
  });

  it('a catalogue editor may publish changes but not read deliveries; unknown ids are 404', async () => {
    expectError(await callAs(editorA, { url: url(CONSOLE_PATHS.storeChanges) }), 403);
    expectError(
      await callAs(adminA, {
        method: 'POST',
        url: url(CONSOLE_PATHS.storeChangeRetry).replace(':id', '999999'),
      }),
      404,
    );
    expectError(
      await callAs(adminA, { url: url(CONSOLE_PATHS.storeDeliveryMessage).replace(':deliveryId', '999999') }),
      404,
    );
  });

  it('changes are listed newest first, one cursor page after another', async () => {
    const published = await callAs(adminA, {
      method: 'POST',
      url: url(CONSOLE_PATHS.storeChanges),
      payload: { id: 'deliv-2', type: 'reinstatement', standard: { contentCode: 'D638-CC' } },
    });
    expect(published.json()).toMatchObject({ outcome: 'applied' });
    const first = (await callAs(adminA, { url: `${url(CONSOLE_PATHS.storeChanges)}?limit=1` })).json();
    expect(first.changes.map((c: { publisherEventId: string }) => c.publisherEventId)).toEqual(['deliv-2']);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (
      await callAs(adminA, { url: `${url(CONSOLE_PATHS.storeChanges)}?limit=1&cursor=${first.nextCursor}` })
    ).json();
    expect(second.changes.map((c: { publisherEventId: string }) => c.publisherEventId)).toEqual(['deliv-1']);
    expect(second.nextCursor).toBeNull();
  });
});
