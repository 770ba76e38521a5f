import type { SqlExecutor } from '@trackwell/db';

/**
 * "Nothing written" for one request, cheaply. Why it is sound: in PostgreSQL (and PGlite, which is
 * PostgreSQL) every INSERT, UPDATE, DELETE or row lock assigns its transaction an xid, and reads never do;
 * `pg_snapshot_xmax(pg_current_snapshot())` is the next xid to be assigned. So if that mark has not moved
 * across a request, no transaction wrote anything during it. Requests run one at a time and nothing else
 * runs between them, so the mark taken after one request is the mark before the next: one query a request.
 * When it moved, `pg_xact_status` separates committed xids from rolled-back ones (a rollback wrote nothing),
 * and each committed xid is attributed to the tables holding a row whose `xmin` is that xid.
 * A committed xid with no row left anywhere (a DELETE, or a row lock) counts as an unattributed write. On
 * PGlite this process is the only client, so that is a real write. On a shared PostgreSQL server xids are
 * cluster-wide, so other databases' transactions move the mark on nearly every request: there unattributed
 * xids are not counted (deletes go undetected on PostgreSQL; the PGlite run in `npm test` covers them), and
 * the statuses are not asked either: a row is only visible to this query if its transaction committed, so
 * the tables holding a visible row whose `xmin` lies between the marks are the tables written. One query a
 * request instead of a status lookup per xid of the whole cluster (which cost a busy CI run minutes).
 */
export interface WriteWatch {
  mark(): Promise<bigint>;
  /** What committed between two marks: tables written (by xmin) and xids that left no row. */
  between(from: bigint, to: bigint): Promise<{ tables: string[]; unattributed: number }>;
}

const XID_RANGE_CAP = 10_000n;

export async function createWriteWatch(db: SqlExecutor, { sharedServer }: { sharedServer: boolean }) {
  const { rows: tableRows } = await db.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, relname) AS name FROM pg_stat_user_tables ORDER BY 1`,
  );
  const tables = tableRows.map((r) => r.name);
  const attribution = tables
    .map(
      (name, i) =>
        `SELECT ${i} AS i, array_agg(DISTINCT xmin::text::bigint) AS xids FROM ${name} WHERE xmin::text::bigint = ANY($1::bigint[])`,
    )
    .join(' UNION ALL ');

  // Which tables hold a visible row written by a transaction between two marks (32-bit xids: see below).
  const writtenInRange = tables
    .map(
      (name, i) =>
        `SELECT ${i} AS i WHERE EXISTS (SELECT 1 FROM ${name} WHERE xmin::text::bigint >= $1 AND xmin::text::bigint < $2)`,
    )
    .join(' UNION ALL ');
  const XID_WRAP = 2n ** 32n;

  const watch: WriteWatch = {
    async mark() {
      const { rows } = await db.query<{ next: string }>(
        'SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next',
      );
      return BigInt(rows[0]!.next);
    },
    async between(mark, now) {
      if (now === mark) return { tables: [], unattributed: 0 };
      const from = now - mark > XID_RANGE_CAP ? now - XID_RANGE_CAP : mark;
      if (sharedServer && from % XID_WRAP < now % XID_WRAP) {
        const { rows: hits } = await db.query<{ i: number }>(writtenInRange, [
          (from % XID_WRAP).toString(),
          (now % XID_WRAP).toString(),
        ]);
        return { tables: hits.map((h) => tables[Number(h.i)]!), unattributed: 0 };
      }
      const { rows } = await db.query<{ xid: string }>(
        `SELECT x::text AS xid FROM generate_series($1::bigint, $2::bigint - 1) AS x
          WHERE pg_xact_status(x::text::xid8) = 'committed'`,
        [from.toString(), now.toString()],
      );
      if (rows.length === 0) return { tables: [], unattributed: 0 };
      // xmin is the 32-bit xid; xid8 adds the epoch above it.
      const committed = rows.map((r) => (BigInt(r.xid) % 2n ** 32n).toString());
      const { rows: hits } = await db.query<{ i: number; xids: string[] | null }>(attribution, [committed]);
      const written = hits.filter((h) => h.xids && h.xids.length > 0);
      const attributed = new Set(written.flatMap((h) => h.xids ?? []).map(String));
      return {
        tables: written.map((h) => tables[Number(h.i)]!),
        unattributed: sharedServer ? 0 : committed.filter((x) => !attributed.has(x)).length,
      };
    },
  };
  return watch;
}
