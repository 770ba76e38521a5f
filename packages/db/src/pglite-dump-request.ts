import { connect, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

/**
 * A backup of the running server's PGlite through its socket (`npm run db:backup` while `npm start` runs):
 * PGlite's own dump of its data directory (`dumpDataDir`, a .tar.gz), made by the server, which alone may
 * read the files it has open. A special startup code (like PostgreSQL's SSL and cancel requests, which
 * share the 1234.xxxx range) asks for it; the answer is `K`, the length (8 bytes), then the bytes, or a
 * PostgreSQL ErrorResponse (`E`). A server without this answers "unsupported frontend protocol".
 */
export const DUMP_REQUEST = (1234 << 16) | 7001;

/** Takes PGlite's transaction lock (what query/exec/transaction take); resolves with its release. */
export function acquireSession(db: PGlite): Promise<() => void> {
  return new Promise((granted, failed) => {
    db._runExclusiveTransaction(() => new Promise<void>((release) => granted(release))).catch(failed);
  });
}

export const frontendMessage = (type: string, body: Buffer = Buffer.alloc(0)) => {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
};

export function fatalError(code: string, message: string): Buffer {
  const field = (tag: string, value: string) => Buffer.from(`${tag}${value}\0`, 'utf8');
  const body = Buffer.concat([
    field('S', 'FATAL'),
    field('V', 'FATAL'),
    field('C', code),
    field('M', message),
    Buffer.from([0]),
  ]);
  return frontendMessage('E', body);
}

const CHECKPOINT = frontendMessage('Q', Buffer.from('CHECKPOINT\0'));

/**
 * The server's side: with the session held (no transaction of anyone's is open, and every query waits), a
 * CHECKPOINT writes what is in memory to the files, then PGlite tars them. The dump is the moment the
 * session was taken; the server goes on as soon as the bytes are in memory.
 */
export async function answerDumpRequest(db: PGlite, socket: Socket): Promise<void> {
  let dump: Buffer;
  const release = await acquireSession(db);
  try {
    await db.runExclusive(() => db.execProtocolRaw(CHECKPOINT));
    const blob = await db.dumpDataDir('gzip');
    dump = Buffer.from(await blob.arrayBuffer());
  } catch (error) {
    socket.end(fatalError('XX000', `the backup failed: ${(error as Error).message}`));
    return;
  } finally {
    release();
  }
  const header = Buffer.alloc(9);
  header.write('K', 0, 'latin1');
  header.writeBigUInt64BE(BigInt(dump.length), 1);
  socket.write(header);
  socket.end(dump);
}

/** The message of a PostgreSQL ErrorResponse body (its `M` field). */
function errorMessage(body: Buffer): string {
  for (let at = 0; at < body.length && body[at] !== 0; ) {
    const end = body.indexOf(0, at + 1);
    if (body[at] === 'M'.charCodeAt(0)) return body.subarray(at + 1, end).toString('utf8');
    at = end + 1;
  }
  return 'no message';
}

/** The client's side: asks the server on `socketPath` for the dump; resolves with its bytes (.tar.gz). */
export function requestDataDirDump(socketPath: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(socketPath, () => {
      const request = Buffer.alloc(8);
      request.writeInt32BE(8, 0);
      request.writeInt32BE(DUMP_REQUEST, 4);
      socket.write(request);
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const answer = Buffer.concat(chunks);
      if (answer[0] === 'E'.charCodeAt(0)) {
        const message = errorMessage(answer.subarray(5));
        return reject(
          new Error(
            /unsupported frontend protocol/.test(message)
              ? 'The running server cannot make backups (it is an older Trackwell): restart it, or stop it ' +
                  'and run the backup again.'
              : `The running server answered: ${message}`,
          ),
        );
      }
      const length = answer.length >= 9 ? Number(answer.readBigUInt64BE(1)) : -1;
      if (answer[0] !== 'K'.charCodeAt(0) || answer.length !== 9 + length)
        return reject(
          new Error('The running server ended the backup before all of it arrived: run it again.'),
        );
      resolve(answer.subarray(9));
    });
  });
}
