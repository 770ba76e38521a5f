import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/schema.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

/** The Drizzle view (schema.ts) must describe exactly the columns the SQL migrations create. */
describe('schema.ts matches the migrated database', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  const tables = Object.values(schema).filter(
    (v) => typeof v === 'object' && v !== null && 'getSQL' in v,
  ) as PgTable[];

  it.each(tables.map((table) => [getTableConfig(table).name, table] as const))('%s', async (name, table) => {
    const { rows } = await t.handle.query<{ column_name: string; is_nullable: string }>(
      `SELECT column_name, is_nullable FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = $1 ORDER BY column_name`,
      [name],
    );
    const inSql = rows.map((r) => `${r.column_name}${r.is_nullable === 'NO' ? ' not null' : ''}`);
    const inTs = getTableConfig(table)
      .columns.map((c) => `${c.name}${c.notNull ? ' not null' : ''}`)
      .sort();
    expect(inTs).toEqual(inSql);
  });
});
