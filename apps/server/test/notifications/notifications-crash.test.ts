import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyCatalogEvent, type DatabaseHandle, openDatabase, pgliteDataDir } from '@trackwell/db';
import { createTestDatabase, openMigratedDataDir, type TestDatabase } from '@trackwell/db/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../src/modules/mail/mailer.ts';
import { buildCommitteeTrackerStore } from '../support/notifications-fixtures.ts';

/**
 * Crash safety: SIGKILL the worker in the middle of a large event's fan-out, start
 * it again, and count what the SMTP server received: every recipient has exactly one message (one
 * Message-ID). At-least-once delivery has one unavoidable window — the relay accepted a message and the
 * worker died before recording it — in which the same message (same Message-ID) is offered again; the
 * local sink drops such a redelivery, as mailbox providers do, so the inbox shows one e-mail each. The
 * test counts the e-mails in the sink's inbox, reports how many were re-offered, and bounds them by the
 * sender's parallelism.
 */

/**
 * 500 recipients in `npm test`, on either engine: two batches, and the worker is killed in the middle of the
 * fan-out (after a quarter was accepted), with most of it still to send by the restart. `npm run test:soak`
 * runs 5,000 (CRASH_RECIPIENTS sets any size, e.g. `CRASH_RECIPIENTS=10000 npx vitest run notifications-crash`).
 */
const RECIPIENTS = Number(process.env.CRASH_RECIPIENTS ?? 500);
const CONNECTIONS = 10;
const WORKER = new URL('./notifications-crash-worker.ts', import.meta.url).pathname;

/**
 * The relay is the product's own local SMTP sink (mail/mailer.ts), storing into `sinkDb`: it keeps a
 * redelivered message (same Message-ID, same recipient) once, as a mailbox does. Alongside, it counts what
 * SMTP accepted, per recipient and in all, and how many redeliveries it dropped.
 */
async function startCountingSink(sinkDb: DatabaseHandle) {
  const stored = new Set<string>();
  let accepted = 0;
  let dropped = 0;
  const sink = await startSmtpSink(sinkDb, 0, (outcome, recipients) => {
    accepted++;
    if (outcome.stored) for (const to of recipients) stored.add(to);
    else dropped++;
  });
  return {
    port: sink.port,
    stored,
    get accepted() {
      return accepted;
    },
    get dropped() {
      return dropped;
    },
    close: () => sink.close(),
  };
}

const waitFor = async (check: () => boolean, timeoutMs: number, what: string | (() => string)) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${typeof what === 'function' ? what() : what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

type Cleanups = Array<() => Promise<void> | void>;

/**
 * The world of the crash test: a database (a PostgreSQL test database, or PGlite in a data directory the
 * worker process opens: PGlite is single-process, so it is closed here before the worker starts), the
 * counting SMTP sink and its store, a store whose withdrawal event has RECIPIENTS recipients, applied.
 */
async function crashWorld(cleanups: Cleanups) {
  // The database: a PostgreSQL test database, or PGlite in a data directory the worker process opens
  // (PGlite is single-process: this test closes it while the worker runs).
  let pg: TestDatabase | undefined;
  let dataDir: string | undefined;
  let db: DatabaseHandle;
  if (process.env.TEST_DATABASE_URL) {
    pg = await createTestDatabase();
    db = pg.handle;
    cleanups.push(() => pg!.drop());
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'trackwell-crash-'));
    cleanups.push(() => rmSync(dataDir!, { recursive: true, force: true }));
    db = await openMigratedDataDir(pgliteDataDir(dataDir));
  }
  // The sink's store: the same PostgreSQL database, or (PGlite is single-process, the worker holds it)
  // a second PGlite in memory.
  let sinkDb = db;
  if (!pg) {
    const sinkDatabase = await createTestDatabase();
    sinkDb = sinkDatabase.handle;
    cleanups.push(() => sinkDatabase.drop());
  }
  const relay = await startCountingSink(sinkDb);
  cleanups.push(() => relay.close());
  const { tenant } = await buildCommitteeTrackerStore(db, RECIPIENTS, 'crash');
  const applied = await applyCatalogEvent(
    db,
    tenant.id,
    { id: 'crash-1', type: 'withdrawal', standard: { contentCode: 'D638-CC' } },
    {
      source: 'cli',
      rules: { standard: true, committee: true, industryArea: true, publisher: false, workItem: true },
    },
  );
  expect(applied.result.recipients).toBe(RECIPIENTS);
  if (dataDir) await db.close();
  return { pg, dataDir, db, sinkDb, relay };
}

