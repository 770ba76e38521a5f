import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NOTIFICATION_DELIVERIES_PATH } from '@trackwell/contracts';
import type { DatabaseHandle } from '@trackwell/db';
import { type BackupReport, backupPostgres, countTableRows, type TableRows } from '@trackwell/db/backup';
import { testEngine } from '@trackwell/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/notifications-fixtures.ts';
import {
  appWithWorker,
  type Cleanups,
  countingSink,
  drillStore,
  emptyDatabase,
  publishingLoop,
  runDbCli,
  sourceDatabase,
} from './drill-world.ts';

/**
 * The backup drill (docs/backups.md): back up while catalogue changes are being published and e-mailed,
 * restore into a fresh database, and check that the product serves the data of the backup's moment and sends
 * nothing twice: e-mails sent before the backup are not sent again, those pending in it are sent once.
 * On PostgreSQL (TEST_DATABASE_URL) the backup is pg_dump's; on PGlite, the running server's own dump asked
 * for by `npm run db:backup` through its socket.
 */

// Each change kept by the backup is e-mailed to every user after the restore: 5 users make a few hundred
// e-mails, enough to see any sent twice, without minutes of sending on PGlite.
const USERS = 5;

/** What the backup holds, table by table: pg_dump's snapshot, or the PGlite dump as the CLI counted it. */
async function backUp(source: { db: DatabaseHandle; env: Record<string, string> }, file: string) {
  const started = Date.now();
  if (source.env.DATABASE_URL) {
    const report = await backupPostgres(source.env.DATABASE_URL, file);
    return { tables: report.tables, ms: Date.now() - started, source: '' };
  }
  // The CLI loads the dump into a database of its own and counts that: the file's content, not the server's.
  const report = JSON.parse(await runDbCli('backup', ['--out', file, '--json'], source.env)) as BackupReport;
  return { tables: report.tables, ms: Date.now() - started, source: report.source };
}

/** The answers compared before the backup and after the restore: an event's recipients, a store page. */
async function answers(app: FastifyInstance, host: string, apiKey: string, n: number) {
  const log = await app.inject({
    method: 'GET',
    url: `${NOTIFICATION_DELIVERIES_PATH}?eventId=drill-${n}`,
    headers: { host, 'x-api-key': apiKey },
  });
  const page = await app.inject({
    method: 'GET',
    url: `/store/standards/DRILL-${n}.html`,
    headers: { host },
  });
  const deliveries = log.json().deliveries as Array<{ userId: string; eventId: string }>;
  return {
    recipients: deliveries.map((d) => `${d.eventId} ${d.userId}`).sort(),
    page: { status: page.statusCode, body: page.body },
  };
}

const statusOf = async (db: DatabaseHandle, status: string) =>
  (
    await db.query<{ id: number }>('SELECT id FROM notification_deliveries WHERE status = $1 ORDER BY id', [
      status,
    ])
  ).rows.map((r) => r.id);

/** Changes published before the backup starts: enough that some of their e-mails are sent before it. */
const BEFORE = 5;
/**
 * Changes the loop may publish once the backup starts: about as many as an idle machine publishes while its
 * backup runs (28 in 4.7 s on PGlite). A bound, not a duration, so a busy machine's slower backup does not
 * grow the drill: each change kept is USERS e-mails to send after the restore.
 */
const DURING = 30;

/**
 * Changes published, some of their e-mails sent (they must not be sent again) and some still to send; the
 * loop waits while they are sent, so the drill's size does not depend on how busy the machine is, then
 * publishes again (the backup runs while it does). The answers read meanwhile are returned.
 */
async function beforeTheBackup(
  loop: ReturnType<typeof publishingLoop>,
  db: DatabaseHandle,
  read: () => ReturnType<typeof answers>,
) {
  loop.allow(BEFORE);
  await eventually(async () => expect(loop.acknowledged()).toBe(BEFORE));
  await eventually(async () => expect((await statusOf(db, 'sent')).length).toBeGreaterThan(2 * USERS));
  const earlier = await read();
  expect(earlier.recipients).toHaveLength(USERS);
  loop.allow(BEFORE + DURING);
  await eventually(async () => expect(loop.acknowledged()).toBeGreaterThan(BEFORE));
  return earlier;
}

const rowsOf = (tables: TableRows[]) => tables.reduce((sum, t) => sum + t.rows, 0);

/** Only ends a hung drill: on PGlite beside the browser journeys on a busy machine it took over 240 s. */
const HUNG_DRILL_MS = 600_000;

