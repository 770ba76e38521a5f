import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type DKIM from 'nodemailer/lib/dkim';
import type MailComposer from 'nodemailer/lib/mail-composer';
import type MailMessage from 'nodemailer/lib/mailer/mail-message';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import { emailsFailed, emailsSent } from '../../observability/metrics.ts';
import { inSmtpSpan } from '../../observability/spans.ts';

/**
 * The notification sender's SMTP pipe: a pooled nodemailer transport to SMTP_URL, or to the local sink
 * of the mail module. The mail module's `Mailer` sends plain messages; notifications need their own
 * headers (List-Unsubscribe, a stable Message-ID) and SMTP reply codes to decide on retries, hence this
 * narrow interface. The message is composed (and DKIM-signed) here, before it is handed to SMTP, so the
 * exact bytes sent are known and kept with the delivery (the console opens an e-mail exactly as it was sent).
 */
export interface NotificationMail {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  /** The HTML, or its quoted-printable body already encoded (CompiledNotification.renderEncoded). */
  html: string | { quotedPrintable: string };
  messageId: string;
  headers: Record<string, string>;
}

export interface MailTransport {
  /** Resolves once the SMTP server accepted the message: its Message-ID and the MIME message sent. */
  send(message: NotificationMail): Promise<{ messageId: string; raw: string }>;
  close(): Promise<void>;
}

/**
 * A multipart boundary's random part. nodemailer draws one from `crypto.randomBytes` (a system call) for each
 * MIME node it makes, and another two for a Message-ID it was not given: 6% of bench/fanout's CPU
 * (--cpu-prof, 10,000 recipients). Given the root's boundary and the Message-ID, a third of that goes (the
 * parts' nodes still draw theirs, unused). A UUID comes from Node's cached entropy.
 */
const boundary = () => randomUUID().replaceAll('-', '');

/**
 * Lines end in CRLF, as SMTP carries them (nodemailer would convert bare LFs on the wire): what is kept is
 * then what the relay receives, and the signature is computed over those very bytes. nodemailer writes its
 * own lines so; the parts' text is given so here, which costs less than its `newline` option (a stream that
 * reads every byte of the message again: 4% of bench/digest's CPU).
 */
function crlf(text: string): string {
  // Looked for first: the pre-encoded HTML (qp.ts) has CRLF breaks already, and is 20 kB to copy.
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1))
    if (text.charCodeAt(at - 1) !== 0x0d) return text.replace(/\r?\n/g, '\r\n');
  return text;
}

/** The whole MIME message, DKIM-signed when configured: what goes to SMTP, byte for byte. */
async function composeMessage(
  m: NotificationMail,
  { Composer, dkim }: { Composer: typeof MailComposer; dkim: DKIM | undefined },
): Promise<Buffer> {
  const composed = await new Composer({
    baseBoundary: boundary(),
    from: m.from,
    to: m.to,
    subject: m.subject,
    text: crlf(m.text),
    // A pre-encoded HTML part goes in as is: nodemailer neither scans nor re-encodes it.
    html:
      typeof m.html === 'string'
        ? crlf(m.html)
        : {
            raw: `Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${crlf(m.html.quotedPrintable)}`,
          },
    messageId: m.messageId,
    headers: m.headers,
  })
    .compile()
    .build();
  return dkim ? buffer(dkim.sign(composed)) : composed;
}

/**
 * A message composed already, as nodemailer's transport API hands one to a transport (`mail.data`,
 * `mail.message`): the pool reads its envelope and Message-ID and streams it, a new stream each time it
 * tries (a message a dropped connection never started is tried again on another). Through `sendMail` the
 * composed bytes would go through a second MailComposer (a raw node, its boundary, its stream pipelines)
 * only to come out unchanged: 4–24% more CPU an e-mail for `send` in 4 interleaved rounds (bench/fanout).
 */
function composedMail(m: NotificationMail, raw: Buffer) {
  const envelope = { from: m.from.address, to: [m.to] };
  const message = {
    getEnvelope: () => envelope,
    messageId: () => m.messageId,
    getHeader: (key: string) => (key.toLowerCase() === 'message-id' ? m.messageId : undefined),
    createReadStream: () => Readable.from([raw], { objectMode: false }),
  };
  return { data: {}, message } as unknown as MailMessage<SMTPPool.SentMessageInfo>;
}

export function createSmtpTransport(options: {
  smtpUrl?: string | undefined;
  sinkPort?: number | undefined;
  connections: number;
  /** DKIM signing (SMTP_DKIM_*), for the relay and the sink alike. */
  dkim?: { domainName: string; keySelector: string; privateKey: string } | undefined;
}): MailTransport {
  const pool = { maxConnections: options.connections, maxMessages: Number.POSITIVE_INFINITY };
  // nodemailer's parts load with the first notification: a process that sends none never loads them.
  let parts: Promise<Parts> | undefined;
  const open = async (): Promise<Parts> => {
    const [{ default: Dkim }, { default: Composer }, { default: Pool }] = await Promise.all([
      import('nodemailer/lib/dkim'),
      import('nodemailer/lib/mail-composer'),
      import('nodemailer/lib/smtp-pool'),
    ]);
    const smtp = options.smtpUrl
      ? new Pool({ ...pool, url: options.smtpUrl } as SMTPPool.Options)
      : new Pool({
          ...pool,
          host: '127.0.0.1',
          port: options.sinkPort ?? 2525,
          secure: false,
          ignoreTLS: true,
        });
    return { Composer, dkim: options.dkim ? new Dkim(options.dkim) : undefined, smtp };
  };
  return {
    async send(m) {
      parts ??= open();
      const { smtp, ...compose } = await parts;
      const raw = await composeMessage(m, compose);
      await inSmtpSpan(
        'notification',
        () =>
          new Promise<void>((resolve, reject) =>
            smtp.send(composedMail(m, raw), (error) => (error ? reject(error) : resolve())),
          ),
      ).catch((error: unknown) => {
        emailsFailed.inc({ kind: 'notification' });
        throw error;
      });
      emailsSent.inc({ kind: 'notification' });
      return { messageId: m.messageId, raw: raw.toString('utf8') };
    },
    async close() {
      (await parts?.catch(() => undefined))?.smtp.close();
    },
  };
}

/** What sending needs of nodemailer: its composer, the DKIM signer (when configured) and the SMTP pool. */
interface Parts {
  Composer: typeof MailComposer;
  dkim: DKIM | undefined;
  smtp: SMTPPool;
}

/**
 * Whether an SMTP failure is worth retrying: 4xx replies (451 greylisting, 421 busy) and connection
 * problems are; 5xx replies (550 no such mailbox) are permanent and recorded as failed.
 */
export function isTransientSmtpError(error: unknown): boolean {
  const e = error as { responseCode?: number; code?: string };
  if (typeof e.responseCode === 'number') return e.responseCode < 500;
  return true; // ECONNECTION, ETIMEDOUT, ESOCKET, EDNS… : the relay may be back later
}
