import type { StandardSuccession } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';

/**
 * A tracking follows the successor of a replaced standard (migration 0024). Publishing a
 * replacement records the pair with its event (`recordSuccessions`, before the matching, which tells the
 * trackers of the replaced standard) and moves the trackings of the users who chose to follow
 * automatically (`followSuccessorsAutomatically`, after it, same transaction, one statement); the others
 * follow from the e-mail's signed link (`followSuccessorByLink`).
 */

/** Records the pairs of these events (one statement: a publish's one, or an import batch's). */
export async function recordSuccessions(
  tx: SqlExecutor,
  tenantId: string,
  pairs: ReadonlyArray<{ eventId: number; standardId: number; successorId: number }>,
): Promise<void> {
  if (pairs.length === 0) return;
  await tx.query(
    `INSERT INTO standard_successors (tenant_id, event_id, standard_id, successor_id)
     SELECT $1, * FROM unnest($2::bigint[], $3::bigint[], $4::bigint[])`,
    [tenantId, pairs.map((p) => p.eventId), pairs.map((p) => p.standardId), pairs.map((p) => p.successorId)],
  );
  // The replaced standard names its successor (migration 0033), as an import records it.
  await tx.query(
    `UPDATE standards s SET replaced_by_content_code = n.content_code
       FROM unnest($2::bigint[], $3::bigint[]) AS u(sid, nid)
       JOIN standards n ON n.tenant_id = $1 AND n.id = u.nid
      WHERE s.tenant_id = $1 AND s.id = u.sid`,
    [tenantId, pairs.map((p) => p.standardId), pairs.map((p) => p.successorId)],
  );
}

/**
 * Moves, set-based, the trackings of the events' replaced standards to its successor for every user who
 * tracks it (tracking on) and chose to follow automatically: the follow is recorded (the e-mail says
 * "You now track …"), the successor tracked (a tracking the user already has of it is kept as it is) and
 * the replaced standard no longer tracked. Answers how many users were moved.
 */
export async function followSuccessorsAutomatically(
  tx: SqlExecutor,
  tenantId: string,
  eventIds: readonly number[],
): Promise<number> {
  if (eventIds.length === 0) return 0;
  const { rows } = await tx.query<{ n: number }>(
    `WITH pair AS (
       SELECT event_id, standard_id, successor_id FROM standard_successors
        WHERE tenant_id = $1 AND event_id = ANY($2::bigint[])
     ), movers AS (
       SELECT DISTINCT pair.event_id, ct.user_id FROM content_trackings ct
         JOIN pair ON ct.standard_id = pair.standard_id
         JOIN successor_preferences p ON p.tenant_id = $1 AND p.user_id = ct.user_id AND p.follow_automatically
        WHERE ct.tenant_id = $1 AND NOT ct.tracking_off
     ), followed AS (
       INSERT INTO successor_follows (tenant_id, event_id, user_id, how)
       SELECT $1, event_id, user_id, 'automatic' FROM movers
       ON CONFLICT DO NOTHING RETURNING event_id, user_id
     ), added AS (
       INSERT INTO content_trackings (tenant_id, user_id, standard_id)
       SELECT DISTINCT $1::uuid, f.user_id, pair.successor_id FROM followed f JOIN pair USING (event_id)
       ON CONFLICT (tenant_id, user_id, standard_id) DO NOTHING
     ), removed AS (
       DELETE FROM content_trackings ct USING followed f, pair
        WHERE ct.tenant_id = $1 AND ct.user_id = f.user_id AND f.event_id = pair.event_id
          AND ct.standard_id = pair.standard_id
     )
     SELECT count(*)::int AS n FROM followed`,
    [tenantId, eventIds],
  );
  return rows[0]?.n ?? 0;
}

/** The replacement an event recorded, as the confirm page names it; undefined when it recorded none. */
export async function findSuccession(
  db: SqlExecutor,
  tenantId: string,
  eventId: number,
): Promise<StandardSuccession | undefined> {
  const { rows } = await db.query<StandardSuccession>(
    `SELECT json_build_object('assetId', o.asset_id, 'designation', o.designation) AS "from",
            json_build_object('assetId', n.asset_id, 'designation', n.designation) AS "to"
       FROM standard_successors ss
       JOIN standards o ON o.tenant_id = $1 AND o.id = ss.standard_id
       JOIN standards n ON n.tenant_id = $1 AND n.id = ss.successor_id
      WHERE ss.tenant_id = $1 AND ss.event_id = $2`,
    [tenantId, eventId],
  );
  return rows[0];
}

/** How a user followed a replacement: the e-mail's signed link, or the notification centre's button. */
export type SuccessorFollowHow = 'link' | 'centre';

/**
 * The e-mail's one click (or the notification centre's button, `how` 'centre'): the user tracks the
 * successor instead of the replaced standard. Idempotent: a second call finds the recorded follow and
 * changes nothing ('already'); 'none' when the event recorded no replacement.
 */
export async function followSuccessorByLink(
  tx: SqlExecutor,
  tenantId: string,
  eventId: number,
  userId: string,
  how: SuccessorFollowHow = 'link',
): Promise<'followed' | 'already' | 'none'> {
  const { rows } = await tx.query<{ standard_id: number; successor_id: number; new_follow: boolean }>(
    `WITH pair AS (
       SELECT standard_id, successor_id FROM standard_successors WHERE tenant_id = $1 AND event_id = $2
     ), followed AS (
       INSERT INTO successor_follows (tenant_id, event_id, user_id, how)
       SELECT $1, $2, $3, $4 FROM pair
       ON CONFLICT DO NOTHING RETURNING user_id
     )
     SELECT standard_id, successor_id, EXISTS (SELECT 1 FROM followed) AS new_follow FROM pair`,
    [tenantId, eventId, userId, how],
  );
  const pair = rows[0];
  if (!pair) return 'none';
  if (!pair.new_follow) return 'already';
  await tx.query(
    `INSERT INTO content_trackings (tenant_id, user_id, standard_id) VALUES ($1, $2, $3)
     ON CONFLICT (tenant_id, user_id, standard_id) DO NOTHING`,
    [tenantId, userId, pair.successor_id],
  );
  await tx.query('DELETE FROM content_trackings WHERE tenant_id = $1 AND user_id = $2 AND standard_id = $3', [
    tenantId,
    userId,
    pair.standard_id,
  ]);
  return 'followed';
}

/** The user's choice (off when never made). */
export async function getSuccessorPreference(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
): Promise<{ followAutomatically: boolean }> {
  const { rows } = await db.query<{ follow_automatically: boolean }>(
    'SELECT follow_automatically FROM successor_preferences WHERE tenant_id = $1 AND user_id = $2',
    [tenantId, userId],
  );
  return { followAutomatically: rows[0]?.follow_automatically ?? false };
}

export async function saveSuccessorPreference(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
  followAutomatically: boolean,
): Promise<void> {
  await db.query(
    `INSERT INTO successor_preferences (tenant_id, user_id, follow_automatically) VALUES ($1, $2, $3)
     ON CONFLICT (tenant_id, user_id)
     DO UPDATE SET follow_automatically = EXCLUDED.follow_automatically, updated_at = now()`,
    [tenantId, userId, followAutomatically],
  );
}
