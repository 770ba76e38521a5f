import type { AddressInfo } from 'node:net';
import { CATALOG_CHANGES_PATH, NOTIFICATION_DELIVERIES_PATH } from '@trackwell/contracts';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import {
  addNotificationUser,
  buildNotificationCatalogue,
  eventually,
  trackSource,
} from '../support/notifications-fixtures.ts';

/**
 * A relay that misbehaves on purpose: `grey-*` recipients get 451 (try later) on their first two attempts,
 * `bounce-*` recipients get 550 (no such mailbox) always. Everything accepted is kept with its raw headers.
 */
async function startFlakyRelay() {
  const attempts = new Map<string, number>();
  const accepted: Array<{ to: string; subject: string; headers: Map<string, string> }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address;
      const n = (attempts.get(to) ?? 0) + 1;
      attempts.set(to, n);
      if (to.startsWith('bounce-'))
        return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      if (to.startsWith('grey-') && n <= 2)
        return callback(Object.assign(new Error('Greylisted, try later'), { responseCode: 451 }));
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const headers = new Map(
            parsed.headerLines.map((h) => [
              h.key,
              h.line
                .slice(h.line.indexOf(':') + 1)
                .replace(/\r?\n\s+/g, ' ')
                .trim(),
            ]),
          );
          accepted.push({ to: session.envelope.rcptTo[0]!.address, subject: parsed.subject ?? '', headers });
          callback();
        })
        .catch(callback);
    },
  });
  server.on('error', () => {}); // a client killed mid-message resets its connection: expected here
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, attempts, accepted, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('notification delivery over a real SMTP relay', () => {
  let relay: Awaited<ReturnType<typeof startFlakyRelay>>;
  let t: TestApp;
  beforeAll(async () => {
    relay = await startFlakyRelay();
    t = await buildTestApp({
      SMTP_URL: `smtp://127.0.0.1:${relay.port}`,
      NOTIFICATIONS_RETRY_DELAY_SECONDS: '1',
      NOTIFICATIONS_RETRY_LIMIT: '6',
      PUBLIC_URL_TEMPLATE: 'https://{host}',
    });
    await t.app.notifications.startWorker();
  });
  afterAll(async () => {
    await t?.close();
    await relay?.close();
  });

  it('sends RFC 8058 one-click headers; 451 is retried until it succeeds; 550 is recorded as failed, not retried', async () => {
    const { tenant, host } = await t.createTenant();
    const db = t.app.db;
    const { apiKey } = await buildNotificationCatalogue(db, tenant.id);
    const ok = await addNotificationUser(db, tenant.id, {
      login: `ok-${tenant.code}@example.com`,
      locale: 'ar',
    });
    const grey = await addNotificationUser(db, tenant.id, { login: `grey-${tenant.code}@example.com` });
    const bounce = await addNotificationUser(db, tenant.id, { login: `bounce-${tenant.code}@example.com` });
    for (const u of [ok, grey, bounce]) await trackSource(db, tenant.id, u.id, 'COMMITTEE', 'D20');

    const r = await t.app.inject({
      method: 'POST',
      url: CATALOG_CHANGES_PATH,
      headers: { host, authorization: `Bearer ${apiKey}` },
      payload: { events: [{ id: 'w1', type: 'withdrawal', standard: { contentCode: 'D638-CC' } }] },
    });
    expect(r.json()).toMatchObject({ applied: 1, results: [{ recipients: 3 }] });

    const deliveries = await eventually(async () => {
      const log = await t.app.inject({
        method: 'GET',
        url: `${NOTIFICATION_DELIVERIES_PATH}?eventId=w1`,
        headers: { host, 'x-api-key': apiKey },
      });
      const rows = log.json().deliveries as Array<{
        userId: string;
        status: string;
        attempts: number;
        lastError: string;
      }>;
      expect(rows.filter((d) => d.status === 'pending')).toEqual([]);
      return rows;
    }, 25_000);
    const of = (id: string) => deliveries.find((d) => d.userId === id)!;
    expect(of(ok.id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(of(grey.id)).toMatchObject({ status: 'sent', attempts: 3 });
    expect(of(bounce.id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(of(bounce.id).lastError).toMatch(/550|No such mailbox/);
    expect(relay.attempts.get(bounce.login)).toBe(1);

    // exactly one accepted message per deliverable recipient
    expect(relay.accepted.filter((m) => m.to === ok.login)).toHaveLength(1);
    expect(relay.accepted.filter((m) => m.to === grey.login)).toHaveLength(1);
    const mail = relay.accepted.find((m) => m.to === ok.login)!;
    expect(mail.subject).toBe('سحب \u2068D638-14\u2069');
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const listUnsubscribe = mail.headers.get('list-unsubscribe')!;
    expect(listUnsubscribe).toMatch(
      new RegExp(`^<https://${host}/notifications/unsubscribe\\?t=[^>]+>, <mailto:unsubscribe@`),
    );
    expect(mail.headers.get('content-language')).toBe('ar');
  }, 40_000);
});
