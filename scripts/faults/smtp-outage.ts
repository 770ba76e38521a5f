import { join } from 'node:path';
import { openDatabase, pgliteDataDir } from '@trackwell/db';
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

/**
 * Fault 2: the SMTP relay refuses connections (and answers 421 on the open ones) for `outageSeconds` in
 * the middle of a fan-out, on the embedded server (`npm start`'s PGlite). Expected: the sender jobs are
 * retried with backoff (NOTIFICATIONS_RETRY_*, here from 1 s) and every recipient gets exactly one e-mail
 * after the relay is back; no row is left pending or failed.
 */
/** Small batches, retries from 1 s, enough of them to outlast the outage. */
const RETRYING_SENDER = {
  NOTIFICATIONS_BATCH_SIZE: '50',
  NOTIFICATIONS_RETRY_DELAY_SECONDS: '1',
  NOTIFICATIONS_RETRY_LIMIT: '12',
};

export async function runSmtpOutage(options: {
  users: number;
  events: number;
  outageSeconds: number;
}): Promise<FaultResult> {
  const checks = new FaultChecks();
  const figures: string[] = [];
  const scratch = scratchDir('smtp');
  const dataDir = join(scratch.dir, 'data');
  const relay = await startCountingRelay();
  let server: ServerProcess | undefined;
  const prefix = 'smtp-outage';
  try {
    const store = await seedFaultStore(dataDir, options.users);
    const port = await freePort();
    server = await startServerProcess({
      port,
      scratch: scratch.dir,
      name: 'server',
      env: { DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${relay.port}`, ...RETRYING_SENDER },
    });
    await waitUntilReady(server);
    const running = server;
    const publisher = startPublisher({
      base: () => running.base,
      port,
      store,
      events: options.events,
      prefix,
      pauseMs: 0,
      deadlineMs: 120_000,
    });
    const total = options.users * options.events;
    await until(
      () => relay.accepted >= Math.min(100, total / 10),
      120_000,
      () => `the fan-out to start (${relay.accepted} e-mails)`,
    );
    const before = relay.accepted;
    await relay.refuse();
    const outageStart = Date.now();
    await publisher.done; // the publisher is not affected: changes are recorded, e-mails wait
    await sleep(Math.max(0, options.outageSeconds * 1000 - (Date.now() - outageStart)));
    await relay.accept();
    const backAt = Date.now();
    await until(
      () => relay.copies.size >= total,
      Math.max(180_000, options.outageSeconds * 3000),
      () => `every e-mail after the outage (${relay.copies.size} of ${total})`,
    );
    const doneAt = Date.now();
    await sleep(2000); // a stray re-send would show up now
    await server.kill('SIGTERM');
    const check = await openDatabase({ dataDir: pgliteDataDir(dataDir) });
    const counts = await deliveryCounts(check, store.tenantId, prefix);
    await check.close();
    const dup = relay.duplicates();
    checks.check(before < total, 'the fan-out had finished before the outage began');
    checks.check(relay.refused > 0, 'the relay refused nothing during the outage');
    checks.check(relay.copies.size === total, `distinct e-mails ${relay.copies.size} ≠ ${total}`);
    checks.check(dup.extraCopies === 0, `${dup.extraCopies} e-mails sent twice`);
    checks.check(
      counts.status.sent === total,
      `rows sent ${counts.status.sent} ≠ ${total}: ${JSON.stringify(counts.status)}`,
    );
    figures.push(
      `${total} e-mails (${options.events} changes × ${options.users} users); ${before} out before the relay went down ` +
        `for ${options.outageSeconds} s (${relay.refused} connections/commands refused); ${dup.extraCopies} sent twice`,
      `all delivered ${((doneAt - backAt) / 1000).toFixed(1)} s after the relay came back (sender retries back off from 1 s)`,
    );
  } catch (error) {
    checks.failures.push(`${(error as Error).message}${server ? `\n${server.logTail()}` : ''}`);
  } finally {
    await server?.kill('SIGKILL');
    await relay.close();
    scratch.remove();
  }
  return checks.result(`SMTP relay refusing connections for ${options.outageSeconds} s mid fan-out`, figures);
}
