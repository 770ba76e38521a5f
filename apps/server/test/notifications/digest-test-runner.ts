import { decodeQuotedPrintable } from '@trackwell/email';
import { createDigestRunner } from '../../src/modules/notifications/digests.ts';
import { createMailContent } from '../../src/modules/notifications/mail-content.ts';
import type { MailTransport, NotificationMail } from '../../src/modules/notifications/transport.ts';
import type { TestApp } from '../support/helpers.ts';

/**
 * A digest runner like the worker's (digests and monthly status reports), mailing into `sent` (or crashing
 * once between the claim and the send when asked, or refused by the relay for good: SMTP 550).
 */
export function testDigestRunner(t: TestApp, options: { crashOnce?: boolean; refused?: boolean } = {}) {
  const sent: NotificationMail[] = [];
  let crash = options.crashOnce ?? false;
  const transport: MailTransport = {
    async send(m) {
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
    ...createDigestRunner({ db: t.app.db, env: t.app.env, transport, content: { ...content, storeMail } }),
  };
}
