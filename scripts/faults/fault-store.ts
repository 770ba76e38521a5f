import { request } from 'node:http';
import { CATALOG_CHANGES_PATH } from '@trackwell/contracts';
import { type DatabaseHandle, migrate, openDatabase, pgliteDataDir } from '@trackwell/db';
import { buildCommitteeTrackerStore } from '../../apps/server/test/support/notifications-fixtures.ts';
import { sleep } from './server-process.ts';

/**
 * The store every fault run publishes to: a tenant of its own with a small catalogue (standard D638-CC in
 * committee D20), `users` users who track committee D20 (so every change to D638-CC e-mails each of them
 * once), and a publisher API key. Then a publisher that sends editorial changes of D638-CC one by one over
 * HTTP and, like a real publisher, sends an event again until it gets a 200 (idempotent by its id).
 */

export interface FaultStore {
  tenantId: string;
  host: string;
  apiKey: string;
  users: number;
}

export async function createFaultStore(db: DatabaseHandle, users: number): Promise<FaultStore> {
  const { tenant, host, apiKey } = await buildCommitteeTrackerStore(db, users, 'fault');
  return { tenantId: tenant.id, host, apiKey, users };
}

export interface Publisher {
  /** Event ids the server accepted (200: applied, or already applied). */
  readonly accepted: string[];
  /** Attempts the server did not accept (5xx, 503 while closing, connection refused) and that were sent again. */
  readonly refusedAttempts: number;
  /** Resolves when every event is accepted. */
  readonly done: Promise<void>;
}

/** Publishes `events` editorial changes, one request each, re-sending each until it is accepted. */
export function startPublisher(options: {
  base: () => string;
  port: number;
  store: FaultStore;
  events: number;
  prefix: string;
  pauseMs: number;
  deadlineMs: number;
}): Publisher {
  const accepted: string[] = [];
  let refusedAttempts = 0;
  const deadline = Date.now() + options.deadlineMs;
  const publishOne = async (id: string) => {
    for (;;) {
      if (Date.now() > deadline) throw new Error(`event ${id} was never accepted`);
      try {
        const res = await postJson(
          `${options.base()}${CATALOG_CHANGES_PATH}`,
          { host: `${options.store.host}:${options.port}`, 'x-api-key': options.store.apiKey },
          {
            events: [
              { id, type: 'editorial_change', standard: { contentCode: 'D638-CC' }, note: `change ${id}` },
            ],
          },
        );
        const body = res.body as { results?: Array<{ outcome: string }> };
        const outcome = body.results?.[0]?.outcome;
        if (res.status === 200 && (outcome === 'applied' || outcome === 'duplicate')) {
          accepted.push(id);
          return;
        }
        // A 4xx is the publisher's mistake (or a bug), not a fault the server recovers from.
        if (res.status < 500 && res.status !== 429)
          throw new Error(`event ${id}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      } catch (error) {
        if ((error as Error).message.startsWith(`event ${id}`)) throw error;
      }
      refusedAttempts++;
      await sleep(200);
    }
  };
  const done = (async () => {
    for (let i = 1; i <= options.events; i++) {
      await publishOne(`${options.prefix}-${i}`);
      await sleep(options.pauseMs);
    }
  })();
  return {
    accepted,
    get refusedAttempts() {
      return refusedAttempts;
    },
    done,
  };
}

/** What the database says about the run's events and e-mails. */
export async function deliveryCounts(db: DatabaseHandle, tenantId: string, prefix: string) {
  const events = await db.query<{ id: string }>(
    `SELECT publisher_event_id AS id FROM catalog_events WHERE tenant_id = $1 AND publisher_event_id LIKE $2`,
    [tenantId, `${prefix}-%`],
  );
  const byStatus = await db.query<{ status: string; n: number }>(
    `SELECT d.status, count(*)::int AS n FROM notification_deliveries d
       JOIN catalog_events e ON e.id = d.event_id
      WHERE e.tenant_id = $1 AND e.publisher_event_id LIKE $2 GROUP BY d.status`,
    [tenantId, `${prefix}-%`],
  );
  const status = Object.fromEntries(byStatus.rows.map((r) => [r.status, r.n])) as Record<string, number>;
  return { eventIds: new Set(events.rows.map((r) => r.id)), status };
}

/** A JSON POST with a Host header of our choosing (fetch does not let a caller set Host). */
function postJson(url: string, headers: Record<string, string>, body: unknown) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
        timeout: 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
          } catch {
            resolve({ status: res.statusCode ?? 0, body: text });
          }
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** The fault's store in a fresh PGlite data directory (closed again: the server opens it). */
export async function seedFaultStore(dataDir: string, users: number) {
  const seed = await openDatabase({ dataDir: pgliteDataDir(dataDir) });
  await migrate(seed);
  const store = await createFaultStore(seed, users);
  await seed.close();
  return store;
}
