import {
  CHANGE_KIND_CHOICES,
  type ChangeKindChoice,
  DEFAULT_KIND_CHOICES,
  KIND_FILTERED_SOURCE_TYPES,
  type NotificationPreferences,
  type SourceKinds,
} from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';

/**
 * Which kinds of change a user is told about, for all their trackings and per tracked
 * committee, industry area or publisher (migration 0017). The matching reads the same columns
 * (event-matching.ts); only the tracker's own sources (application TRACKER) are concerned.
 */

/** The user's choice (every kind but informative citations when never chosen) and each narrowable source they track, in order. */
export async function getNotificationPreferences(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
): Promise<NotificationPreferences> {
  const { rows } = await db.query<{ kinds: ChangeKindChoice[] | null; sources: SourceKinds[] | null }>(
    `SELECT (SELECT kinds FROM notification_preferences WHERE tenant_id = $1 AND user_id = $2) AS kinds,
            (SELECT json_agg(json_build_object('type', tracking_type, 'value', value, 'kinds', kinds)
                             ORDER BY tracking_type, value)
               FROM source_trackings
              WHERE tenant_id = $1 AND user_id = $2 AND application_code = 'TRACKER'
                AND tracking_type = ANY($3::text[])) AS sources`,
    [tenantId, userId, KIND_FILTERED_SOURCE_TYPES],
  );
  const row = rows[0];
  return { kinds: inChoiceOrder(row?.kinds ?? DEFAULT_KIND_CHOICES), sources: row?.sources ?? [] };
}

/** Sources named in a save that the user does not track (nothing is saved then). */
export class UntrackedSourcesError extends Error {
  override name = 'UntrackedSourcesError';
  readonly sources: ReadonlyArray<{ type: string; value: string }>;
  constructor(sources: ReadonlyArray<{ type: string; value: string }>) {
    super('Some sources are not tracked by this user.');
    this.sources = sources;
  }
}

/**
 * Saves the user's kinds and the named sources' own kinds (null: back to the user's), in the caller's
 * transaction. A source the user does not track throws UntrackedSourcesError before anything is written.
 */
export async function saveNotificationPreferences(
  tx: SqlExecutor,
  tenantId: string,
  userId: string,
  choice: NotificationPreferences,
): Promise<void> {
  const tracked = await tx.query<{ type: string; value: string }>(
    `SELECT x.type, x.value FROM unnest($3::text[], $4::text[]) AS x(type, value)
      WHERE EXISTS (SELECT 1 FROM source_trackings s
                     WHERE s.tenant_id = $1 AND s.user_id = $2 AND s.application_code = 'TRACKER'
                       AND s.tracking_type = x.type AND s.value = x.value)`,
    [tenantId, userId, choice.sources.map((s) => s.type), choice.sources.map((s) => s.value)],
  );
  const known = new Set(tracked.rows.map((r) => `${r.type}\u0000${r.value}`));
  const untracked = choice.sources.filter((s) => !known.has(`${s.type}\u0000${s.value}`));
  if (untracked.length > 0) throw new UntrackedSourcesError(untracked);
  await tx.query(
    `INSERT INTO notification_preferences (tenant_id, user_id, kinds) VALUES ($1, $2, $3)
     ON CONFLICT (tenant_id, user_id) DO UPDATE SET kinds = EXCLUDED.kinds, updated_at = now()`,
    [tenantId, userId, inChoiceOrder(choice.kinds)],
  );
  if (choice.sources.length === 0) return;
  await tx.query(
    `UPDATE source_trackings s SET kinds = CASE WHEN x.kinds = '' THEN NULL ELSE string_to_array(x.kinds, ',') END
       FROM unnest($3::text[], $4::text[], $5::text[]) AS x(type, value, kinds)
      WHERE s.tenant_id = $1 AND s.user_id = $2 AND s.application_code = 'TRACKER'
        AND s.tracking_type = x.type AND s.value = x.value`,
    [
      tenantId,
      userId,
      choice.sources.map((s) => s.type),
      choice.sources.map((s) => s.value),
      choice.sources.map((s) => (s.kinds ? inChoiceOrder(s.kinds).join(',') : '')),
    ],
  );
}

/** Kinds in the list's own order, each once (the stored and the answered form). */
const inChoiceOrder = (kinds: readonly ChangeKindChoice[]): ChangeKindChoice[] =>
  CHANGE_KIND_CHOICES.filter((kind) => kinds.includes(kind));
