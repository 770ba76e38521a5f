import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, pgliteDataDir } from '../src/client.ts';
import { readDataDirLock } from '../src/data-dir-lock.ts';
import { type PgliteWireServer, servePgliteOnSocket } from '../src/pglite-wire-server.ts';
import { testEngine } from '../src/testing.ts';

// The running server's PGlite served to this machine's CLIs (pglite-wire-server.ts): a real PGlite, real
// node-postgres clients over the real Unix socket. PGlite is ONE session: these tests prove that a client's
// transaction and the server's own queries and transactions never run inside one another.

/** Waits (without a deadline of its own: the test's timeout is it) until `ready()` holds. */
async function until(ready: () => boolean): Promise<void> {
  while (!ready()) await new Promise((r) => setTimeout(r, 5));
}

// Nothing here depends on the suite's engine: it runs in the PGlite run only, not again beside PostgreSQL.
describe.runIf(testEngine() === 'pglite')(
  'PGlite on a Unix socket, one session shared without interleaving',
  () => {
    let scratch: string;
    let db: PGlite;
    let server: PgliteWireServer;
    const clients: pg.Client[] = [];

    const connect = async () => {
      const client = new pg.Client({ host: dirname(server.path), port: 5432, user: 'postgres' });
      client.on('error', () => {}); // a disconnect by the server is checked where it is expected
      await client.connect();
      clients.push(client);
      return client;
    };

    beforeAll(async () => {
      scratch = mkdtempSync(join(tmpdir(), 'trackwell-wire-'));
      db = await PGlite.create();
      await db.exec('CREATE TABLE t (v int)');
    });
    afterAll(async () => {
      await db.close();
      rmSync(scratch, { recursive: true, force: true });
    });
    beforeEach(async () => {
      await db.exec('TRUNCATE t');
      server = await servePgliteOnSocket(db, join(scratch, 'socket'), { idleInTransactionMs: 60_000 });
    });
    afterEach(async () => {
      await Promise.all(clients.splice(0).map((c) => c.end().catch(() => {})));
      await server.close();
    });

    const values = async () =>
      (await db.query<{ v: number }>('SELECT v FROM t ORDER BY v')).rows.map((r) => r.v);

    it('answers parameterised queries; only the owner can reach the socket (directory 0700, socket 0600)', async () => {
      const client = await connect();
      expect((await client.query('SELECT $1::int + 1 AS n', [41])).rows).toEqual([{ n: 42 }]);
      expect(statSync(dirname(server.path)).mode & 0o777).toBe(0o700);
      expect(statSync(server.path).mode & 0o777).toBe(0o600);
    });

    it("the server's queries wait for a client's open transaction and never run inside it", async () => {
      const client = await connect();
      await client.query('BEGIN');
      await client.query('INSERT INTO t VALUES (1)');
      let serverRead: number | undefined;
      const read = db
        .query<{ n: number }>('SELECT count(*)::int AS n FROM t')
        .then((r) => (serverRead = r.rows[0]?.n));
      const write = db.query('INSERT INTO t VALUES (2)'); // would be rolled back with the client's work
      // The client's next statement is answered while the server's two are still waiting for the session.
      expect((await client.query('SELECT count(*)::int AS n FROM t')).rows[0].n).toBe(1);
      expect(serverRead).toBeUndefined();
      await client.query('ROLLBACK');
      await Promise.all([read, write]);
      expect(serverRead).toBe(0); // ran after the rollback, not inside the transaction
      expect(await values()).toEqual([2]); // the server's insert was not rolled back with the client's
    });

    it("a client's statement waits for the server's transaction and never runs inside it", async () => {
      const client = await connect();
      let open!: () => void;
      const gate = new Promise<void>((r) => {
        open = r;
      });
      const serverTx = db.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (10)');
        await gate; // the server's transaction is open, between two of its statements
        await tx.query('INSERT INTO t VALUES (11)');
      });
      const clientRead = client.query<{ v: number }>('SELECT v FROM t ORDER BY v');
      await until(() => server.clients.waiting === 1); // the client's query reached the socket and waits
      open();
      await serverTx;
      // Inside the server's transaction it would have seen 10 alone; after its commit it sees both.
      expect((await clientRead).rows.map((r) => r.v)).toEqual([10, 11]);
    });

    it('two clients: the second waits for the first one’s transaction', async () => {
      const [a, b] = [await connect(), await connect()];
      await a.query('BEGIN');
      await a.query('INSERT INTO t VALUES (1)');
      const bRead = b.query<{ n: number }>('SELECT count(*)::int AS n FROM t');
      await until(() => server.clients.waiting === 1);
      await a.query('INSERT INTO t VALUES (2)');
      await a.query('COMMIT');
      expect((await bRead).rows[0]?.n).toBe(2);
    });

    it('a client that goes away mid-transaction is rolled back and the server goes on', async () => {
      const client = await connect();
      await client.query('BEGIN');
      await client.query('INSERT INTO t VALUES (1)');
      const after = db.query('INSERT INTO t VALUES (2)'); // waits for the client's session
      await until(() => server.clients.connected === 1);
      (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      await after;
      expect(await values()).toEqual([2]);
      expect(db.isInTransaction()).toBe(false);
    });

    it('a client idle in its transaction past the limit is disconnected, rolled back, and the server goes on', async () => {
      await server.close();
      server = await servePgliteOnSocket(db, join(scratch, 'socket'), { idleInTransactionMs: 200 });
      const client = await connect();
      const ended = new Promise<Error>((resolve) => client.once('error', resolve));
      await client.query('BEGIN');
      await client.query('INSERT INTO t VALUES (1)');
      await db.query('INSERT INTO t VALUES (2)'); // waits until the client is cut off
      expect(await values()).toEqual([2]);
      expect((await ended).message).toMatch(/idle .* holding the embedded database/);
    });

    it("a client's NOTIFY reaches the server's own listeners once its transaction commits", async () => {
      const heard: string[] = [];
      const unlisten = await db.listen('trackwell_test', (payload) => heard.push(payload));
      const client = await connect();
      await client.query('BEGIN');
      await client.query("SELECT pg_notify('trackwell_test', 'committed')");
      await client.query('COMMIT');
      await client.query('BEGIN');
      await client.query("SELECT pg_notify('trackwell_test', 'rolled back')");
      await client.query('ROLLBACK');
      await db.query("NOTIFY trackwell_test, 'server'"); // the server's own LISTEN still works
      await until(() => heard.includes('server'));
      expect(heard).toEqual(['committed', 'server']);
      await unlisten();
    });

    it('a failed statement in a client transaction leaves the session usable for the server', async () => {
      const client = await connect();
      await client.query('BEGIN');
      await expect(client.query('SELECT * FROM missing_table')).rejects.toThrow(/missing_table/);
      await client.query('ROLLBACK');
      await db.query('INSERT INTO t VALUES (3)');
      expect(await values()).toEqual([3]);
    });
  },
);

