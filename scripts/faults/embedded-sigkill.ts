import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, pgliteDataDir } from '@trackwell/db';
import { SEND_LOCAL_CONCURRENCY } from '../../apps/server/src/modules/notifications/jobs.ts';
import { UNMARKED_LIMIT } from '../../apps/server/src/modules/notifications/sent-marks.ts';
import { startCountingRelay } from './counting-relay.ts';
import { FaultChecks, type FaultResult } from './fault-result.ts';
import { deliveryCounts, seedFaultStore, startPublisher } from './fault-store.ts';
import {
  freePort,
  type ServerProcess,
  scratchDir,
  sleep,
  startServerProcess,
  until,
  waitUntilReady,
} from './server-process.ts';

export const CONNECTIONS = 5;

/** main.ts on the PGlite data directory, sending to the counting relay, with short claims and retries. */
export function startEmbedded(
  name: string,
  port: number,
  scratch: string,
  dataDir: string,
  relayPort: number,
  env: Record<string, string> = {},
) {
  return startServerProcess({
    port,
    scratch,
    name,
    env: {
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${relayPort}`,
      NOTIFICATIONS_BATCH_SIZE: '100',
      NOTIFICATIONS_SMTP_CONNECTIONS: String(CONNECTIONS),
      NOTIFICATIONS_CLAIM_SECONDS: '5',
      NOTIFICATIONS_RETRY_DELAY_SECONDS: '1',
      ...env,
    },
  });
}

type Verdict = {
  dataDir: string;
  tenantId: string;
  prefix: string;
  publisher: ReturnType<typeof startPublisher>;
  relay: Awaited<ReturnType<typeof startCountingRelay>>;
  events: number;
  total: number;
  atKill: number;
  changesAtKill: number;
  staleLock: boolean;
  readyMs: number;
  deliveredMs: number;
};

/** The outcome: every accepted change there, every e-mail sent, duplicates within the bound; the figures. */
async function judge(checks: FaultChecks, figures: string[], v: Verdict) {
  const {
    dataDir,
    tenantId,
    prefix,
    publisher,
    relay,
    events,
    total,
    atKill,
    changesAtKill,
    staleLock,
    readyMs,
    deliveredMs,
  } = v;
  const bound = SEND_LOCAL_CONCURRENCY * (UNMARKED_LIMIT + CONNECTIONS);
  const check = await openDatabase({ dataDir: pgliteDataDir(dataDir) });
  const counts = await deliveryCounts(check, tenantId, prefix);
  await check.close();
  const lost = publisher.accepted.filter((id) => !counts.eventIds.has(id));
  const dup = relay.duplicates();
  checks.check(atKill < total || publisher.accepted.length < events, 'nothing was in progress at the kill');
  checks.check(lost.length === 0, `accepted changes missing after the restart: ${lost.join(', ')}`);
  checks.check(relay.copies.size === total, `distinct e-mails ${relay.copies.size} ≠ ${total}`);
  checks.check(
    counts.status.sent === total,
    `rows sent ${counts.status.sent} ≠ ${total}: ${JSON.stringify(counts.status)}`,
  );
  checks.check(dup.extraCopies <= bound, `${dup.extraCopies} duplicates > the bound ${bound}`);
  figures.push(
    `killed after ${atKill} e-mails and ${changesAtKill} of ${events} changes; stale lock file ${staleLock ? 'left' : 'absent'}, ` +
      `taken over: the next start was ready in ${(readyMs / 1000).toFixed(1)} s`,
    `${publisher.accepted.length} changes, ${total} e-mails, all delivered ${(deliveredMs / 1000).toFixed(1)} s after the kill; ` +
      `duplicates ${dup.extraCopies} (${dup.ids} Message-IDs) ≤ bound ${bound} = ${SEND_LOCAL_CONCURRENCY} batches × ` +
      `(${UNMARKED_LIMIT} unmarked + ${CONNECTIONS} in flight)`,
  );
}

/**
 * Fault 3: the embedded server (main.ts on PGlite, what `npm start` runs) SIGKILLed while the publisher
 * writes changes and the worker sends and marks e-mails. Expected: the next start opens the same PGlite data
 * (the stale lock file of the killed process is taken over) and serves it; every accepted change is there;
 * every recipient gets their e-mail. Duplicates, honestly counted (the relay keeps every copy): a row the
 * relay accepted but that was not yet marked sent is sent again after the restart, so at most
 * SEND_LOCAL_CONCURRENCY × (UNMARKED_LIMIT + NOTIFICATIONS_SMTP_CONNECTIONS) e-mails, the bound this checks.
 */
export async function runEmbeddedSigkill(options: { users: number; events: number }): Promise<FaultResult> {
  const checks = new FaultChecks();
  const figures: string[] = [];
  const scratch = scratchDir('sigkill');
  const dataDir = join(scratch.dir, 'data');
  const relay = await startCountingRelay();
  let server: ServerProcess | undefined;
  const prefix = 'sigkill';
  let accepted: readonly string[] = [];
  try {
    const store = await seedFaultStore(dataDir, options.users);
    const port = await freePort();
    const start = (name: string) => startEmbedded(name, port, scratch.dir, dataDir, relay.port);
    server = await start('first');
    await waitUntilReady(server);
    let current = server;
    const publisher = startPublisher({
      base: () => current.base,
      port,
      store,
      events: options.events,
      prefix,
      pauseMs: 150,
      deadlineMs: 240_000,
    });
    accepted = publisher.accepted;
    const total = () => publisher.accepted.length * options.users;
    await until(
      () => publisher.accepted.length >= Math.ceil(options.events / 3) && relay.accepted > 0,
      120_000,
      () => `changes accepted and e-mails going out (${publisher.accepted.length}, ${relay.accepted})`,
    );
    await server.kill('SIGKILL');
    const killedAt = Date.now();
    const atKill = relay.accepted;
    const changesAtKill = publisher.accepted.length;
    const staleLock = existsSync(join(pgliteDataDir(dataDir), 'trackwell.lock'));
    server = await start('second');
    current = server;
    const readyMs = await waitUntilReady(server);
    await publisher.done;
    await until(
      () => relay.copies.size >= total(),
      180_000,
      () => `every e-mail after the restart (${relay.copies.size} of ${total()})`,
    );
    const doneAt = Date.now();
    await sleep(2000); // a late re-send would show up now
    await server.kill('SIGTERM');
    await judge(checks, figures, {
      dataDir,
      tenantId: store.tenantId,
      prefix,
      publisher,
      relay,
      events: options.events,
      total: total(),
      atKill,
      changesAtKill,
      staleLock,
      readyMs,
      deliveredMs: doneAt - killedAt,
    });
  } catch (error) {
    checks.failures.push(`${(error as Error).message}${server ? `\n${server.logTail()}` : ''}`);
    await server?.kill('SIGTERM');
    checks.failures.push(
      await describeState(dataDir, prefix, accepted).catch((e: Error) => `(state unreadable: ${e.message})`),
    );
  } finally {
    await server?.kill('SIGKILL');
    await relay.close();
    scratch.remove();
  }
  return checks.result('embedded server (PGlite) SIGKILLed mid-write, started again', figures);
}

/** After a failure: what the outbox and the job queue hold, to tell a lost dispatch from a stuck job. */
async function describeState(dataDir: string, prefix: string, accepted: readonly string[]): Promise<string> {
  const db = await openDatabase({ dataDir: pgliteDataDir(dataDir) });
  try {
    const events = await db.query<{ id: string }>(
      `SELECT publisher_event_id AS id FROM catalog_events WHERE publisher_event_id LIKE $1`,
      [`${prefix}-%`],
    );
    const recorded = new Set(events.rows.map((r) => r.id));
    const missing = accepted.filter((id) => !recorded.has(id));
    const rows = await db.query<{ event_id: number; status: string; claimed: boolean; n: number }>(
      `SELECT event_id, status, claimed_until > now() AS claimed, count(*)::int AS n
         FROM notification_deliveries WHERE status <> 'sent' GROUP BY 1, 2, 3 ORDER BY 1`,
    );
    const jobs = await db.query<{ name: string; state: string; n: number }>(
      `SELECT name, state::text, count(*)::int AS n FROM pgboss.job GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    return `accepted but not recorded: [${missing.join(', ')}]; unsent rows ${JSON.stringify(rows.rows)}; jobs ${JSON.stringify(jobs.rows)}`;
  } finally {
    await db.close();
  }
}
