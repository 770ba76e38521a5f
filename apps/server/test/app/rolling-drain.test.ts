import { CATALOG_CHANGES_PATH, TRACKER_PATHS } from '@trackwell/contracts';
import { createIdentityUser, type DatabaseHandle, hashPassword } from '@trackwell/db';
import { createTestDatabase, type TestDatabase } from '@trackwell/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCommitteeTrackerStore } from '../support/notifications-fixtures.ts';
import { startCountingSmtpSink } from './counting-smtp-sink.ts';
import { type LoadBalancer, startLoadBalancer } from './load-balancer.ts';
import {
  call,
  freePort,
  PASSWORD,
  type Proc,
  processReady,
  signInOverHttp,
  startProcess,
  stopProcesses,
  within,
} from './multi-process-harness.ts';

/**
 * A rolling upgrade under load, with real processes of main.ts on one fresh PostgreSQL database: two
 * `web,idp` processes and one `worker` behind a round-robin load balancer that skips a process whose
 * /readyz says draining (load-balancer.ts). While a steady stream of reads, tracking writes and publisher
 * changes (each e-mailing every D20 tracker) goes through it, web 1 is sent SIGTERM and replaced, then the
 * worker, in the middle of a fan-out. Expected: no request failed, every e-mail was handed to SMTP exactly
 * once (the sink keeps duplicates), no row is left unsent and no job is left in the queue, and each
 * SIGTERMed process exited 0 on its own. Then the hand-back: a worker whose batch outlasts its shutdown's
 * budget stops at the next e-mail and gives the rest back to the queue, sent once by the next worker.
 *
 * In the PostgreSQL suite (not `npm run faults`): draining is what every deploy does, not a fault, and CI
 * runs this suite on every change. Skipped without TEST_DATABASE_URL (PGlite is a single process).
 */

const PG = Boolean(process.env.TEST_DATABASE_URL);
const USERS = 30;
const MIN_EVENTS = 4;
const CLIENTS = 3;

