import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { CONSOLE_PATHS } from '@trackwell/contracts';
import { grantConsoleRole } from '@trackwell/db';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import { buildNotificationCatalogue, eventually, trackSource } from '../support/notifications-fixtures.ts';
import { createTrackerTenant, startTestIssuer, type TestIssuer } from '../support/tracker-fixtures.ts';

/**
 * The console's "open an e-mail exactly as it was sent", against a relay (SMTP_URL) that keeps every message's
 * bytes, with DKIM signing on: the delivery's message is the very bytes the relay received, signature included.
 */
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
const PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

const received = new Map<string, string>();
const relay = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      for (const r of session.envelope.rcptTo)
        received.set(r.address, Buffer.concat(chunks).toString('utf8'));
      callback();
    });
  },
});

let t: TestApp;
let issuer: TestIssuer;
beforeAll(async () => {
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', () => resolve()));
  const port = (relay.server.address() as AddressInfo).port;
  t = await buildTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    SMTP_DKIM_DOMAIN: 'mail.example.com',
    SMTP_DKIM_SELECTOR: 'tw2026',
    SMTP_DKIM_PRIVATE_KEY: PEM.trim().replace(/\n/g, '\\n'),
  });
  await t.app.notifications.startWorker();
  issuer = await startTestIssuer();
});
afterAll(async () => {
  await t?.close();
  await issuer?.close();
  await new Promise<void>((resolve) => relay.close(() => resolve()));
});

describe('console: a delivery’s e-mail as sent', () => {
  it('is byte for byte what the SMTP relay received, DKIM signature included', async () => {
    const store = await createTrackerTenant(t, issuer);
    const admin = await store.createUser();
    await grantConsoleRole(t.app.db, store.tenant.id, admin.id, 'store_admin', null);
    await buildNotificationCatalogue(t.app.db, store.tenant.id);
    const reader = await store.createUser();
    await trackSource(t.app.db, store.tenant.id, reader.id, 'COMMITTEE', 'D20');
    const url = (path: string) => path.replace(':code', store.tenant.code);
    const published = await store.call(admin, {
      method: 'POST',
      url: url(CONSOLE_PATHS.storeChanges),
      payload: { id: 'bytes-1', type: 'withdrawal', standard: { contentCode: 'D638-CC' } },
    });
    expect(published.json()).toMatchObject({ outcome: 'applied', recipients: 1 });
    const relayed = await eventually(async () => {
      const m = received.get(reader.login);
      expect(m).toBeDefined();
      return m!;
    });
    // the row is marked sent just after the relay's 250
    const res = await eventually(async () => {
      const { rows } = await t.app.db.query<{ id: string }>(
        `SELECT id::text AS id FROM notification_deliveries WHERE tenant_id = $1 AND status = 'sent'`,
        [store.tenant.id],
      );
      expect(rows).toHaveLength(1);
      const r = await store.call(admin, {
        url: url(CONSOLE_PATHS.storeDeliveryMessage).replace(':deliveryId', rows[0]!.id),
      });
      expect(r.statusCode).toBe(200);
      return r;
    });
    const mime = (res.json() as { mime: string }).mime;
    expect(mime.startsWith('DKIM-Signature: v=1; a=rsa-sha256;')).toBe(true);
    expect(mime.replace(/\r\n$/, '')).toBe(relayed.replace(/\r\n$/, ''));
  });
});
