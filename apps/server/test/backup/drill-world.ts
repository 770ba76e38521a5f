import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CATALOG_CHANGES_PATH } from '@trackwell/contracts';
import { type DatabaseHandle, openDatabase, pgliteDataDir } from '@trackwell/db';
import { createTestDatabase, openMigratedDataDir } from '@trackwell/db/testing';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { parseEnv, parseServices } from '../../src/config/env.ts';
import { startSmtpSink } from '../../src/modules/mail/mailer.ts';
import { buildCommitteeTrackerStore } from '../support/notifications-fixtures.ts';

/**
 * The backup drill's world: a source database (a PostgreSQL test database, or PGlite in a data directory
 * served on its socket as `npm start` serves it), the real app on it with its worker, a loop publishing
 * catalogue changes through the publisher API, the CLIs run as a user runs them, a fresh database to restore
 * into, and the product's SMTP sink counting what is sent.
 */

export type Cleanups = Array<() => Promise<void> | void>;

const ROOT = new URL('../../../../', import.meta.url).pathname;
const run = promisify(execFile);

/** `npm run db:backup` / `db:restore` as a child process; its output. */
export async function runDbCli(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const { stdout } = await run(process.execPath, [join(ROOT, `packages/db/src/cli/${script}.ts`), ...args], {
    env: { PATH: process.env.PATH, ...env },
    cwd: ROOT,
  });
  return stdout;
}

/** Where a database lives, for the CLIs (their environment) and for this process (a handle). */
export interface DrillDatabase {
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
}

/** A new, empty database: a PostgreSQL database created on the test server, or an empty DATA_DIR. */
export async function emptyDatabase(cleanups: Cleanups): Promise<DrillDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'trackwell-restored-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return { env: { DATA_DIR: dir }, open: () => openDatabase({ dataDir: pgliteDataDir(dir) }) };
  }
  const name = `trackwell_restored_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  cleanups.push(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ url: url.toString(), poolSize: 4 }),
  };
}

/**
 * The source: a migrated PostgreSQL test database, or PGlite in a data directory served on its socket as
 * `npm start` serves it, begun from the run's migrated template when there is one.
 */
export async function sourceDatabase(
  cleanups: Cleanups,
): Promise<{ db: DatabaseHandle; env: Record<string, string> }> {
  if (process.env.TEST_DATABASE_URL) {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    return { db: database.handle, env: { DATABASE_URL: database.url! } };
  }
  const dir = mkdtempSync(join(tmpdir(), 'trackwell-source-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const db = await openMigratedDataDir(pgliteDataDir(dir), { serveLocalClients: true });
  cleanups.push(() => db.close());
  return { db, env: { DATA_DIR: dir } };
}

/** The real app on `db`, sending to the SMTP server on `smtpPort`, its worker started. */
export async function appWithWorker(db: DatabaseHandle, smtpPort: number, cleanups: Cleanups) {
  const dist = mkdtempSync(join(tmpdir(), 'trackwell-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>portal</title>');
  const env = parseEnv({
    LOG_LEVEL: 'silent',
    PORTAL_DIST: dist,
    PORT: '80',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    // Short, so that a claim the backup caught runs out soon after the restore; not the minimum (5 s): on a
    // machine loaded ten times over its cores, a batch's few e-mails took longer than that.
    NOTIFICATIONS_CLAIM_SECONDS: '15',
    // A send job the backup caught in hand expires with its claim after the restore, then waits this long
    // before its retry (default 30 s, with backoff): most of the drill's time, waiting.
    NOTIFICATIONS_RETRY_DELAY_SECONDS: '1',
  });
  const app = await buildApp({ env, db, services: parseServices(env.SERVICES) });
  await app.ready();
  await app.notifications.startWorker();
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  };
  cleanups.push(close);
  return { app, close };
}

/** The product's SMTP sink (storing into a database of its own), counting what it accepted and dropped. */
export async function countingSink(cleanups: Cleanups) {
  const store = await createTestDatabase();
  cleanups.push(() => store.drop());
  let accepted = 0;
  let dropped = 0;
  const sink = await startSmtpSink(store.handle, 0, (outcome) => {
    accepted++;
    if (!outcome.stored) dropped++;
  });
  cleanups.push(() => sink.close());
  return {
    port: sink.port,
    counts: () => ({ accepted, dropped }),
    /** The delivery row of every stored message (Message-ID `<notification.{row}.{event}@…>`). */
    async deliveryRows(): Promise<number[]> {
      const { rows } = await store.handle.query<{ message_id: string }>(
        'SELECT message_id FROM mail_messages',
      );
      return rows.map((r) => Number(/^<notification\.(\d+)\./.exec(r.message_id)?.[1] ?? Number.NaN));
    },
  };
}

/** A store with catalogue, publisher key and `users` users who track committee D20. */
export const drillStore = (db: DatabaseHandle, users: number) =>
  buildCommitteeTrackerStore(db, users, 'drill');

/** The n-th change of the loop: a new standard DRILL-n in committee D20 (its trackers get an e-mail). */
const drillEvent = (n: number) => ({
  id: `drill-${n}`,
  type: 'new_standard',
  standard: {
    assetId: `DRILL-${n}`,
    contentCode: `DRILL-${n}-CC`,
    designation: `DRILL ${n}`,
    title: `Backup drill standard ${n}`,
    publisherCode: 'PUB1',
    committeeDesignation: 'D20',
    edition: '2026',
    publishedOn: '2026-11-28',
    industryAreas: ['PLAS'],
  },
});

/**
 * Between two changes: a publisher's pace, which leaves the worker time to send and keeps the drill small. On
 * PGlite the backup is made by the process that publishes: at 20 ms a loaded run published 588 changes during a
 * 12 s backup, and the backup took five times as long as on an idle machine.
 */
const PAUSE_MS = 100;

/**
 * Publishes DRILL-1, DRILL-2, … one request at a time through POST /api/catalog/v1/changes, as many as it is
 * allowed; `acknowledged` is how many the API has answered "applied" so far (they commit in that order). The
 * allowance, not the clock, decides the drill's size: on a busy machine the backup takes longer, and a loop
 * publishing until it ended once queued hundreds of changes, and minutes of sending after the restore.
 */
export function publishingLoop(app: FastifyInstance, host: string, apiKey: string) {
  let stopping = false;
  let acknowledged = 0;
  let allowed = 0;
  let wake = () => {};
  const done = (async () => {
    for (;;) {
      if (!stopping && acknowledged >= allowed)
        await new Promise<void>((r) => {
          wake = r;
        });
      if (stopping) break;
      const response = await app.inject({
        method: 'POST',
        url: CATALOG_CHANGES_PATH,
        headers: { host, authorization: `Bearer ${apiKey}` },
        payload: { events: [drillEvent(acknowledged + 1)] },
      });
      if (response.statusCode !== 200 || response.json().applied !== 1)
        throw new Error(`publishing failed: ${response.statusCode} ${response.body}`);
      acknowledged++;
      await new Promise((r) => setTimeout(r, PAUSE_MS));
    }
  })();
  return {
    acknowledged: () => acknowledged,
    /** Lets the loop publish until `total` changes have been acknowledged in all. */
    allow(total: number) {
      allowed = Math.max(allowed, total);
      wake();
    },
    async stop() {
      stopping = true;
      wake();
      await done;
    },
  };
}
