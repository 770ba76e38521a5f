import { type DatabaseHandle, migrate, openDatabase } from '@trackwell/db';
import { startCountingRelay } from './counting-relay.ts';
import { FaultChecks, type FaultResult } from './fault-result.ts';
import { createFaultStore, deliveryCounts, startPublisher } from './fault-store.ts';
import {
  freePort,
  readiness,
  type ServerProcess,
  scratchDir,
  sleep,
  startServerProcess,
  until,
  waitUntilReady,
} from './server-process.ts';
import { createThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres.ts';

type Verdict = {
  db: DatabaseHandle;
  tenantId: string;
  prefix: string;
  running: ServerProcess;
  publisher: ReturnType<typeof startPublisher>;
  expected: number;
  relay: Awaited<ReturnType<typeof startCountingRelay>>;
  times: { restartAt: number; restartedAt: number; readyAgainAt: number; sentAllAt: number };
  notReady: number;
};

/** /readyz every 100 ms until stopped. */
function probeReadiness(server: ServerProcess) {
  const probes: Array<{ at: number; status: number }> = [];
  let probing = true;
  const done = (async () => {
    while (probing) {
      probes.push({ at: Date.now(), status: await readiness(server) });
      await sleep(100);
    }
  })();
  return {
    probes,
    async stop() {
      probing = false;
      await done;
    },
  };
}

/** The outcome: nothing lost, one e-mail per recipient, the server up throughout; and the figures. */
async function judge(checks: FaultChecks, figures: string[], v: Verdict) {
  const { db, tenantId, prefix, running, publisher, expected, relay, times, notReady } = v;
  const counts = await deliveryCounts(db, tenantId, prefix);
  const lost = publisher.accepted.filter((id) => !counts.eventIds.has(id));
  const dup = relay.duplicates();
  checks.check(notReady > 0, '/readyz never answered not-ready while PostgreSQL restarted');
  checks.check(running.child.exitCode === null, 'the server process exited');
  checks.check(lost.length === 0, `accepted changes missing from catalog_events: ${lost.join(', ')}`);
  checks.check(counts.status.sent === expected, `rows sent ${counts.status.sent} ≠ ${expected}`);
  checks.check(
    !counts.status.failed && !counts.status.pending,
    `rows left: ${JSON.stringify(counts.status)}`,
  );
  checks.check(relay.copies.size === expected, `distinct e-mails ${relay.copies.size} ≠ ${expected}`);
  checks.check(dup.extraCopies === 0, `${dup.extraCopies} e-mails sent twice`);
  figures.push(
    `${publisher.accepted.length} changes accepted (${publisher.refusedAttempts} attempts refused and re-sent), ` +
      `${expected} e-mails, ${dup.extraCopies} sent twice`,
    `/readyz not-ready in ${notReady} probes; ready again ${((times.readyAgainAt - times.restartAt) / 1000).toFixed(1)} s ` +
      `after the stop (PostgreSQL down for ${((times.restartedAt - times.restartAt) / 1000).toFixed(1)} s); ` +
      `all e-mails out ${((times.sentAllAt - times.restartAt) / 1000).toFixed(1)} s after it`,
  );
}

/** The server on the throw-away PostgreSQL, sending to the counting relay, with short claims and retries. */
function startServer(databaseUrl: string, relayPort: number, port: number, scratch: string) {
  return startServerProcess({
    port,
    scratch,
    name: 'server',
    env: {
      DATABASE_URL: databaseUrl,
      SMTP_URL: `smtp://127.0.0.1:${relayPort}`,
      NOTIFICATIONS_BATCH_SIZE: '50',
      NOTIFICATIONS_CLAIM_SECONDS: '20',
      NOTIFICATIONS_RETRY_DELAY_SECONDS: '1',
    },
  });
}

/** Waits until every e-mail is out and every row marked sent; when the last e-mail arrived. */
async function allSentAndMarked(
  db: DatabaseHandle,
  tenantId: string,
  prefix: string,
  relay: Awaited<ReturnType<typeof startCountingRelay>>,
  expected: number,
) {
  const sentAllAt = await until(
    () => relay.copies.size >= expected,
    180_000,
    () => `every e-mail (${relay.copies.size} of ${expected} distinct)`,
  ).then(() => Date.now());
  // Nothing else should come: the rows are marked; give a stray re-send the time to show up.
  await until(
    async () => {
      const { status } = await deliveryCounts(db, tenantId, prefix);
      return (status.sent ?? 0) >= expected && !status.pending;
    },
    60_000,
    () => 'every delivery row marked sent',
  );
  await sleep(2000);
  return sentAllAt;
}

/**
 * Stops PostgreSQL, then starts it again once /readyz has said not-ready (at most 15 s): a bare
 * `pg_ctl restart` takes 0.2 s, which a busy machine's 100 ms probes can miss entirely, failing the run for
 * no fault of the server. A /readyz that never says so is a failure.
 */
async function restartWatched(
  pg: ThrowawayPostgres,
  probes: ReadonlyArray<{ at: number; status: number }>,
  running: ServerProcess,
  checks: FaultChecks,
) {
  const restartAt = Date.now();
  await pg.stop();
  await until(
    () => probes.some((p) => p.at >= restartAt && p.status !== 200),
    15_000,
    () => `/readyz to answer not-ready while PostgreSQL is down:\n${running.logTail()}`,
  ).catch((error: Error) => checks.failures.push(error.message));
  await pg.start();
  return { restartAt, restartedAt: Date.now() };
}

/**
 * Fault 1: PostgreSQL restarted (`pg_ctl stop -m fast`, every connection cut, then start) while a publisher sends
 * catalogue changes and the worker fans out their e-mails (stopped, then started once /readyz said so). Expected: /readyz answers 503 while the
 * database is away and 200 again without restarting the server; every change the publisher got a 200 for
 * is recorded; every recipient of every change gets exactly one e-mail (counted by Message-ID in a relay
 * that keeps duplicates); no row is left pending or failed.
 */
export async function runPostgresRestart(options: { users: number; events: number }): Promise<FaultResult> {
  const checks = new FaultChecks();
  const figures: string[] = [];
  const scratch = scratchDir('pg');
  let pg: ThrowawayPostgres | undefined;
  let db: DatabaseHandle | undefined;
  let server: ServerProcess | undefined;
  const relay = await startCountingRelay();
  const prefix = 'pg-restart';
  try {
    pg = createThrowawayPostgres(await freePort());
    db = await openDatabase({ url: pg.url, poolSize: 2 });
    await migrate(db);
    const store = await createFaultStore(db, options.users);
    const port = await freePort();
    server = await startServer(pg.url, relay.port, port, scratch.dir);
    await waitUntilReady(server);
    const running = server;

    const readiness = probeReadiness(running); // /readyz every 100 ms, from start to end
    const probes = readiness.probes;

    const publisher = startPublisher({
      base: () => running.base,
      port,
      store,
      events: options.events,
      prefix,
      pauseMs: 100,
      deadlineMs: 180_000,
    });
    const expected = () => publisher.accepted.length * options.users;
    await until(
      () => publisher.accepted.length >= Math.ceil(options.events / 3) && relay.accepted > 0,
      90_000,
      () => `a third of the changes accepted and e-mails going out (${publisher.accepted.length} accepted)`,
    );
    const { restartAt, restartedAt } = await restartWatched(pg, probes, running, checks);
    await until(
      () => probes.some((p) => p.at > restartedAt && p.status === 200),
      60_000,
      () => `/readyz to answer 200 again after the restart:\n${running.logTail()}`,
    );
    const readyAgainAt = probes.find((p) => p.at > restartedAt && p.status === 200)!.at;
    const notReady = probes.filter((p) => p.at >= restartAt && p.status !== 200);
    await publisher.done;
    const sentAllAt = await allSentAndMarked(db, store.tenantId, prefix, relay, expected());
    await readiness.stop();

    await judge(checks, figures, {
      db,
      tenantId: store.tenantId,
      prefix,
      running,
      publisher,
      expected: expected(),
      relay,
      times: { restartAt, restartedAt, readyAgainAt, sentAllAt },
      notReady: notReady.length,
    });
  } catch (error) {
    checks.failures.push(`${(error as Error).message}${server ? `\n${server.logTail()}` : ''}`);
  } finally {
    await server?.kill('SIGTERM');
    await db?.close().catch(() => {});
    await relay.close();
    pg?.remove();
    scratch.remove();
  }
  return checks.result('PostgreSQL restarted under load', figures);
}
