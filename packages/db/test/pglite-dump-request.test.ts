import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fatalError, requestDataDirDump } from '../src/pglite-dump-request.ts';
import { type PgliteWireServer, servePgliteOnSocket } from '../src/pglite-wire-server.ts';
import { testEngine } from '../src/testing.ts';

// `npm run db:backup` while the server runs: the server's PGlite dumps itself when a client asks on its
// socket. The dump is a moment between transactions, never the middle of one.

// Nothing here depends on the suite's engine: it runs in the PGlite run only, not again beside PostgreSQL.
describe.runIf(testEngine() === 'pglite')('a backup asked of the running server through its socket', () => {
  let scratch: string;
  let db: PGlite;
  let server: PgliteWireServer;
  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'trackwell-dump-'));
    db = await PGlite.create();
    await db.exec('CREATE TABLE t (v int); INSERT INTO t VALUES (1), (2)');
    server = await servePgliteOnSocket(db, join(scratch, 'socket'));
  });
  afterAll(async () => {
    await server.close();
    await db.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  const rowsOf = async (dump: Buffer) => {
    const copy = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(dump)]) });
    try {
      return (await copy.query<{ v: number }>('SELECT v FROM t ORDER BY v')).rows.map((r) => r.v);
    } finally {
      await copy.close();
    }
  };

  it('answers with a dump that loads, holding the committed rows; the server goes on afterwards', async () => {
    const dump = await requestDataDirDump(server.path);
    expect(dump.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // gzip
    expect(await rowsOf(dump)).toEqual([1, 2]);
    expect((await db.query('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }]);
  });

  it('waits for a client’s open transaction to end: the dump has all of it or none', async () => {
    const client = new pg.Client({ host: dirname(server.path), port: 5432, user: 'postgres' });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query('INSERT INTO t VALUES (3)');
      const dumping = requestDataDirDump(server.path);
      await new Promise((r) => setTimeout(r, 200));
      await client.query('INSERT INTO t VALUES (4)');
      await client.query('COMMIT');
      expect(await rowsOf(await dumping)).toEqual([1, 2, 3, 4]);
    } finally {
      await client.end();
    }
  });

  it('says so when the server is an older one, or when the answer is cut short', async () => {
    const older = join(scratch, 'older.sock');
    const cut = join(scratch, 'cut.sock');
    const servers = [
      createServer((s) => s.end(fatalError('08P01', 'unsupported frontend protocol 1234.7001'))).listen(
        older,
      ),
      createServer((s) => s.end(Buffer.from('K\0\0\0\0\0\0\0\x10abc', 'latin1'))).listen(cut),
    ];
    try {
      await expect(requestDataDirDump(older)).rejects.toThrow(
        /cannot make backups \(it is an older Trackwell\)/,
      );
      await expect(requestDataDirDump(cut)).rejects.toThrow(/ended the backup before all of it arrived/);
      await expect(requestDataDirDump(join(scratch, 'none.sock'))).rejects.toThrow(/ENOENT/);
    } finally {
      for (const s of servers) s.close();
    }
  });
});
