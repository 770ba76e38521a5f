import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type DatabaseHandle, openDatabase } from '@trackwell/db';
import { createTestDatabase, openMigratedDataDir, testEngine } from '@trackwell/db/testing';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { collectGarbageNow, openedAgain } from '../../src/first-start-memory.ts';

/**
 * A first start hands its grown PGlite instance over to a new one on the same data directory, and collects
 * its garbage once it serves. (What that saves is resident memory: bench/startup measures it.)
 */
describe('a first start gives back what creating the database took', () => {
  const root = mkdtempSync(join(tmpdir(), 'trackwell-first-start-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('serves the same embedded database from a new instance, which holds the data directory', async () => {
    const dataDir = join(root, 'pglite');
    const seeding = await openMigratedDataDir(dataDir, { serveLocalClients: true });
    await seeding.query('CREATE TABLE seeded (name text)');
    await seeding.query("INSERT INTO seeded VALUES ('demo')");

    let db: DatabaseHandle | undefined;
    try {
      db = await openedAgain(seeding, () => openDatabase({ dataDir, serveLocalClients: true }));
      expect(db).not.toBe(seeding);
      // The grown instance is closed: nothing can keep using (and so keep) it.
      await expect(seeding.query('SELECT 1')).rejects.toThrow();
      const { rows } = await db.query<{ name: string }>('SELECT name FROM seeded');
      expect(rows).toEqual([{ name: 'demo' }]);
      // The new instance holds the directory and serves this machine's CLIs on its socket, as the first did.
      const lock = JSON.parse(readFileSync(join(dataDir, 'trackwell.lock'), 'utf8'));
      expect(lock).toEqual({ pid: process.pid, socket: expect.any(String) });
      const cli = new pg.Client({ host: dirname(lock.socket), user: 'postgres', database: 'postgres' });
      await cli.connect();
      try {
        expect((await cli.query('SELECT name FROM seeded')).rows).toEqual([{ name: 'demo' }]);
      } finally {
        await cli.end();
      }
    } finally {
      await db?.close();
    }
  });

  it.runIf(testEngine() === 'postgres')('keeps a PostgreSQL connection as it is', async () => {
    const database = await createTestDatabase();
    try {
      let opened = false;
      const db = await openedAgain(database.handle, async () => {
        opened = true;
        return database.handle;
      });
      expect(db).toBe(database.handle);
      expect(opened).toBe(false);
      expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await database.drop();
    }
  });

  it('collects garbage at once', async () => {
    const held = (() => new WeakRef({ seed: new Array(100_000).fill('row') }))();
    await new Promise((resolve) => setImmediate(resolve)); // a WeakRef's target is kept until its turn ends
    expect(held.deref()).toBeDefined();
    await collectGarbageNow();
    expect(held.deref()).toBeUndefined();
  });
});
