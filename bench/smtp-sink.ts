import type { AddressInfo } from 'node:net';
import { createTestDatabase } from '@trackwell/db/testing';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { parseEnv } from '../apps/server/src/config/env.ts';

/**
 * What the e-mail benchmarks share (bench/fanout, bench/digest): an SMTP sink on loopback that counts and
 * discards (the dev inbox's parsing and storing is the inbox's cost, not the pipeline's, and would slow both
 * sides alike), and the reference every pipeline is measured beside — raw pooled nodemailer sending
 * pre-rendered messages to the same sink.
 */
export async function startSink() {
  let accepted = 0;
  let waiter: { n: number; resolve: () => void } | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        accepted++;
        if (waiter && accepted >= waiter.n) waiter.resolve();
        callback();
      });
    },
  });
  server.on('error', () => {}); // a client killed mid-message resets its connection: expected here
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    get accepted() {
      return accepted;
    },
    reset() {
      accepted = 0;
    },
    until: (n: number) =>
      new Promise<void>((resolve) => {
        if (accepted >= n) resolve();
        else waiter = { n, resolve };
      }),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type Sink = Awaited<ReturnType<typeof startSink>>;

/** About the size of a change e-mail (~17 kB of HTML) unless the caller gives its own. */
const LOREM_HTML = `<!doctype html><html><body>${'<p>Lorem ipsum dolor sit amet, consectetur adipiscing.</p>'.repeat(300)}</body></html>`;
const LOREM_TEXT = 'Lorem ipsum dolor sit amet.\n'.repeat(40);

/**
 * The reference: raw pooled nodemailer sending `count` pre-rendered messages over `connections` connections
 * (two senders per connection) to the sink; answers the time in ms and resets the sink's count.
 */
export async function measureRawNodemailer(
  sink: Sink,
  options: { count: number; connections: number; html?: string; text?: string },
): Promise<number> {
  const transporter = nodemailer.createTransport({
    pool: true,
    maxConnections: options.connections,
    maxMessages: Number.POSITIVE_INFINITY,
    host: '127.0.0.1',
    port: sink.port,
    secure: false,
    ignoreTLS: true,
  });
  const html = options.html ?? LOREM_HTML;
  const text = options.text ?? LOREM_TEXT;
  const r0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: options.connections * 2 }, async () => {
      while (next < options.count) {
        const i = next++;
        await transporter.sendMail({
          from: 'bench@example.com',
          to: `bench-${i}@example.com`,
          subject: 'Reference',
          html,
          text,
        });
      }
    }),
  );
  const referenceMs = performance.now() - r0;
  transporter.close();
  sink.reset();
  return referenceMs;
}

/**
 * What an e-mail benchmark starts from: the server's settings (silent, `connections` SMTP connections), a
 * throw-away database (PGlite, or one on TEST_DATABASE_URL's server) and the sink.
 */
export async function openMailBench(connections: number) {
  const env = parseEnv({
    ...process.env,
    LOG_LEVEL: 'silent',
    NOTIFICATIONS_SMTP_CONNECTIONS: String(connections),
  });
  const database = await createTestDatabase();
  return { env, database, db: database.handle, sink: await startSink() };
}
