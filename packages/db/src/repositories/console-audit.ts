import type { AuditAction } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';

/**
 * The console's audit log (migration 0010): append-only (a trigger refuses UPDATE, DELETE and TRUNCATE).
 * Entries are written in the transaction of what they record; read newest first, by id cursor.
 */

export type AuditActorKind = 'user' | 'api_key' | 'client' | 'system';

export interface AuditEntryInput {
  storeCode: string | null;
  actor: { kind: AuditActorKind; id: string; login: string };
  action: AuditAction;
  target?: string;
  before?: unknown;
  after?: unknown;
}

export interface AuditEntry {
  id: string;
  at: Date;
  storeCode: string | null;
  actorKind: AuditActorKind;
  actorId: string;
  actorLogin: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

export interface AuditFilter {
  /** Only this store's entries (undefined: every store — the operators' view). */
  tenantId?: string | undefined;
  /** A login or an actor id. */
  actor?: string | undefined;
  action?: string | undefined;
  storeCode?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Entries older than this id (the previous page's last). */
  beforeId?: string | undefined;
  limit: number;
}

const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

/** Records one entry for the store `tenantId` (null: about no store). */
export async function recordAuditEntry(
  tx: SqlExecutor,
  tenantId: string | null,
  entry: AuditEntryInput,
): Promise<void> {
  await tx.query(
    `INSERT INTO console_audit_log (tenant_id, store_code, actor_kind, actor_id, actor_login, action, target,
       before, after) VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb)`,
    [
      tenantId,
      entry.storeCode,
      entry.actor.kind,
      entry.actor.id,
      entry.actor.login,
      entry.action,
      entry.target ?? '',
      json(entry.before),
      json(entry.after),
    ],
  );
}

type AuditRow = {
  id: string;
  at: Date;
  store_code: string | null;
  actor_kind: AuditActorKind;
  actor_id: string;
  actor_login: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
};

/** The WHERE of a filter (parameters $1…$7) and its values: the one definition of what matches. */
function matching(filter: AuditFilter) {
  return {
    where: `($1::uuid IS NULL OR tenant_id = $1::uuid)
        AND ($2::text IS NULL OR lower(actor_login) = lower($2) OR actor_id = $2)
        AND ($3::text IS NULL OR action = $3)
        AND ($4::text IS NULL OR store_code = $4)
        AND ($5::timestamptz IS NULL OR at >= $5)
        AND ($6::timestamptz IS NULL OR at < $6)
        AND ($7::bigint IS NULL OR id < $7::bigint)`,
    values: [
      filter.tenantId ?? null,
      filter.actor ?? null,
      filter.action ?? null,
      filter.storeCode ?? null,
      filter.from ?? null,
      filter.to ?? null,
      filter.beforeId ?? null,
    ],
  };
}

const toEntry = (r: AuditRow): AuditEntry => ({
  id: r.id,
  at: r.at,
  storeCode: r.store_code,
  actorKind: r.actor_kind,
  actorId: r.actor_id,
  actorLogin: r.actor_login,
  action: r.action,
  target: r.target,
  before: r.before,
  after: r.after,
});

/**
 * One page of entries matching `filter`, newest first (limit + 1 are read to know whether more follow),
 * `offset` entries in (a numbered page). Ordered by the table's bigint id, not the selected text alias (as
 * text, "99" sorts after "100"); (tenant_id, id) of 0010 serves one store's pages, the key every store's.
 */
export async function listAuditEntries(
  db: SqlExecutor,
  filter: AuditFilter,
  offset = 0,
): Promise<{ entries: AuditEntry[]; more: boolean }> {
  const { where, values } = matching(filter);
  const { rows } = await db.query<AuditRow>(
    `SELECT id::text AS id, at, store_code, actor_kind, actor_id, actor_login, action, target, before, after
       FROM console_audit_log
      WHERE ${where}
      ORDER BY console_audit_log.id DESC LIMIT $8 OFFSET $9`,
    [...values, filter.limit + 1, offset],
  );
  return { entries: rows.slice(0, filter.limit).map(toEntry), more: rows.length > filter.limit };
}

/** How many entries match `filter` (for "page N of M"). */
export async function countAuditEntries(db: SqlExecutor, filter: AuditFilter): Promise<number> {
  const { where, values } = matching(filter);
  const { rows } = await db.query<{ total: string }>(
    `SELECT count(*) AS total FROM console_audit_log WHERE ${where}`,
    values,
  );
  return Number(rows[0]?.total ?? 0);
}