describe.runIf(testEngine() === 'pglite')(
  'openDatabase: a server serves its data directory, a CLI in another process joins it',
  () => {
    const run = promisify(execFile);
    const ROOT = new URL('../../../', import.meta.url).pathname;
    let dataDir: string;
    beforeAll(() => {
      dataDir = mkdtempSync(join(tmpdir(), 'trackwell-join-'));
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it('db:migrate runs through the socket while the holder runs; the lock names the socket until close', async () => {
      const held = await openDatabase({ dataDir: pgliteDataDir(dataDir), serveLocalClients: true });
      try {
        const socket = readDataDirLock(pgliteDataDir(dataDir))?.socket;
        expect(socket).toBe(join(`${pgliteDataDir(dataDir)}-socket`, '.s.PGSQL.5432'));
        const { stdout } = await run(process.execPath, [join(ROOT, 'packages/db/src/cli/migrate.ts')], {
          env: { PATH: process.env.PATH, DATA_DIR: dataDir },
        });
        expect(stdout).toMatch(/through the running server \(process \d+\): applied 0001/);
        const { rows } = await held.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
        expect(rows[0]?.n).toBeGreaterThan(0);
      } finally {
        await held.close();
      }
      expect(readDataDirLock(pgliteDataDir(dataDir))).toBeUndefined();
    }, 180_000);
  },
);
