import { openDatabase } from '../client.ts';
import type { DatabaseHandle } from '../database-handle.ts';
import { assertBackupOf, writeBackupFile } from './backup-file.ts';
import type { BackupReport, RestoreReport } from './backup-report.ts';
import { checkMigrations } from './migration-check.ts';
import {
  assertToolFitsServer,
  type PgTool,
  pgToolMajor,
  runPgTool,
  toolConnection,
} from './postgres-tools.ts';
import { countTableRows, countUserRelations } from './table-rows.ts';

/**
 * PostgreSQL backups: pg_dump's custom format (`-Fc`), restored by pg_restore. The backup's row counts come
 * from the very snapshot pg_dump dumps (exported from a REPEATABLE READ transaction, `--snapshot`), so the
 * summary is the file's content even while changes are being written.
 */

async function serverMajor(db: DatabaseHandle): Promise<number> {
  const { rows } = await db.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
  return Math.floor(Number(rows[0]?.v) / 10_000);
}

async function checkTool(tool: PgTool, db: DatabaseHandle): Promise<void> {
  assertToolFitsServer(tool, await pgToolMajor(tool), await serverMajor(db));
}

export async function backupPostgres(url: string, file: string): Promise<BackupReport> {
  const started = Date.now();
  const db = await openDatabase({ url, poolSize: 2 });
  try {
    await checkTool('pg_dump', db);
    const connection = toolConnection(url);
    let tables: BackupReport['tables'] = [];
    const bytes = await writeBackupFile(file, (partial) =>
      db.transaction(async (tx) => {
        await tx.exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
        const { rows } = await tx.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot');
        tables = await countTableRows(tx);
        await runPgTool(
          'pg_dump',
          ['--format=custom', `--snapshot=${rows[0]!.snapshot}`, `--file=${partial}`, connection.dbname],
          connection.env,
        );
      }),
    );
    return { engine: 'postgres', source: db.location, file, bytes, tables, ms: Date.now() - started };
  } finally {
    await db.close();
  }
}

/** Drops every schema of the database that is not the system's (Trackwell's `public`, pg-boss's `pgboss`). */
async function emptyDatabase(db: DatabaseHandle, schemas: string[]): Promise<void> {
  for (const schema of schemas) await db.exec(`DROP SCHEMA "${schema.replaceAll('"', '""')}" CASCADE`);
  await db.exec('CREATE SCHEMA IF NOT EXISTS public; GRANT USAGE ON SCHEMA public TO PUBLIC;');
}

export async function restorePostgres(url: string, file: string, force: boolean): Promise<RestoreReport> {
  assertBackupOf('postgres', file);
  const started = Date.now();
  const db = await openDatabase({ url, poolSize: 2 });
  try {
    await checkTool('pg_restore', db);
    const present = await countUserRelations(db);
    if (present.relations > 0) {
      if (!force)
        throw new Error(
          `${db.location} is not empty: it has ${present.relations} tables, views or sequences (schemas ` +
            `${present.schemas.join(', ')}). Restore into a new, empty database (\`createdb trackwell_restored\`, ` +
            'then DATABASE_URL=…/trackwell_restored), or add --force to drop those schemas and all they hold first.',
        );
      await emptyDatabase(db, present.schemas);
    }
    const connection = toolConnection(url);
    await runPgTool(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${connection.dbname}`,
        file,
      ],
      connection.env,
    );
    const migrations = await checkMigrations(db);
    const tables = await countTableRows(db);
    return { engine: 'postgres', file, target: db.location, tables, migrations, ms: Date.now() - started };
  } finally {
    await db.close();
  }
}