/** The worker process (crash-worker), its output kept. */
function startWorker(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [WORKER], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let stdout = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  child.stdout!.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr, stdout: () => stdout };
}

async function stop(w: { child: ChildProcess; exited: Promise<number | null> }, signal: NodeJS.Signals) {
  if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill(signal);
  await w.exited;
}

describe('crash safety of the notification worker', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it(`SIGKILL in the middle of a ${RECIPIENTS.toLocaleString('en')}-recipient event, restart: every recipient has exactly one e-mail`, async () => {
    const { pg, dataDir, db, sinkDb, relay } = await crashWorld(cleanups);

    const env = {
      ...process.env,
      ...(pg ? { DATABASE_URL: pg.url } : { DATA_DIR: dataDir }),
      SMTP_URL: `smtp://127.0.0.1:${relay.port}`,
      NOTIFICATIONS_CLAIM_SECONDS: '5',
      // The killed sender's batch job expires with its claim and is then retried after this delay (30 s by
      // default, with backoff): the restart sends it within seconds instead of a minute.
      NOTIFICATIONS_RETRY_DELAY_SECONDS: '1',
      NOTIFICATIONS_SMTP_CONNECTIONS: String(CONNECTIONS),
      NOTIFICATIONS_BATCH_SIZE: '250',
      LOG_LEVEL: 'silent',
    };
    const first = startWorker(env);
    cleanups.push(() => stop(first, 'SIGKILL'));
    await waitFor(
      () => relay.accepted >= RECIPIENTS / 4,
      120_000,
      `a quarter of the e-mails (${first.stderr()})`,
    );
    await stop(first, 'SIGKILL');
    const atKill = relay.accepted;
    expect(atKill).toBeLessThan(RECIPIENTS);

    const second = startWorker(env);
    cleanups.push(() => stop(second, 'SIGKILL'));
    await waitFor(
      () => relay.stored.size >= RECIPIENTS,
      240_000,
      () =>
        `every recipient (${relay.stored.size} stored, ${relay.accepted} accepted, ${relay.dropped} dropped; ${second.stderr()})`,
    );
    // Every recipient is in the sink, but rows the killed worker had sent and not yet marked are re-sent (and
    // dropped by the sink) only once their claim expires: wait until the worker has no pending row left.
    await waitFor(
      () => second.stdout().includes('outbox empty'),
      240_000,
      () => `an empty outbox (${relay.accepted} accepted; ${second.stderr()})`,
    );
    await new Promise((r) => setTimeout(r, 500)); // anything still in flight lands now
    await stop(second, 'SIGTERM');

    // Count the e-mails in the sink's inbox: exactly one per recipient, and no one else's.
    const inbox = await sinkDb.query<{ to: string; n: number }>(
      `SELECT rcpt_to[1] AS to, count(*)::int AS n FROM mail_messages GROUP BY rcpt_to[1]`,
    );
    expect(inbox.rows).toHaveLength(RECIPIENTS);
    expect(inbox.rows.filter((r) => r.n !== 1)).toEqual([]);
    expect(inbox.rows.every((r) => /^crash-\d+@example\.com$/.test(r.to))).toBe(true);
    const reoffered = relay.accepted - RECIPIENTS;
    expect(relay.dropped).toBe(reoffered); // every re-offered message was a redelivery the sink dropped
    // at most the messages in flight at the kill: the pooled connections of each sender lane
    expect(reoffered).toBeLessThanOrEqual(CONNECTIONS * 2);
    process.stdout.write(
      `  crash test (${pg ? 'PostgreSQL' : 'PGlite'}): killed after ${atKill} accepted; ${RECIPIENTS} recipients, ` +
        `1 e-mail each in the sink; ${reoffered} re-offered by SMTP after the kill and dropped as redeliveries\n`,
    );

    const check = pg ? db : await openDatabase({ dataDir: pgliteDataDir(dataDir) });
    const { rows } = await check.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM notification_deliveries GROUP BY status`,
    );
    expect(rows).toEqual([{ status: 'sent', n: RECIPIENTS }]);
    if (!pg) await check.close();
  }, 420_000);
});
