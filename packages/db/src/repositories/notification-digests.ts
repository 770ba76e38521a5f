import type { NotificationReason } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';
import type { EventChange } from './catalog-events.ts';

/**
 * Digests (migration 0019). The matching holds a digest user's rows (`digest`); here, set-based:
 * 1. `createDueDigests`: every user whose period is due at `now` in their own zone and who has held rows
 *    gets ONE notification_digests row for that period (UNIQUE (tenant, user, period): the idempotency key;
 *    a second worker's INSERT waits for the first's commit and then does nothing) and, in the same
 *    statement, the held rows are tied to it. No held rows, no digest: never an empty one.
 * 2. `claimDigests`: pending digests, unclaimed or whose claim ran out (a crashed worker's), each with the
 *    user and every change in it; `markDigestSent` then marks the digest and its rows sent.
 * `now` is passed in (the job passes the clock; tests pass the moment they mean).
 */

/**
 * The latest local moment ≤ now that the user's schedule names (today's or yesterday's hour for daily; the
 * last such weekday at that hour for weekly), as a local timestamp; $1 is now, $2 one store's id or null (all).
 */
export const DUE_DIGESTS_SQL = `WITH sch AS (
     SELECT s.tenant_id, s.user_id, s.frequency, s.hour, s.weekday, s.time_zone, s.updated_at,
            ($1::timestamptz AT TIME ZONE s.time_zone) AS local_now
       FROM notification_schedules s
      WHERE s.frequency <> 'instant' AND ($2::uuid IS NULL OR s.tenant_id = $2::uuid)
   ), moment AS (
     SELECT sch.*, date_trunc('day', local_now) + make_interval(hours => hour) - make_interval(days =>
              CASE WHEN frequency = 'daily' THEN (extract(hour FROM local_now) < hour)::int
                   ELSE (extract(dow FROM local_now)::int - weekday + 7) % 7
                        + 7 * (extract(dow FROM local_now)::int = weekday AND extract(hour FROM local_now) < hour)::int
              END) AS local_moment
       FROM sch
   ), due AS (
     SELECT m.tenant_id, m.user_id, m.frequency || ':' || to_char(m.local_moment, 'YYYY-MM-DD"T"HH24') AS period
       FROM moment m
      -- the first digest comes at the first moment after the user chose the schedule
      WHERE (m.local_moment AT TIME ZONE m.time_zone) >= m.updated_at
        AND EXISTS (SELECT 1 FROM notification_deliveries d
                     WHERE d.tenant_id = m.tenant_id AND d.user_id = m.user_id
                       AND d.digest AND d.digest_id IS NULL AND d.status = 'pending')
   ), created AS (
     INSERT INTO notification_digests (tenant_id, user_id, period)
     SELECT tenant_id, user_id, period FROM due
     ON CONFLICT (tenant_id, user_id, period) DO NOTHING
     RETURNING id, tenant_id, user_id
   ), rows_of AS (
     -- Driven from the new digests (LATERAL: each one's held rows by their index), never a join the
     -- planner may turn around: with no statistics on a CTE it scanned every new digest for every held
     -- row (2,000 × 10,000 comparisons, 5.5 s; bench/digest --explain).
     SELECT c.id AS digest_id, h.id
       FROM created c
       CROSS JOIN LATERAL (SELECT d.id FROM notification_deliveries d
                            WHERE d.tenant_id = c.tenant_id AND d.user_id = c.user_id
                              AND d.digest AND d.digest_id IS NULL AND d.status = 'pending'
                           OFFSET 0) h  -- OFFSET 0: not flattened into a join, run per digest
   ), held AS (
     UPDATE notification_deliveries d SET digest_id = r.digest_id, updated_at = now()
       FROM rows_of r
      WHERE d.id = r.id AND d.digest_id IS NULL AND d.status = 'pending'
     RETURNING d.digest_id
   )
   SELECT count(DISTINCT digest_id)::int AS n FROM held`;

/**
 * A digest's items as one JSON list, oldest first: the deliveries (`d`, with their events `e`) that `where`
 * selects, each with its change, reasons and whether the reader's tracking moved to a successor by itself.
 */
export const digestItemsSql = (where: string) => `(SELECT coalesce(json_agg(json_build_object(
              'eventId', d.event_id, 'change', e.change, 'reasons', d.reasons, 'occurredAt', e.occurred_at,
              'followedSuccessor', EXISTS (
                SELECT 1 FROM successor_follows f
                 WHERE f.tenant_id = d.tenant_id AND f.event_id = d.event_id
                   AND f.user_id = d.user_id AND f.how = 'automatic'))
              ORDER BY e.occurred_at, d.event_id), '[]')
       FROM notification_deliveries d
       JOIN catalog_events e ON e.tenant_id = d.tenant_id AND e.id = d.event_id
      WHERE ${where})`;

/** Creates the digests due at `now` across every store (or one); answers how many were created. */
export async function createDueDigests(
  db: SqlExecutor,
  now: Date,
  onlyStoreId: string | null = null,
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(DUE_DIGESTS_SQL, [now, onlyStoreId]);
  const created = rows[0]?.n ?? 0;
  await refreshDigestStatisticsAfter(db, created);
  return created;
}

