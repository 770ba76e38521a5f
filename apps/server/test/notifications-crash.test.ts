import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  applyCatalogEvent,
  type DatabaseHandle,
  migrate,
  openDatabase,
  pgliteDataDir,
  upsertTenant,
} from '@trackwell/db';
import { buildTenantDefinition, createTestDatabase, type TestDatabase } from '@trackwell/db/testing';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { buildNotificationCatalogue } from './notifications-fixtures.ts';

/**
 * Crash safety (issue 7 acceptance): SIGKILL the worker in the middle of a 10,000-recipient event, start
 * it again, and count what the SMTP server received: every recipient has exactly one message (one
 * Message-ID). At-least-once delivery has one unavoidable window — the relay accepted a message and the
 * worker died before recording it — in which the same message (same Message-ID) is offered again; the
 * receiving side collapses it, as mailbox providers do. The test reports how many were re-offered and
 * bounds them by the sender's parallelism.
 */

const RECIPIENTS = 10_000;
const CONNECTIONS = 10;
const WORKER = new URL('./notifications-crash-worker.ts', import.meta.url).pathname;

async function startCountingRelay() {
  const byRecipient = new Map<string, Set<string>>();
  let accepted = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 4096) head += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(head)?.[1] ?? `missing-${accepted}`;
        const to = session.envelope.rcptTo[0]!.address;
        const ids = byRecipient.get(to) ?? new Set<string>();
        byRecipient.set(to, ids.add(messageId));
        accepted++;
        callback();
      });
    },
  });
  server.on('error', () => {}); // a client killed mid-message resets its connection: expected here
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    byRecipient,
    get accepted() {
      return accepted;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const waitFor = async (check: () => boolean, timeoutMs: number, what: string) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('crash safety of the notification worker', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it(`SIGKILL in the middle of a ${RECIPIENTS.toLocaleString('en')}-recipient event, restart: every recipient has exactly one e-mail`, async () => {
    const relay = await startCountingRelay();
    cleanups.push(() => relay.close());

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
      db = await openDatabase({ dataDir: pgliteDataDir(dataDir) });
      await migrate(db);
    }
    const tenant = await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()));
    await buildNotificationCatalogue(db, tenant.id);
    await db.query(
      `INSERT INTO users (id, tenant_id, login, first_name, last_name)
       SELECT gen_random_uuid(), $1, 'crash-' || g || '@example.com', 'User', 'N' || g FROM generate_series(1, $2) g`,
      [tenant.id, RECIPIENTS],
    );
    await db.query(
      `INSERT INTO source_trackings (tenant_id, user_id, application_code, tracking_type, value)
       SELECT $1, id, 'TRACKER', 'COMMITTEE', 'D20' FROM users WHERE tenant_id = $1`,
      [tenant.id],
    );
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

    const env = {
      ...process.env,
      ...(pg ? { DATABASE_URL: pg.url } : { DATA_DIR: dataDir }),
      SMTP_URL: `smtp://127.0.0.1:${relay.port}`,
      NOTIFICATIONS_CLAIM_SECONDS: '5',
      NOTIFICATIONS_SMTP_CONNECTIONS: String(CONNECTIONS),
      NOTIFICATIONS_BATCH_SIZE: '250',
      LOG_LEVEL: 'silent',
    };
    const startWorker = () => {
      const child = spawn(process.execPath, [WORKER], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr!.on('data', (d: Buffer) => {
        stderr += d.toString();
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      return { child, exited, stderr: () => stderr };
    };
    const stop = async (
      w: { child: ChildProcess; exited: Promise<number | null> },
      signal: NodeJS.Signals,
    ) => {
      if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill(signal);
      await w.exited;
    };

    const first = startWorker();
    cleanups.push(() => stop(first, 'SIGKILL'));
    await waitFor(
      () => relay.accepted >= RECIPIENTS / 4,
      120_000,
      `a quarter of the e-mails (${first.stderr()})`,
    );
    await stop(first, 'SIGKILL');
    const atKill = relay.accepted;
    expect(atKill).toBeLessThan(RECIPIENTS);

    const second = startWorker();
    cleanups.push(() => stop(second, 'SIGKILL'));
    await waitFor(
      () => relay.byRecipient.size >= RECIPIENTS,
      150_000,
      `every recipient (${second.stderr()})`,
    );
    await new Promise((r) => setTimeout(r, 1000)); // anything still in flight lands now
    await stop(second, 'SIGTERM');

    const counts = [...relay.byRecipient.values()].map((ids) => ids.size);
    expect(relay.byRecipient.size).toBe(RECIPIENTS);
    expect(counts.every((n) => n === 1)).toBe(true); // exactly one e-mail (Message-ID) per recipient
    const reoffered = relay.accepted - RECIPIENTS;
    // at most the messages in flight at the kill: the pooled connections of each sender lane
    expect(reoffered).toBeLessThanOrEqual(CONNECTIONS * 2);
    process.stdout.write(
      `  crash test (${pg ? 'PostgreSQL' : 'PGlite'}): killed after ${atKill} accepted; ${RECIPIENTS} recipients, ` +
        `1 Message-ID each; ${reoffered} re-offered by SMTP after the kill\n`,
    );

    const check = pg ? db : await openDatabase({ dataDir: pgliteDataDir(dataDir) });
    const { rows } = await check.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM notification_deliveries GROUP BY status`,
    );
    expect(rows).toEqual([{ status: 'sent', n: RECIPIENTS }]);
    if (!pg) await check.close();
  }, 300_000);
});
