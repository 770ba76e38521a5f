import { STANDARD_HISTORY_LIMIT, type StandardHistory } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';

/**
 * A standard's edition history, from the changes recorded for it (`catalog_events`, whatever
 * brought them: the publisher API, the CLI, the console or an import), newest first, with the changes that
 * replaced it or that it replaced (`standard_successors`). Undefined when the store has no such standard.
 */
export async function getStandardHistory(
  db: SqlExecutor,
  tenantId: string,
  assetId: string,
): Promise<StandardHistory | undefined> {
  const { rows } = await db.query<{
    standard: StandardHistory['standard'];
    entries: StandardHistory['entries'];
  }>(
    `SELECT json_build_object('assetId', s.asset_id, 'designation', s.designation, 'title', s.title,
                              'status', s.status, 'edition', s.edition,
                              'publishedOn', to_char(s.published_on, 'YYYY-MM-DD')) AS standard,
            COALESCE((
              SELECT json_agg(json_build_object(
                       'kind', e.kind,
                       'occurredAt', to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                       'designation', COALESCE(e.change #>> '{standard,designation}', s.designation),
                       'oldDesignation', e.change #>> '{standard,oldDesignation}',
                       'edition', e.change #>> '{standard,edition}',
                       'status', COALESCE(e.change #>> '{standard,status}', s.status),
                       'oldStatus', e.change #>> '{standard,oldStatus}',
                       'date', e.change #>> '{standard,date}',
                       'summary', e.change ->> 'summary',
                       'compareUrl', e.change ->> 'compareUrl',
                       'note', e.change ->> 'note',
                       'successor', CASE WHEN e.change ? 'successor' THEN json_build_object(
                         'from', e.change #>> '{successor,from,designation}',
                         'to', e.change #>> '{successor,to,designation}') END)
                       ORDER BY e.occurred_at DESC, e.id DESC)
                FROM (SELECT * FROM catalog_events
                       WHERE tenant_id = $1
                         AND (standard_id = s.id
                              OR id IN (SELECT ss.event_id FROM standard_successors ss
                                         WHERE ss.tenant_id = $1 AND (ss.standard_id = s.id OR ss.successor_id = s.id)))
                       ORDER BY occurred_at DESC, id DESC LIMIT $3) e), '[]'::json) AS entries
       FROM standards s WHERE s.tenant_id = $1 AND s.asset_id = $2`,
    [tenantId, assetId, STANDARD_HISTORY_LIMIT],
  );
  const row = rows[0];
  return row ? { standard: row.standard, entries: row.entries } : undefined;
}
