import type { DatabaseHandle } from '../database-handle.ts';
import { type Migration, MigrationError, readMigrations } from '../migrate.ts';

/**
 * After a restore: does the restored database belong to this code? Every migration it recorded must be one
 * of this code's with the same checksum (as `migrate` checks); none is applied here. Migrations of this code
 * that the backup predates are listed: the next `npm start` (or `npm run db:migrate`) applies them.
 */
export interface MigrationCheck {
  /** Recorded in the restored database, and the same as this code's. */
  applied: number;
  /** This code's migrations that the backup does not have yet. */
  pending: string[];
}

export async function checkMigrations(
  db: DatabaseHandle,
  migrations: Migration[] = readMigrations(),
): Promise<MigrationCheck> {
  const { rows: exists } = await db.query<{ t: string | null }>(
    `SELECT to_regclass('public.schema_migrations')::text AS t`,
  );
  if (!exists[0]?.t)
    throw new MigrationError('The restored database has no schema_migrations table: not a Trackwell backup.');
  const { rows } = await db.query<{ version: string; name: string; checksum: string }>(
    'SELECT version, name, checksum FROM schema_migrations ORDER BY version',
  );
  const known = new Map(migrations.map((m) => [m.version, m]));
  const recorded = new Set<string>();
  for (const row of rows) {
    const migration = known.get(row.version);
    if (!migration)
      throw new MigrationError(
        `The backup has migration ${row.name}, which this code does not know: it was made by a newer ` +
          'Trackwell. Restore it with that version of the code.',
        row.name,
      );
    if (migration.checksum !== row.checksum)
      throw new MigrationError(
        `Migration ${row.name} of the backup differs from this code's (checksum mismatch): it was made by ` +
          'another version of Trackwell. Restore it with that version of the code.',
        row.name,
      );
    recorded.add(row.version);
  }
  return {
    applied: recorded.size,
    pending: migrations.filter((m) => !recorded.has(m.version)).map((m) => m.name),
  };
}
