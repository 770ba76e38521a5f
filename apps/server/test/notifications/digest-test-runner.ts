import { decodeQuotedPrintable } from '@trackwell/email';
import { expect } from 'vitest';
import { createDigestRunner } from '../../src/modules/notifications/digests.ts';
import { createMailContent } from '../../src/modules/notifications/mail-content.ts';
import type { MailTransport, NotificationMail } from '../../src/modules/notifications/transport.ts';
import type { TestApp } from '../support/helpers.ts';
import { eventually } from '../support/notifications-fixtures.ts';

/**
 * A digest runner like the worker's (digests and monthly status reports), mailing into `sent` (or crashing
 * once between the claim and the send when asked, or refused by the relay for good: SMTP 550), over `lanes`
 * SMTP connections, calling `onSend` as each e-mail goes.
 */
export function testDigestRunner(
  t: TestApp,
  options: { crashOnce?: boolean; refused?: boolean; lanes?: number; onSend?: () => void } = {},
) {
  const sent: NotificationMail[] = [];
  let crash = options.crashOnce ?? false;
  const transport: MailTransport = {
    async send(m) {
      options.onSend?.();
      if (options.refused) throw Object.assign(new Error('550 mailbox unavailable'), { responseCode: 550 });
      // A digest's HTML goes as its quoted-printable body: kept here decoded, as a mail client reads it.
      const html = typeof m.html === 'string' ? m.html : decodeQuotedPrintable(m.html.quotedPrintable);
      sent.push({ ...m, html });
      return { messageId: m.messageId, raw: `Message-ID: ${m.messageId}\r\nSubject: ${m.subject}\r\n\r\n` };
    },
    close: async () => {},
  };
  const content = createMailContent({
    db: t.app.db,
    origin: (host) => t.app.publicUrls.origin({ canonicalHost: host }),
    log: t.app.log,
  });
  const storeMail: typeof content.storeMail = async (tenantId) => {
    if (crash) {
      crash = false;
      throw new Error('the worker died here (simulated)');
    }
    return content.storeMail(tenantId);
  };
  return {
    sent,
    ...createDigestRunner({
      db: t.app.db,
      env: {
        ...t.app.env,
        NOTIFICATIONS_SMTP_CONNECTIONS: options.lanes ?? t.app.env.NOTIFICATIONS_SMTP_CONNECTIONS,
      },
      transport,
      content: { ...content, storeMail },
    }),
  };
}

/**
 * The environment of a suite that runs digests with its own clock beside a started worker: the worker's
 * digest job on the real clock claims any pending digest, a test's too, so it comes once an hour only.
 */
export const DIGEST_SUITE_ENV = { SMTP_SINK_PORT: '0', NOTIFICATIONS_DIGEST_EVERY_SECONDS: '3600' } as const;

/**
 * Starts the worker and waits until the digest job its start queues has run: from then until the next hour's
 * slot, digests a test makes are claimed by the test's own runner only.
 */
export async function startWorkerPastItsDigestRun(t: TestApp): Promise<void> {
  await t.app.notifications.startWorker();
  await eventually(async () => {
    const { rows } = await t.app.db.query(
      `SELECT 1 FROM pgboss.job WHERE name = 'notifications-digests' AND state = 'completed' LIMIT 1`,
    );
    expect(rows, 'the worker’s first digest job has run').toHaveLength(1);
  }, 60_000);
}
