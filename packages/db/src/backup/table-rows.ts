import type { SqlExecutor } from '../database-handle.ts';

/**
 * What a backup holds, for people and for the drill test: every table of every schema (Trackwell's in
 * `public`, pg-boss's in `pgboss`) with its exact row count. A partition is counted in its parent table.
 */
export interface TableRows {
  /** `name` in public, `schema.name` elsewhere. */
  table: string;
  rows: number;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every table's row count, sorted by name; inside a transaction, the counts of its snapshot. */
export async function countTableRows(db: SqlExecutor): Promise<TableRows[]> {
  const { rows: tables } = await db.query<{ schema: string; name: string }>(
    `SELECT n.nspname AS schema, c.relname AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND n.nspname NOT IN ('pg_catalog', 'information_schema')
        AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'
      ORDER BY 1, 2`,
  );
  const counts: TableRows[] = [];
  for (const { schema, name } of tables) {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${quoteIdent(schema)}.${quoteIdent(name)}`,
    );
    counts.push({ table: schema === 'public' ? name : `${schema}.${name}`, rows: rows[0]?.n ?? 0 });
  }
  return counts;
}

/** The relations (tables, views, sequences) of a database outside the system's schemas: none when empty. */
export async function countUserRelations(db: SqlExecutor): Promise<{ relations: number; schemas: string[] }> {
  const { rows } = await db.query<{ schema: string; n: number }>(
    `SELECT n.nspname AS schema, count(*)::int AS n
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
        AND n.nspname NOT IN ('pg_catalog', 'information_schema')
        AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'
      GROUP BY 1 ORDER BY 1`,
  );
  return { relations: rows.reduce((sum, r) => sum + r.n, 0), schemas: rows.map((r) => r.schema) };
}
