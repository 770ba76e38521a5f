import { parseArgs } from 'node:util';

/** The usage of `npm run db:backup` and `db:restore`, and their arguments read strictly. */

const ENVIRONMENT = `Environment: DATABASE_URL=postgres://… for a PostgreSQL database (pg_dump's custom format; needs
pg_dump and pg_restore of the server's major version or newer, on PATH or in PG_BIN_DIR); otherwise the
embedded database in \${DATA_DIR:-.data}/pglite (PGlite's own dump, .tar.gz). Guide: docs/backups.md`;

export const BACKUP_USAGE = `Usage: npm run db:backup [-- --out FILE] [--json]

  --out FILE   the file to write (default backups/trackwell-<engine>-<UTC time>.dump or .tar.gz); an
               existing file is never replaced. Works while \`npm start\` runs (on PGlite the server makes
               the dump).
  --json       print what was backed up as one JSON object (file, bytes, every table's rows, ms) for a
               script or a monitor to read, instead of the lines for a person

${ENVIRONMENT}`;

export const RESTORE_USAGE = `Usage: npm run db:restore -- --from FILE [--force]

  --from FILE  the backup to restore (made by npm run db:backup)
  --force      restore into a database that is not empty: PostgreSQL drops its schemas first; PGlite moves
               the data directory aside. Without it a non-empty database is refused.
  The embedded database is restored only while no server has it open.

${ENVIRONMENT}`;

/** A usage error: the problem, then the usage (runCli prints it and exits 1). */
const usageError = (message: string, usage: string) => new Error(`${message}\n\n${usage}`);

export function readBackupArgs(argv: string[]): { out?: string | undefined; json: boolean; help: boolean } {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { out: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
    if (values.out === '') throw new Error('--out needs a file name');
    return { out: values.out, json: values.json ?? false, help: values.help ?? false };
  } catch (error) {
    throw usageError((error as Error).message, BACKUP_USAGE);
  }
}

export function readRestoreArgs(argv: string[]): { from: string; force: boolean } | { help: true } {
  let values: { from?: string | undefined; force?: boolean | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        from: { type: 'string' },
        force: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw usageError((error as Error).message, RESTORE_USAGE);
  }
  if (values.help) return { help: true };
  if (!values.from) throw usageError('name the backup to restore with --from FILE', RESTORE_USAGE);
  return { from: values.from, force: values.force ?? false };
}