describe.skipIf(!PG)(
  `a rolling upgrade: SIGTERM drains 2 web + 1 worker processes${PG ? '' : ' — skipped: needs TEST_DATABASE_URL'}`,
  () => {
    let pg: TestDatabase;
    let db: DatabaseHandle;
    let sink: Awaited<ReturnType<typeof startCountingSmtpSink>>;
    let lb: LoadBalancer;
    const procs: Proc[] = [];
    let env: Record<string, string>;
    let store: { tenantId: string; host: string; apiKey: string; clientId: string; logins: string[] };

    beforeAll(async () => {
      pg = await createTestDatabase();
      db = pg.handle;
      sink = await startCountingSmtpSink();
      lb = await startLoadBalancer(await freePort()); // every public URL names its port
      const publicPort = lb.port;
      const built = await buildCommitteeTrackerStore(db, USERS, 'drain');
      // Users who sign in and track a standard of committee E05 (so are e-mailed nothing), one per client:
      // clients of one user would race each other's tracking writes.
      await db.query(
        `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code,
           committee_designation, status, edition, published_on)
         VALUES ($1, 'E119', 'E119-CC', 'E119-20', 'Fire Tests', 'PUB1', 'E05', 'active', '2020', '2020-01-01')`,
        [built.tenant.id],
      );
      const passwordHash = await hashPassword(PASSWORD);
      const logins = Array.from({ length: CLIENTS }, (_, i) => `drain-reader-${i}@${built.host}`);
      for (const login of logins)
        await db.transaction((tx) =>
          createIdentityUser(tx, built.tenant.id, {
            login,
            firstName: 'Rolling',
            lastName: 'Reader',
            passwordHash,
          }),
        );
      store = {
        tenantId: built.tenant.id,
        host: `${built.host}:${publicPort}`,
        apiKey: built.apiKey,
        clientId: built.tenant.config['client-id'],
        logins,
      };
      env = {
        DATABASE_URL: pg.url!,
        DATABASE_POOL_SIZE: '4',
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
        PUBLIC_URL_TEMPLATE: `http://{host}:${publicPort}`,
        TRACKER_RATE_LIMIT_PER_USER: '100000',
        NOTIFICATIONS_BATCH_SIZE: '20',
        NOTIFICATIONS_SMTP_CONNECTIONS: '2',
        NOTIFICATIONS_RETRY_DELAY_SECONDS: '1',
        SHUTDOWN_GRACE_SECONDS: '3',
        SHUTDOWN_TIMEOUT_SECONDS: '20',
      };
    }, 120_000);

    afterAll(async () => {
      await stopProcesses(procs, 'SIGKILL');
      await lb?.close();
      await sink?.close();
      await pg?.drop();
    }, 60_000);

    const start = async (name: string, services: string) => {
      const p = startProcess(procs, name, services, await freePort(), env);
      await processReady(p);
      return p;
    };

    /** SIGTERM, then the exit code it chose (null if a signal had to end it). */
    const terminate = async (p: Proc) => {
      p.child.kill('SIGTERM');
      await p.exited;
      return p.child.exitCode;
    };

    it('no request fails, every e-mail goes out exactly once, no job is left behind', async () => {
      const began = Date.now();
      const [web1, web2, worker1] = await Promise.all([
        start('web 1', 'web,idp'),
        start('web 2', 'web,idp'),
        start('worker 1', 'worker'),
      ]);
      lb.add('web 1', web1!.port);
      lb.add('web 2', web2!.port);
      const tokens: string[] = [];
      for (const login of store.logins)
        tokens.push(await signInOverHttp(lb.port, store.host, store.clientId, login));
      const traffic = startTraffic(lb.port, store, tokens);

      await within(60_000, async () => lb.outcomes.length >= 30);
      const web1Exit = terminate(web1!);
      const web3 = await start('web 3', 'web,idp'); // the new version, beside web 2
      lb.add('web 3', web3.port);
      const web1Code = await web1Exit;
      lb.remove('web 1');

      // The worker, in the middle of a fan-out: e-mails sent and others still pending.
      const midFanOut = await within(60_000, async () => sink.accepted > 0 && (await pendingRows(db)) > 0);
      const worker1Exit = terminate(worker1!);
      const worker2 = start('worker 2', 'worker');
      const worker1Code = await worker1Exit;
      await worker2;

      await within(60_000, async () => lb.servedBy('web 3') >= 10 && traffic.published() >= MIN_EVENTS);
      await traffic.stop();
      const expected = traffic.published() * USERS;
      await within(90_000, async () => sink.accepted >= expected && !(await unfinished(db)));
      await new Promise((r) => setTimeout(r, 1000)); // a stray second copy would arrive now

      const failed = [...lb.outcomes, ...traffic.failures].filter((o) => o.status === 0 || o.status >= 500);
      const ids = [...sink.messageIds.values()].flat();
      const duplicates = ids.length - new Set(ids).size;
      const figures = {
        requests: lb.outcomes.length,
        failed: failed.length,
        byProcess: ['web 1', 'web 2', 'web 3'].map((n) => `${n} ${lb.servedBy(n)}`).join(', '),
        emails: sink.accepted,
        expected,
        duplicates,
        seconds: Math.round((Date.now() - began) / 1000),
      };
      console.log(`rolling upgrade: ${JSON.stringify(figures)}`);
      expect(midFanOut).toBe(true);
      expect(failed.slice(0, 5)).toEqual([]);
      expect(traffic.failures).toEqual([]); // every request of the stream answered 200
      expect({ web1Code, worker1Code }).toEqual({ web1Code: 0, worker1Code: 0 });
      expect(lb.servedBy('web 1')).toBeGreaterThan(0);
      expect(sink.messageIds.size).toBe(USERS);
      expect(ids.length).toBe(expected);
      expect(duplicates).toBe(0);
      expect(await deliveryStatuses(db, store.tenantId)).toEqual({ sent: expected });
      expect(await unfinished(db)).toBe(false);
    }, 240_000);

    it('a worker whose e-mails outlast its shutdown hands them back: the next worker sends the rest, each once', async () => {
      for (const p of procs.filter((p) => p.name === 'worker 2')) expect(await terminate(p)).toBe(0);
      const slow = await startCountingSmtpSink({ delayMs: 150 });
      const slowEnv = {
        ...env,
        SMTP_URL: `smtp://127.0.0.1:${slow.port}`,
        NOTIFICATIONS_SMTP_CONNECTIONS: '1',
      };
      // 4 s in all: 1 s for its jobs (3 s are kept for closing), far less than 30 e-mails at 150 ms take.
      const worker3 = startProcess(procs, 'worker 3', 'worker', await freePort(), {
        ...slowEnv,
        SHUTDOWN_TIMEOUT_SECONDS: '4',
      });
      await processReady(worker3);
      const body = {
        events: [{ id: 'handback-1', type: 'editorial_change', standard: { contentCode: 'D638-CC' } }],
      };
      const headers = { host: store.host, 'x-api-key': store.apiKey, 'content-type': 'application/json' };
      expect((await call(lb.port, 'POST', CATALOG_CHANGES_PATH, headers, JSON.stringify(body))).status).toBe(
        200,
      );
      await within(60_000, async () => slow.accepted >= 3);
      const code = await terminate(worker3);
      const sentByWorker3 = slow.accepted;
      env = slowEnv;
      await start('worker 4', 'worker');
      await within(90_000, async () => slow.accepted >= USERS && !(await unfinished(db)));
      await new Promise((r) => setTimeout(r, 1000)); // a stray second copy would arrive now
      const ids = [...slow.messageIds.values()].flat();
      console.log(
        `hand-back: worker 3 sent ${sentByWorker3} of ${USERS} before it stopped; ${ids.length} in all`,
      );
      await slow.close();
      expect(code).toBe(0);
      expect(sentByWorker3).toBeLessThan(USERS);
      expect(ids).toHaveLength(USERS);
      expect(new Set(ids).size).toBe(USERS);
      expect(await unfinished(db)).toBe(false);
    }, 180_000);
  },
);