describe(`backup and restore drill (${testEngine()})`, () => {
  const cleanups: Cleanups = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it(
    'restores the backup’s moment while changes are published, and sends nothing twice',
    async () => {
      const folder = mkdtempSync(join(tmpdir(), 'trackwell-backups-'));
      cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
      const file = join(folder, `drill.${testEngine() === 'postgres' ? 'dump' : 'tar.gz'}`);

      // Before: the store, its worker sending to a sink, changes being published.
      const source = await sourceDatabase(cleanups);
      const { host, apiKey } = await drillStore(source.db, USERS);
      const before = await countingSink(cleanups);
      const first = await appWithWorker(source.db, before.port, cleanups);
      const loop = publishingLoop(first.app, host, apiKey);
      const earlier = await beforeTheBackup(loop, source.db, () => answers(first.app, host, apiKey, 1));
      const startedAt = loop.acknowledged();
      const backup = await backUp(source, file);
      const finishedAt = loop.acknowledged();
      loop.allow(finishedAt + 1); // one change after the backup: the restored store must not have it
      await eventually(async () => expect(loop.acknowledged()).toBeGreaterThan(finishedAt));
      await loop.stop();
      const published = loop.acknowledged();
      await first.close();
      expect(finishedAt, 'changes were published while the backup ran').toBeGreaterThan(startedAt);
      if (backup.source) expect(backup.source).toMatch(/through the running server \(process \d+\)$/);

      // The restore, as a user runs it, into a fresh database.
      const target = await emptyDatabase(cleanups);
      const restoreStarted = Date.now();
      const restoreOutput = await runDbCli('restore', ['--from', file], target.env);
      const restoreMs = Date.now() - restoreStarted;
      expect(restoreOutput).toMatch(/Restored [\s\S]*checksums match this code, none pending/);
      const restored = await target.open();
      cleanups.push(() => restored.close());

      // Every table has the rows of the backup's moment; the changes are a whole prefix of those published.
      expect(await countTableRows(restored)).toEqual(backup.tables);
      const { rows } = await restored.query<{ n: number; last: number; deliveries: number }>(
        `SELECT count(*)::int AS n, max(substring(publisher_event_id FROM 7)::int) AS last,
              (SELECT count(*)::int FROM notification_deliveries) AS deliveries
         FROM catalog_events WHERE publisher_event_id LIKE 'drill-%'`,
      );
      const kept = rows[0]!.n;
      expect(rows[0]!.last, 'the kept changes are drill-1 … drill-<kept>').toBe(kept);
      expect(kept).toBeGreaterThanOrEqual(startedAt);
      expect(kept).toBeLessThanOrEqual(finishedAt);
      expect(rows[0]!.deliveries, 'every kept change has all its e-mails queued').toBe(kept * USERS);

      // Afterwards: the worker on the restored database sends what was pending, once, and nothing sent before.
      const sentBefore = await statusOf(restored, 'sent');
      const pendingBefore = await statusOf(restored, 'pending');
      expect(sentBefore.length + pendingBefore.length).toBe(kept * USERS);
      expect(sentBefore.length).toBeGreaterThan(2 * USERS);
      const after = await countingSink(cleanups);
      const second = await appWithWorker(restored, after.port, cleanups);
      await eventually(async () => expect(await statusOf(restored, 'pending')).toEqual([]), 120_000);
      await new Promise((r) => setTimeout(r, 500)); // anything still in flight lands now
      const sent = await after.deliveryRows();
      const resent = sent.filter((row) => sentBefore.includes(row));
      const duplicates = after.counts().dropped + resent.length;
      expect(sent.sort((a, b) => a - b)).toEqual(pendingBefore);
      expect(after.counts().accepted).toBe(pendingBefore.length);
      expect(duplicates).toBe(0);

      // The product answers as it did: the same recipients and page; a change after the backup is not there.
      expect(await answers(second.app, host, apiKey, 1)).toEqual(earlier);
      expect((await answers(second.app, host, apiKey, published)).page.status).toBe(404);

      console.log(
        `backup drill (${testEngine()}): ${rowsOf(backup.tables).toLocaleString('en')} rows in ` +
          `${backup.tables.length} tables, ${statSync(file).size.toLocaleString('en')} bytes; backup ` +
          `${backup.ms} ms while ${finishedAt - startedAt} changes were published, restore ${restoreMs} ms; ` +
          `${kept} of ${published} changes kept; e-mails: ${sentBefore.length} sent before the backup (none ` +
          `again), ${pendingBefore.length} pending sent once; duplicates ${duplicates}`,
      );
    },
    HUNG_DRILL_MS,
  );
});
