import type { AddressInfo } from 'node:net';
import { type DatabaseHandle, insertMailMessage, type MailHeader } from '@trackwell/db';
import type { HeaderLines } from 'mailparser';
import type { Transporter } from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { emailsFailed, emailsSent } from '../../observability/metrics.ts';
import { inSmtpSpan } from '../../observability/spans.ts';

/**
 * The mail pipe: nodemailer over SMTP. With `SMTP_URL` it relays there (production). Without it, an
 * in-process SMTP sink listens on 127.0.0.1 (`SMTP_SINK_PORT`), parses every message with mailparser and
 * stores it in `mail_messages`, where the dev inbox API (`/_dev/mail/*`) and the tests read it. The sink is
 * real SMTP over loopback, so the code path is the production one up to the relay. The sink keeps every
 * header line and stores a redelivered message (same Message-ID and recipients) once. With DKIM settings
 * (SMTP_DKIM_*), every message is signed, to the relay and to the sink alike.
 */

/** nodemailer's `dkim` option (see `dkimSettings` in config/env.ts). */
export interface DkimOptions {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Sends and resolves once the SMTP server accepted the message (with the sink: once it is stored). */
  send(mail: OutgoingMail): Promise<void>;
  /** 'sink' when messages go to the local inbox. */
  readonly transport: 'sink' | 'smtp';
  /** The sink's port on 127.0.0.1 (sink only). */
  readonly sinkPort?: number;
  close(): Promise<void>;
}

export interface MailerOptions {
  db: DatabaseHandle;
  smtpUrl: string | undefined;
  sinkPort: number;
  from: string;
  dkim?: DkimOptions | undefined;
}

export async function createMailer({ db, smtpUrl, sinkPort, from, dkim }: MailerOptions): Promise<Mailer> {
  if (smtpUrl) {
    const transporter = lazyTransport({ url: smtpUrl, ...(dkim ? { dkim } : {}) });
    return {
      transport: 'smtp',
      send: (mail) => handOver(async () => (await transporter.get()).sendMail({ from, ...mail })),
      close: transporter.close,
    };
  }
  // Only this process sends to the sink, so any free port works when the configured one is taken
  // (a second server or a test run next to `npm start`).
  const sink = await startSmtpSink(db, sinkPort).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE' || sinkPort === 0) throw error;
    return startSmtpSink(db, 0);
  });
  const transporter = lazyTransport({
    host: '127.0.0.1',
    port: sink.port,
    secure: false,
    ignoreTLS: true,
    ...(dkim ? { dkim } : {}),
  });
  return {
    transport: 'sink',
    sinkPort: sink.port,
    send: (mail) => handOver(async () => (await transporter.get()).sendMail({ from, ...mail })),
    async close() {
      await transporter.close();
      await sink.close();
    },
  };
}

/** nodemailer's transport, made at the first e-mail: a process that sends none never loads nodemailer. */
function lazyTransport(options: Record<string, unknown>) {
  let transporter: Promise<Transporter> | undefined;
  return {
    get: () =>
      (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(options as never),
      )),
    async close() {
      (await transporter?.catch(() => undefined))?.close();
    },
  };
}

/** One account e-mail handed to SMTP: traced (tracing on) and counted, sent or failed. */
async function handOver(send: () => Promise<unknown>): Promise<void> {
  try {
    await inSmtpSpan('account', send);
  } catch (error) {
    emailsFailed.inc({ kind: 'account' });
    throw error;
  }
  emailsSent.inc({ kind: 'account' });
}

/**
 * Every header line of a message, in order, with the name as written and the value unfolded (a long
 * DKIM-Signature spans several lines on the wire).
 */
export function headerList(lines: HeaderLines): MailHeader[] {
  return lines.map(({ key, line }) => {
    const colon = line.indexOf(':');
    return {
      key: colon > 0 ? line.slice(0, colon).trim() : key,
      value: (colon > 0 ? line.slice(colon + 1) : line).replace(/\r?\n[ \t]+/g, ' ').trim(),
    };
  });
}

/** What the sink did with a message: stored it, or dropped it as a redelivery of a stored one. */
export type SinkOutcome = { stored: true; id: number } | { stored: false; messageId: string };

/** The local SMTP sink: accepts any message on loopback and stores it parsed (a redelivery once). */
export async function startSmtpSink(
  db: DatabaseHandle,
  port: number,
  onMessage?: (outcome: SinkOutcome, recipients: string[]) => void,
): Promise<{ port: number; close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    banner: 'Trackwell local mail sink',
    size: 10 * 1024 * 1024,
    logger: false,
    onData(stream, session, callback) {
      // mailparser on the first message: a process that receives none never loads it.
      import('mailparser')
        .then(({ simpleParser }) => simpleParser(stream))
        .then(async (parsed) => {
          const to = session.envelope.rcptTo.map((r) => r.address);
          const messageId = parsed.messageId ?? null;
          const id = await insertMailMessage(db, {
            messageId,
            // The From header as written, display name included ("AWWA Store <no-reply@…>"); else the envelope's
            from: parsed.from?.text || (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            to,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
            headers: headerList(parsed.headerLines),
          });
          // A redelivery is accepted (250) like any message, so the sender records it as sent.
          onMessage?.(id === undefined ? { stored: false, messageId: messageId! } : { stored: true, id }, to);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', () => {}); // a broken client connection must not take the process down
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
