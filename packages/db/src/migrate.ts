import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from './client.ts';

/**
 * Applies `migrations/NNNN_name.sql` in order, each in its own transaction, recording it in
 * `schema_migrations`. On PostgreSQL an advisory lock lets several processes start at once safely.
 * A migration that was applied and later edited is an error (its checksum no longer matches).
 */

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));

export interface Migration {
  version: string;
  name: string;
  sql: string;
  checksum: string;
}

export class MigrationError extends Error {
  readonly migration: string | undefined;
  constructor(message: string, migration?: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MigrationError';
    this.migration = migration;
  }
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((file) => {
      const sql = readFileSync(`${dir}/${file}`, 'utf8');
      return {
        version: file.slice(0, 4),
        name: file.replace(/\.sql$/, ''),
        sql,
        checksum: createHash('sha256').update(sql).digest('hex'),
      };
    });
}

// Any fixed 64-bit number works; it only has to be the same for every Trackwell process.
const MIGRATION_LOCK_KEY = 7_262_017_001;

export interface MigrateResult {
  applied: string[];
  alreadyApplied: number;
}

export async function migrate(handle: DatabaseHandle, migrations = readMigrations()): Promise<MigrateResult> {
  await handle.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY, name text NOT NULL, checksum text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now())`);
  // What is applied already, read once: a start with nothing to apply is one query, not a transaction per
  // migration (42 of them: 0.13–0.19 s of a warm start on PGlite, bench/startup). A recorded checksum never
  // changes, so it is compared here; a migration not recorded yet is looked up again under the lock.
  const recorded = new Map(
    (
      await handle.query<{ version: string; checksum: string }>(
        'SELECT version, checksum FROM schema_migrations',
      )
    ).rows.map((r) => [r.version, r.checksum]),
  );
  const applied: string[] = [];
  let alreadyApplied = 0;
  for (const migration of migrations) {
    const checksum = recorded.get(migration.version);
    const didApply =
      checksum === undefined
        ? await applyUnlessRecorded(handle, migration)
        : assertUnchanged(migration, checksum);
    if (didApply) applied.push(migration.name);
    else alreadyApplied++;
  }
  return { applied, alreadyApplied };
}

function assertUnchanged(migration: Migration, checksum: string): false {
  if (checksum !== migration.checksum) {
    throw new MigrationError(
      `Migration ${migration.name} was changed after it was applied (checksum mismatch). ` +
        'Add a new migration instead of editing an applied one.',
      migration.name,
    );
  }
  return false;
}

/** Applies one migration in its transaction, unless another process recorded it meanwhile. */
function applyUnlessRecorded(handle: DatabaseHandle, migration: Migration): Promise<boolean> {
  return handle.transaction(async (tx) => {
    if (handle.engine === 'postgres')
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    const { rows } = await tx.query<{ checksum: string }>(
      'SELECT checksum FROM schema_migrations WHERE version = $1',
      [migration.version],
    );
    if (rows[0]) return assertUnchanged(migration, rows[0].checksum);
    try {
      await tx.exec(migration.sql);
    } catch (cause) {
      throw new MigrationError(
        `Migration ${migration.name} failed: ${(cause as Error).message}`,
        migration.name,
        {
          cause,
        },
      );
    }
    await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
      migration.version,
      migration.name,
      migration.checksum,
    ]);
    return true;
  });
}
