import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * An SMTP server for crash and scale tests that keeps EVERY delivery (no de-duplication, as a real relay
 * would deliver a re-sent message twice) and only reads each message's Message-ID header, so 10,000 e-mails
 * cost little CPU. `messageIds.get(to)` lists the Message-IDs accepted for a recipient, repeats included:
 * one distinct id per recipient is "one e-mail each" as a mailbox that drops redeliveries (the product's
 * local sink) shows it; repeats are the re-offers of at-least-once sending.
 */
export async function startCountingSmtpSink({ delayMs = 0 }: { delayMs?: number } = {}) {
  const messageIds = new Map<string, string[]>();
  let accepted = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 64 * 1024 && !head.includes('\r\n\r\n')) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        const headers = head.slice(0, head.indexOf('\r\n\r\n') + 1 || undefined).replace(/\r\n[ \t]+/g, ' ');
        const id = /^message-id:\s*(\S+)/im.exec(headers)?.[1] ?? '(none)';
        // `delayMs`: a slow relay, so that a sender's batch is still on its way when its worker stops.
        setTimeout(() => {
          for (const r of session.envelope.rcptTo) {
            const list = messageIds.get(r.address) ?? [];
            list.push(id);
            messageIds.set(r.address, list);
          }
          accepted++;
          callback();
        }, delayMs);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.on('error', () => {});
  return {
    port: (server.server.address() as AddressInfo).port,
    messageIds,
    /** Messages accepted (each SMTP DATA), repeats included. */
    get accepted() {
      return accepted;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