/**
 * A loop per token of reads and tracking writes (tracking E119, then removing it) and one publisher that posts
 * an editorial change of D638-CC every second, all through the load balancer until stopped. `failures`:
 * what a client saw answered otherwise than 200 (or not at all), beside what the load balancer counts.
 */
function startTraffic(port: number, store: { host: string; apiKey: string }, tokens: string[]) {
  let running = true;
  let published = 0;
  const failures: Array<{ what: string; status: number }> = [];
  const send = async (
    what: string,
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
  ) => {
    const res = await call(port, method, path, headers, body).catch(() => undefined);
    if (res?.status !== 200) failures.push({ what, status: res?.status ?? 0 });
    return res;
  };
  const reader = async (token: string) => {
    const auth = { host: store.host, authorization: `Bearer ${token}` };
    const json = { ...auth, 'content-type': 'application/json' };
    while (running) {
      await send('flags', 'GET', TRACKER_PATHS.featureFlags, auth);
      const created = await send(
        'track',
        'POST',
        TRACKER_PATHS.createTracker,
        json,
        '{"contentCode":"E119-CC"}',
      );
      const id =
        created?.status === 200 ? JSON.parse(created.text).responseData.value.contentTracking.id : undefined;
      if (id !== undefined)
        await send('untrack', 'DELETE', `${TRACKER_PATHS.deleteTracker}?contentTrackingIds=${id}`, auth);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const publisher = async () => {
    while (running) {
      const id = `drain-${published + 1}`;
      const body = {
        events: [{ id, type: 'editorial_change', standard: { contentCode: 'D638-CC' }, note: id }],
      };
      const headers = { host: store.host, 'x-api-key': store.apiKey, 'content-type': 'application/json' };
      const res = await send('publish', 'POST', CATALOG_CHANGES_PATH, headers, JSON.stringify(body));
      if (res?.status === 200) published++;
      await new Promise((r) => setTimeout(r, 1000));
    }
  };
  const loops = [...tokens.map(reader), publisher()];
  return {
    failures,
    published: () => published,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function pendingRows(db: DatabaseHandle): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM notification_deliveries WHERE status = 'pending'`,
  );
  return rows[0]!.n;
}

/** Jobs still queued, retrying or running, or e-mails not yet sent. */
async function unfinished(db: DatabaseHandle): Promise<boolean> {
  const jobs = await db.query(
    `SELECT 1 FROM pgboss.job WHERE name LIKE 'notifications-%' AND state IN ('created', 'retry', 'active') LIMIT 1`,
  );
  return jobs.rows.length > 0 || (await pendingRows(db)) > 0;
}

async function deliveryStatuses(db: DatabaseHandle, tenantId: string) {
  const { rows } = await db.query<{ status: string; n: number }>(
    `SELECT status, count(*)::int AS n FROM notification_deliveries WHERE tenant_id = $1 GROUP BY status`,
    [tenantId],
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}
