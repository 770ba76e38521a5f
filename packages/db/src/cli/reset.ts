/**
 * `npm run db:reset` — start again from an empty database.
 *
 * PGlite (no DATABASE_URL): deletes the data directory ${DATA_DIR:-.data}/pglite, refusing while a running
 * server holds its lock. PostgreSQL (DATABASE_URL): drops and recreates the `public` schema, only with --yes,
 * since that server may hold data that matters. Either way the next `npm start` or `npm run db:seed` migrates
 * and seeds afresh.
 */
import { existsSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pgliteDataDir } from '../client.ts';
import { DataDirInUseError, lockDataDir } from '../data-dir-lock.ts';
import { openDatabaseFromEnv, runCli } from './open-from-env.ts';

const NEXT_STEPS =
  'Start again with `npm start` (or `npm run db:seed` to migrate and seed without starting).';

async function resetPostgres(confirmed: boolean): Promise<void> {
  const handle = await openDatabaseFromEnv();
  try {
    if (!confirmed) {
      throw new Error(
        `This drops every table in the "public" schema of ${handle.location}.\n` +
          'Run it again with --yes to confirm: npm run db:reset -- --yes',
      );
    }
    await handle.exec(
      'DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public; GRANT USAGE ON SCHEMA public TO PUBLIC;',
    );
    console.log(`Emptied the public schema of ${handle.location}.`);
    console.log(NEXT_STEPS);
  } finally {
    await handle.close();
  }
}

function resetPglite(dataDir: string): void {
  if (!existsSync(dataDir)) {
    console.log(`Nothing to delete: ${dataDir} does not exist.`);
    console.log(NEXT_STEPS);
    return;
  }
  // Taking the lock fails while a server (or another tool) has the database open: deleting a database
  // under a running server is not something to do behind its back.
  let release: () => void;
  try {
    ({ release } = lockDataDir(dataDir));
  } catch (error) {
    if (error instanceof DataDirInUseError && error.holder.socket)
      throw new Error(
        `The running server (process ${error.holder.pid}) has the embedded database in ${dataDir} open; ` +
          'db:reset deletes it, so it only runs while no server does. End `npm start` (Ctrl+C), then run ' +
          '`npm run db:reset` again.',
      );
    throw error;
  }
  try {
    rmSync(dataDir, { recursive: true, force: true });
  } finally {
    release();
  }
  console.log(`Deleted the embedded database in ${dataDir}.`);
  console.log(NEXT_STEPS);
}

async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { yes: { type: 'boolean', short: 'y' } } });
  if (process.env.DATABASE_URL) await resetPostgres(values.yes ?? false);
  // The same directory openDatabaseFromEnv opens.
  else resetPglite(pgliteDataDir(process.env.DATA_DIR || undefined));
}

runCli(() => main(process.argv.slice(2)));
