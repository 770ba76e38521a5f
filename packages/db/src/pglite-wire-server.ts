import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import {
  acquireSession,
  answerDumpRequest,
  DUMP_REQUEST,
  fatalError,
  frontendMessage,
} from './pglite-dump-request.ts';

/**
 * The running server's PGlite, served to the CLIs of the same machine over the PostgreSQL wire protocol on a
 * Unix socket (`npm run db:seed`, `catalog:changes`, `demo:changes`, `db:migrate` and `db:backup` while `npm start` runs).
 *
 * Why not `@electric-sql/pglite-socket`: PGlite is ONE PostgreSQL session, and that package makes each
 * protocol message exclusive (`runExclusive`, PGlite's query lock) but not a client's transaction against
 * the in-process users of the same instance. Between a CLI's BEGIN and COMMIT the server's own
 * `query()`/`transaction()` (and pg-boss's `ROLLBACK` after a failed job statement) would run inside the
 * CLI's transaction, and a CLI message could land between two statements of the server's transaction.
 * (It also pins `@electric-sql/pglite` 0.5.14 exactly, and its multi-client queue has open bugs:
 * electric-sql/pglite#985, #1046.)
 *
 * Here a client takes PGlite's TRANSACTION lock, the one that `query()`, `exec()` and `transaction()` take,
 * from its first message until the backend reports ReadyForQuery 'idle' after a Sync or simple Query, i.e.
 * for a whole transaction or extended-protocol batch, never less. The server's queries wait for it exactly as
 * they wait for the server's own transactions, and a client waits for them. Each batch of messages also runs
 * under PGlite's query lock (`runExclusive`). A client that stops talking while it holds the session (idle in
 * a transaction) is disconnected after `idleInTransactionMs`, and a client that goes away mid-transaction is
 * rolled back, so the server never stays blocked.
 *
 * NOTIFY sent by a client's transaction (the triggers on tenants and revocations) reaches the backend's output
 * of that client's exchange, not PGlite's in-process listeners; it is sent again in-process after the client's
 * transaction so the server's caches hear of it.
 *
 * Nothing leaves the machine: a Unix socket only, in a directory only the owner can enter (0700), the socket
 * itself 0600. Authentication is that file permission (like PostgreSQL's `peer`/`trust` on local sockets).
 */

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;

export interface PgliteWireServer {
  /** The socket's path (`…/.s.PGSQL.5432`, the name PostgreSQL clients look for in a socket directory). */
  readonly path: string;
  /** Clients connected now, and those of them waiting for the session (the server or another client has it). */
  readonly clients: { connected: number; waiting: number };
  /** Stops accepting, disconnects every client (their open transactions roll back) and removes the socket. */
  close(): Promise<void>;
}

export interface PgliteWireServerOptions {
  /** Disconnect a client that holds the session without sending anything for this long (default 60 s). */
  idleInTransactionMs?: number;
  /** Reports a failure that only the server's log can show (a re-sent NOTIFY that failed, a cleanup error). */
  onError?: (error: Error) => void;
}

/** The socket file PostgreSQL clients connect to in `dir` (`host=dir` for node-postgres and libpq). */
export const SOCKET_FILE = '.s.PGSQL.5432';

/**
 * Serves `db` on `<dir>/.s.PGSQL.5432`. `dir` is created (or re-permissioned) 0700; a socket file left there
 * by a killed process is replaced (the caller holds the data directory's lock, so it is no one else's).
 */
export async function servePgliteOnSocket(
  db: PGlite,
  dir: string,
  options: PgliteWireServerOptions = {},
): Promise<PgliteWireServer> {
  const path = `${dir}/${SOCKET_FILE}`;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  rmSync(path, { force: true });
  const connections = new Set<WireConnection>();
  const waiting = { count: 0 };
  const server: Server = createServer((socket) => {
    const connection = new WireConnection(db, socket, options, waiting, () => connections.delete(connection));
    connections.add(connection);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(path, 0o600);
  server.on('error', (error) => options.onError?.(error));
  let closing: Promise<void> | undefined;
  return {
    path,
    get clients() {
      return { connected: connections.size, waiting: waiting.count };
    },
    close: () =>
      (closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        await Promise.all([...connections].map((c) => c.terminate()));
        await closed;
        rmSync(path, { force: true });
      })()),
  };
}

const SYNC = frontendMessage('S');
const ROLLBACK = frontendMessage('Q', Buffer.from('ROLLBACK\0'));

/**
 * Reads the backend's messages as they stream out (they may be cut anywhere): the status of the last
 * ReadyForQuery, whether it was the last message, and the NOTIFY messages (channel, payload).
 */
class BackendReader {
  private pending = Buffer.alloc(0);
  lastType = '';
  lastStatus = '';
  notifications: Array<{ channel: string; payload: string }> = [];

  push(chunk: Uint8Array): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : Buffer.from(chunk);
    while (this.pending.length >= 5) {
      const length = this.pending.readInt32BE(1);
      if (this.pending.length < 1 + length) return;
      const type = String.fromCharCode(this.pending[0] ?? 0);
      const body = this.pending.subarray(5, 1 + length);
      if (type === 'Z') this.lastStatus = String.fromCharCode(body[0] ?? 0);
      if (type === 'A') {
        const channelEnd = body.indexOf(0, 4);
        const payloadEnd = body.indexOf(0, channelEnd + 1);
        this.notifications.push({
          channel: body.subarray(4, channelEnd).toString('utf8'),
          payload: body.subarray(channelEnd + 1, payloadEnd).toString('utf8'),
        });
      }
      this.lastType = type;
      this.pending = this.pending.subarray(1 + length);
    }
  }
}