/**
 * A build of this many digests or more refreshes the planner's statistics of the digest tables at once.
 * Without it the claim and its items were planned from statistics taken before the build (a few pending
 * digests, no `digest_id` yet), sorted every pending digest and bitmap-scanned every pending change for each
 * claim: bench/digest's 100,000 users went at ~20 digests/s until autovacuum's ANALYZE came, ~330 after.
 */
export const DIGEST_STATISTICS_AFTER = 1_000;

export async function refreshDigestStatisticsAfter(db: SqlExecutor, created: number): Promise<void> {
  if (created >= DIGEST_STATISTICS_AFTER)
    await db.query('ANALYZE notification_digests, notification_deliveries');
}

/** One change in a digest: what changed and why the user was told (every matching source, once). */
export interface DigestItem {
  eventId: number;
  change: EventChange;
  reasons: NotificationReason[];
  occurredAt: string;
  /** The user's tracking already followed the change's successor at publish. */
  followedSuccessor: boolean;
}

/** A claimed digest with what its e-mail needs. */
export interface ClaimedDigest {
  id: number;
  tenantId: string;
  userId: string;
  period: string;
  /** 'changes': a digest of `items`; 'status': the monthly status of the list (no items; migration 0023). */
  kind: 'changes' | 'status';
  login: string;
  firstName: string;
  lastName: string;
  locale: string | null;
  items: DigestItem[];
}

/**
 * Claims up to `limit` pending digests (unclaimed, or claimed before and not finished by `now`) for
 * `seconds`, with their user and their changes in the order they happened; `until` is the claim's end,
 * which also names the claim (releaseDigestClaims).
 */
export async function claimDigests(
  db: SqlExecutor,
  now: Date,
  seconds: number,
  limit: number,
): Promise<{ rows: ClaimedDigest[]; until: Date }> {
  const until = new Date(now.getTime() + seconds * 1000);
  const { rows } = await db.query<ClaimedDigest>(
    `WITH claimed AS (
       UPDATE notification_digests g
          SET claimed_until = $2, attempts = g.attempts + 1
        WHERE g.id IN (SELECT id FROM notification_digests
                        WHERE status = 'pending' AND (claimed_until IS NULL OR claimed_until < $1::timestamptz)
                        ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING g.id, g.tenant_id, g.user_id, g.period, g.kind)
     SELECT c.id, c.tenant_id AS "tenantId", c.user_id AS "userId", c.period, c.kind, u.login,
            u.first_name AS "firstName", u.last_name AS "lastName", u.locale,
            ${digestItemsSql("d.digest_id = c.id AND d.status = 'pending'")} AS items
       FROM claimed c JOIN users u ON u.tenant_id = c.tenant_id AND u.id = c.user_id
      ORDER BY c.id`,
    [now, until, limit],
  );
  return { rows, until };
}

/**
 * Gives back claimed digests that were not sent (the run told to stop, or their claim ending soon) for the
 * next run, leaving any another run has claimed since (their claim is no longer `until`).
 */
export async function releaseDigestClaims(db: SqlExecutor, ids: number[], until: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `UPDATE notification_digests SET claimed_until = NULL
      WHERE id = ANY($1::bigint[]) AND status = 'pending' AND claimed_until = $2`,
    [ids, until],
  );
}

/**
 * Marks sent digests and their changes in one statement (the sender's group commit, sent-marks.ts); each
 * digest keeps its message once (migration 0025; the console reads a change's message from its digest).
 */
export async function markDigestsSent(
  db: SqlExecutor,
  sent: ReadonlyArray<{ id: number; messageId: string; message?: string }>,
): Promise<void> {
  if (sent.length === 0) return;
  await db.query(
    `WITH g AS (
       UPDATE notification_digests g
          SET status = 'sent', message_id = x.message_id, sent_at = now(), claimed_until = NULL,
              last_error = NULL, sent_message = x.message
         FROM unnest($1::bigint[], $2::text[], $3::text[]) AS x(id, message_id, message)
        WHERE g.id = x.id AND g.status = 'pending'
        RETURNING g.id, g.message_id)
     UPDATE notification_deliveries d
        SET status = 'sent', message_id = g.message_id, sent_at = now(), updated_at = now(),
            attempts = d.attempts + 1
       FROM g WHERE d.digest_id = g.id AND d.status = 'pending'`,
    [sent.map((s) => s.id), sent.map((s) => s.messageId), sent.map((s) => s.message ?? null)],
  );
}

/**
 * A failed attempt: `permanent` (SMTP 5xx) ends the digest and its rows as failed; otherwise the claim is
 * moved to `retryAt`, when a later run takes it again.
 */
export async function markDigestAttemptFailed(
  db: SqlExecutor,
  id: number,
  error: string,
  outcome: { permanent: boolean; retryAt: Date },
): Promise<void> {
  await db.query(
    `WITH g AS (
       UPDATE notification_digests
          SET last_error = $2, claimed_until = $4,
              status = CASE WHEN $3::boolean THEN 'failed' ELSE status END
        WHERE id = $1 AND status = 'pending' RETURNING id, status)
     UPDATE notification_deliveries d SET status = 'failed', last_error = $2, updated_at = now()
       FROM g WHERE g.status = 'failed' AND d.digest_id = g.id AND d.status = 'pending'`,
    [id, error.slice(0, 1000), outcome.permanent, outcome.retryAt],
  );
}
