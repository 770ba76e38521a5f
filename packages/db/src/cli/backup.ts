/**
 * `npm run db:backup [-- --out FILE]`: a backup of the database the server uses (DATABASE_URL: pg_dump's
 * custom format; else the embedded PGlite's own dump, made by the running server when there is one).
 * Prints the file, its size, the tables' rows and the time (with --json, all of it as one JSON object).
 * Guide: docs/backups.md.
 */

import { backupLines, defaultBackupFile } from '../backup/backup-report.ts';
import { backupPglite } from '../backup/pglite-backup.ts';
import { backupPostgres } from '../backup/postgres-backup.ts';
import { pgliteDataDir } from '../client.ts';
import { BACKUP_USAGE, readBackupArgs } from './backup-usage.ts';
import { runCli } from './open-from-env.ts';

async function main(argv: string[], env = process.env): Promise<void> {
  const args = readBackupArgs(argv);
  if (args.help) return void process.stdout.write(`${BACKUP_USAGE}\n`);
  const url = env.DATABASE_URL || undefined;
  const file = args.out ?? defaultBackupFile(url ? 'postgres' : 'pglite');
  const report = url
    ? await backupPostgres(url, file)
    : await backupPglite(pgliteDataDir(env.DATA_DIR || undefined), file);
  const printed = args.json ? [JSON.stringify(report)] : backupLines(report);
  process.stdout.write(`${printed.join('\n')}\n`);
}

runCli(() => main(process.argv.slice(2)));