class WireConnection {
  private input = Buffer.alloc(0);
  private started = false;
  private closed = false;
  /** Messages are handled one batch at a time, in order. */
  private queue: Promise<void> = Promise.resolve();
  /** Set while this client holds PGlite's session (inside its transaction or protocol batch). */
  private release: (() => void) | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private readonly reader = new BackendReader();
  private readonly db: PGlite;
  private readonly socket: Socket;
  private readonly options: PgliteWireServerOptions;
  private readonly waiting: { count: number };

  constructor(
    db: PGlite,
    socket: Socket,
    options: PgliteWireServerOptions,
    waiting: { count: number },
    onGone: () => void,
  ) {
    this.db = db;
    this.socket = socket;
    this.options = options;
    this.waiting = waiting;
    socket.on('data', (data) => {
      clearTimeout(this.idleTimer);
      this.input = this.input.length ? Buffer.concat([this.input, data]) : data;
      this.schedule(() => this.drain());
    });
    socket.on('error', () => {}); // followed by 'close'
    socket.on('close', () => {
      this.closed = true;
      clearTimeout(this.idleTimer);
      this.schedule(() => this.endSession());
      this.queue.then(onGone, onGone);
    });
  }

  /** Ends the connection (server shutdown); resolves once its session is rolled back and released. */
  terminate(): Promise<void> {
    this.socket.destroy();
    return this.schedule(() => this.endSession());
  }

  private schedule(step: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(step).catch((error: Error) => {
      this.options.onError?.(error);
      this.socket.destroy();
    });
    return this.queue;
  }

  private async drain(): Promise<void> {
    if (!this.started) {
      if (!(await this.startup())) return;
    }
    // Every complete message in the buffer, sent to PGlite as one batch (it runs them in order).
    let end = 0;
    let lastType = '';
    let terminate = false;
    while (this.input.length - end >= 5) {
      const length = this.input.readInt32BE(end + 1);
      if (this.input.length - end < 1 + length) break;
      lastType = String.fromCharCode(this.input[end] ?? 0);
      if (lastType === 'X') {
        terminate = true;
        break;
      }
      end += 1 + length;
    }
    const batch = this.input.subarray(0, end);
    this.input = terminate ? Buffer.alloc(0) : this.input.subarray(end);
    if (batch.length > 0 && !this.closed) await this.run(batch, lastType === 'S' || lastType === 'Q');
    if (terminate) this.socket.end();
  }

  /** SSL and GSS requests are declined, a cancel request is ignored, the startup packet goes to PGlite. */
  private async startup(): Promise<boolean> {
    while (!this.started && this.input.length >= 8) {
      const length = this.input.readInt32BE(0);
      if (this.input.length < length) return false;
      const code = this.input.readInt32BE(4);
      const packet = this.input.subarray(0, length);
      this.input = this.input.subarray(length);
      if (code === SSL_REQUEST || code === GSSENC_REQUEST) this.socket.write('N');
      else if (code === CANCEL_REQUEST) {
        // PGlite has no backend to signal; PostgreSQL closes the cancel connection without a reply.
        this.socket.end();
        return false;
      } else if (code === DUMP_REQUEST) {
        await answerDumpRequest(this.db, this.socket); // a backup (pglite-dump-request.ts)
        return false;
      } else if (code === PROTOCOL_3) {
        await this.run(packet, true);
        this.started = true;
      } else {
        this.socket.end(fatalError('08P01', `unsupported frontend protocol ${code >>> 16}.${code & 0xffff}`));
        return false;
      }
    }
    return this.started;
  }

  /**
   * Runs messages with this client holding the session. The session is given back only when the backend's
   * last message is ReadyForQuery 'I' (idle, outside a transaction) after a Sync or a simple Query, so a
   * transaction, or a Parse/Bind/Execute batch whose unnamed statement and portal live until Sync, is never
   * split by anyone else's query.
   */
  private async run(messages: Uint8Array, endsExchange: boolean): Promise<void> {
    if (!this.release) {
      this.waiting.count++;
      try {
        this.release = await acquireSession(this.db);
      } finally {
        this.waiting.count--;
      }
    }
    const reader = this.reader;
    await this.db.runExclusive(() =>
      this.db.execProtocolRawStream(messages, {
        onRawData: (data) => {
          reader.push(data);
          if (!this.closed) this.socket.write(Buffer.from(data));
        },
      }),
    );
    if (endsExchange && reader.lastType === 'Z' && reader.lastStatus === 'I') this.giveBack();
    else if (!this.closed) {
      const ms = this.options.idleInTransactionMs ?? 60_000;
      this.idleTimer = setTimeout(() => {
        this.socket.end(
          fatalError(
            '25P03',
            `terminating connection: idle for ${ms / 1000} s while holding the embedded database (the server waits for it)`,
          ),
        );
        this.socket.destroy();
      }, ms);
      this.idleTimer.unref();
    }
  }

  /** Releases the session, then lets the server's own listeners hear the client's NOTIFYs. */
  private giveBack(): void {
    const release = this.release;
    this.release = undefined;
    release?.();
    const notifications = this.reader.notifications.splice(0);
    for (const { channel, payload } of notifications) {
      this.db
        .query('SELECT pg_notify($1, $2)', [channel, payload])
        .catch((error: Error) => this.options.onError?.(error));
    }
  }

  /** The client is gone: whatever it left open (a protocol batch, a transaction) is closed, then released. */
  private async endSession(): Promise<void> {
    if (!this.release) return;
    try {
      await this.db.runExclusive(async () => {
        await this.db.execProtocolRaw(SYNC);
        if (this.db.isInTransaction()) await this.db.execProtocolRaw(ROLLBACK);
      });
    } finally {
      // What a rolled-back transaction announced never happened: drop it.
      this.reader.notifications.length = 0;
      this.giveBack();
    }
  }
}
