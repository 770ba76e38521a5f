import { join } from 'node:path';
import type { CatalogEvent } from '@trackwell/contracts';
import { type DatabaseHandle, migrate, openDatabase, pgliteDataDir } from '@trackwell/db';
import { publishCatalogEvents } from '../../apps/server/src/modules/notifications/publish.ts';
import { UNMARKED_LIMIT } from '../../apps/server/src/modules/notifications/sent-marks.ts';
import { startCountingRelay } from './counting-relay.ts';
import { CONNECTIONS, startEmbedded } from './embedded-sigkill.ts';
import { FaultChecks, type FaultResult } from './fault-result.ts';
import { createFaultStore, type FaultStore } from './fault-store.ts';
import { freePort, type ServerProcess, scratchDir, sleep, until, waitUntilReady } from './server-process.ts';

/**
 * Fault 4 ("kill a worker mid-digest → exactly one digest each"): `users` users with a daily
 * digest due now (UTC, this hour) and `changes` changes held for each of them; the embedded server
 * (main.ts on PGlite) starts, its digest job begins sending, and the process is SIGKILLed mid-run. The next
 * start finishes the run. Expected: exactly one digest row per user for the period, every one sent, one
 * distinct e-mail (Message-ID) per user with all the changes; copies of one Message-ID (a digest the relay
 * took but that was not yet marked sent) at most UNMARKED_LIMIT + one per SMTP connection in flight.
 */
const BOUND = UNMARKED_LIMIT + CONNECTIONS;

/** The run's users get a daily digest at this hour (UTC), chosen a day ago: due now, for today's period. */
export async function seedDigestStore(dataDir: string, users: number, changes: number): Promise<FaultStore> {
  const db = await openDatabase({ dataDir: pgliteDataDir(dataDir) });
  try {
    await migrate(db);
    const store = await createFaultStore(db, users);
    await db.query(
      `INSERT INTO notification_schedules (tenant_id, user_id, frequency, hour, weekday, time_zone, updated_at)
       SELECT $1, id, 'daily', extract(hour FROM now() AT TIME ZONE 'UTC')::int, 1, 'UTC', now() - interval '1 day'
         FROM users WHERE tenant_id = $1`,
      [store.tenantId],
    );
    const events: CatalogEvent[] = Array.from({ length: changes }, (_, i) => ({
      id: `digest-${i + 1}`,
      type: 'editorial_change',
      standard: { contentCode: 'D638-CC' },
      note: `change ${i + 1}`,
    }));
    await publishCatalogEvents(db, store.tenantId, events, 'cli');
    return store;
  } finally {
    await db.close();
  }
}

/** What the database holds after the run: digests per user, their statuses, and the held rows. */
async function digestCounts(db: DatabaseHandle, tenantId: string) {
  const digests = await db.query<{ users: number; rows: number; periods: number; sent: number }>(
    `SELECT count(DISTINCT user_id)::int AS users, count(*)::int AS rows, count(DISTINCT period)::int AS periods,
            count(*) FILTER (WHERE status = 'sent')::int AS sent
       FROM notification_digests WHERE tenant_id = $1`,
    [tenantId],
  );
  const rows = await db.query<{ held: number; unsent: number; attempts: number }>(
    `SELECT count(*) FILTER (WHERE digest_id IS NULL)::int AS held,
            count(*) FILTER (WHERE status <> 'sent')::int AS unsent,
            (SELECT coalesce(max(attempts), 0)::int FROM notification_digests WHERE tenant_id = $1) AS attempts
       FROM notification_deliveries WHERE tenant_id = $1`,
    [tenantId],
  );
  return { ...digests.rows[0]!, ...rows.rows[0]! };
}

export async function runDigestSigkill(options: { users: number; changes: number }): Promise<FaultResult> {
  const checks = new FaultChecks();
  const figures: string[] = [];
  const scratch = scratchDir('digest-sigkill');
  const dataDir = join(scratch.dir, 'data');
  const relay = await startCountingRelay();
  let server: ServerProcess | undefined;
  try {
    const store = await seedDigestStore(dataDir, options.users, options.changes);
    const port = await freePort();
    // A digest job every 2 s (not every 5 minutes), so the restarted worker's comes at once.
    const env = { NOTIFICATIONS_DIGEST_EVERY_SECONDS: '2' };
    const start = (name: string) => startEmbedded(name, port, scratch.dir, dataDir, relay.port, env);
    server = await start('first');
    await waitUntilReady(server);
    await until(
      () => relay.accepted >= Math.min(50, options.users / 4),
      120_000,
      () => `digests going out (${relay.accepted})`,
    );
    await server.kill('SIGKILL');
    const killedAt = Date.now();
    const atKill = relay.accepted;
    server = await start('second');
    await waitUntilReady(server);
    await until(
      () => relay.copies.size >= options.users,
      180_000,
      () => `a digest for every user after the restart (${relay.copies.size} of ${options.users})`,
    );
    const deliveredMs = Date.now() - killedAt;
    await sleep(3000); // a late second digest would show up now
    await server.kill('SIGTERM');
    const check = await openDatabase({ dataDir: pgliteDataDir(dataDir) });
    const counts = await digestCounts(check, store.tenantId).finally(() => check.close());
    const dup = relay.duplicates();
    checks.check(atKill < options.users, `every digest was sent before the kill (${atKill})`);
    checks.check(
      counts.rows === options.users && counts.users === options.users && counts.periods === 1,
      `digest rows ${counts.rows} for ${counts.users} users in ${counts.periods} periods ≠ one each`,
    );
    checks.check(counts.sent === options.users, `digests sent ${counts.sent} ≠ ${options.users}`);
    checks.check(
      counts.held === 0 && counts.unsent === 0,
      `rows not in a sent digest: ${JSON.stringify(counts)}`,
    );
    checks.check(
      relay.copies.size === options.users,
      `distinct e-mails ${relay.copies.size} ≠ ${options.users}`,
    );
    checks.check(dup.extraCopies <= BOUND, `${dup.extraCopies} copies > the bound ${BOUND}`);
    figures.push(
      `${options.users} users × ${options.changes} changes: killed after ${atKill} digests; all ${options.users} ` +
        `sent ${(deliveredMs / 1000).toFixed(1)} s after the kill, one digest row each`,
      `copies of a sent digest ${dup.extraCopies} (${dup.ids} Message-IDs) ≤ bound ${BOUND} ` +
        `(${UNMARKED_LIMIT} unmarked + ${CONNECTIONS} SMTP connections in flight)`,
    );
  } catch (error) {
    checks.failures.push(`${(error as Error).message}${server ? `\n${server.logTail()}` : ''}`);
  } finally {
    await server?.kill('SIGKILL');
    await relay.close();
    scratch.remove();
  }
  return checks.result('digest worker SIGKILLed mid-digest, started again', figures);
}
