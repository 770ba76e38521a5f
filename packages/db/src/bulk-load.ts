import type { Transaction } from './database-handle.ts';

/**
 * Runs `load` with the secondary indexes of `tables` dropped, then builds them again from their own definitions
 * (`pg_get_indexdef`, so the migrations stay the one description of each index), all in the caller's
 * transaction: a failure anywhere rolls the drops back with the rows. One index build over all the rows is
 * cheaper than keeping a dozen indexes up to date insert by insert (the demo seed's first load on PGlite, 15,000
 * standards: 8.8–10.4 s → 7.6–7.8 s in one process; most of what is left is the title words' 122,735 rows).
 * Unique and primary-key indexes stay: `ON CONFLICT` needs them.
 *
 * For tables that are empty or nearly so (a first seed): dropping an index takes the table's exclusive lock
 * until the transaction ends, so readers wait for the whole load.
 */
export async function withIndexesBuiltAfter<T>(
  tx: Transaction,
  tables: readonly string[],
  load: () => Promise<T>,
): Promise<T> {
  const { rows } = await tx.query<{ name: string; definition: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
       JOIN pg_class t ON t.oid = i.indrelid
      WHERE t.relnamespace = 'public'::regnamespace AND t.relname = ANY($1::text[])
        AND NOT i.indisunique AND NOT i.indisprimary
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
      ORDER BY t.relname, i.indexrelid`,
    [tables],
  );
  for (const { name } of rows) await tx.query(`DROP INDEX ${name}`);
  const result = await load();
  for (const { definition } of rows) await tx.query(definition);
  return result;
}

/**
 * Runs `load` with the foreign keys of `tables` dropped, then adds them again from their own definitions
 * (`pg_get_constraintdef`), all in the caller's transaction. Adding a foreign key checks every row in one
 * set-based query, where a kept one checks each inserted row on its own (a trigger per row: about a third of
 * the demo seed's insert time on PGlite). What is loaded is checked as strictly either way: a row without its
 * parent fails the add, and with it the whole transaction. PostgreSQL's own advice for a bulk load
 * ("Populating a Database": remove foreign key constraints, load, re-create them).
 *
 * For tables that are empty or nearly so (a first seed), as `withIndexesBuiltAfter`: the drops lock the
 * tables and the ones they reference until the transaction ends.
 */
export async function withForeignKeysCheckedAfter<T>(
  tx: Transaction,
  tables: readonly string[],
  load: () => Promise<T>,
): Promise<T> {
  const { rows } = await tx.query<{ table: string; name: string; definition: string }>(
    `SELECT c.conrelid::regclass::text AS "table", quote_ident(c.conname) AS name,
            pg_get_constraintdef(c.oid) AS definition
       FROM pg_constraint c
       JOIN pg_class t ON t.oid = c.conrelid
      WHERE c.contype = 'f' AND t.relnamespace = 'public'::regnamespace AND t.relname = ANY($1::text[])
      ORDER BY t.relname, c.conname`,
    [tables],
  );
  for (const { table, name } of rows) await tx.query(`ALTER TABLE ${table} DROP CONSTRAINT ${name}`);
  const result = await load();
  for (const { table, name, definition } of rows)
    await tx.query(`ALTER TABLE ${table} ADD CONSTRAINT ${name} ${definition}`);
  return result;
}
