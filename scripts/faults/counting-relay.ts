import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * The SMTP relay of the fault runs: accepts every message on 127.0.0.1 and counts it by Message-ID WITHOUT
 * de-duplication (a real relay delivers both copies of a re-sent message, unlike the dev sink), so a
 * duplicate is counted as one. `refuse()` closes the listening socket (new connections: ECONNREFUSED) and
 * answers 421 to every command on connections already open, as a relay going down does; `accept()` listens
 * again on the same port.
 */
export interface CountingRelay {
  readonly port: number;
  /** Messages accepted, copies included. */
  readonly accepted: number;
  /** Accepted copies per Message-ID. */
  readonly copies: ReadonlyMap<string, number>;
  /** Message-IDs accepted more than once, and how many extra copies in all. */
  duplicates(): { ids: number; extraCopies: number };
  /** Connection attempts and commands refused while down. */
  readonly refused: number;
  refuse(): Promise<void>;
  accept(): Promise<void>;
  close(): Promise<void>;
}

const unavailable = () =>
  Object.assign(new Error('Service not available, closing channel'), { responseCode: 421 });

export async function startCountingRelay(): Promise<CountingRelay> {
  const copies = new Map<string, number>();
  let accepted = 0;
  let refused = 0;
  let down = false;
  const refuseIfDown = (callback: (error?: Error) => void) => {
    if (!down) return callback();
    refused++;
    callback(unavailable());
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onConnect: (_session, callback) => refuseIfDown(callback),
    onMailFrom: (_address, _session, callback) => refuseIfDown(callback),
    onRcptTo: (_address, _session, callback) => refuseIfDown(callback),
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (down) {
          refused++;
          return callback(unavailable());
        }
        const raw = Buffer.concat(chunks).toString('latin1');
        const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
        const id = /^message-id:\s*(\S+)/im.exec(head)?.[1] ?? `(none ${accepted})`;
        copies.set(id, (copies.get(id) ?? 0) + 1);
        accepted++;
        callback();
      });
    },
  });
  server.on('error', () => {}); // a client dropping its connection must not stop the relay
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.server.listen(port, '127.0.0.1', () => {
        server.server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    get accepted() {
      return accepted;
    },
    get refused() {
      return refused;
    },
    copies,
    duplicates() {
      let ids = 0;
      let extraCopies = 0;
      for (const n of copies.values())
        if (n > 1) {
          ids++;
          extraCopies += n - 1;
        }
      return { ids, extraCopies };
    },
    async refuse() {
      down = true;
      await new Promise<void>((resolve) => server.server.close(() => resolve()));
    },
    async accept() {
      await listen(port);
      down = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
