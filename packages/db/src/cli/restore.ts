/**
 * `npm run db:restore -- --from FILE [--force]`: a backup of `npm run db:backup` into an empty database
 * (DATABASE_URL: pg_restore; else the embedded data directory, while no server has it open). Then checks
 * the migrations' checksums against this code and prints the tables' rows. Guide: docs/backups.md.
 */

import { restoreLines } from '../backup/backup-report.ts';
import { restorePglite } from '../backup/pglite-backup.ts';
import { restorePostgres } from '../backup/postgres-backup.ts';
import { pgliteDataDir } from '../client.ts';
import { RESTORE_USAGE, readRestoreArgs } from './backup-usage.ts';
import { runCli } from './open-from-env.ts';

async function main(argv: string[], env = process.env): Promise<void> {
  const args = readRestoreArgs(argv);
  if ('help' in args) return void process.stdout.write(`${RESTORE_USAGE}\n`);
  const url = env.DATABASE_URL || undefined;
  const report = url
    ? await restorePostgres(url, args.from, args.force)
    : await restorePglite(pgliteDataDir(env.DATA_DIR || undefined), args.from, args.force);
  process.stdout.write(`${restoreLines(report).join('\n')}\n`);
}

runCli(() => main(process.argv.slice(2)));
