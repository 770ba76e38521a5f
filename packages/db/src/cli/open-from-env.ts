import { type DatabaseHandle, openDatabase, pgliteDataDir } from '../client.ts';
import { keptPgliteCluster } from '../pglite-template.ts';

/**
 * Opens the database the server uses: DATABASE_URL if set, else PGlite in $DATA_DIR/pglite: through the
 * running server's socket when `npm start` holds it, directly otherwise (created, when it is not there yet,
 * from the blank cluster kept in DEMO_TEMPLATE_DIR, as the server does).
 */
export function openDatabaseFromEnv(env = process.env): Promise<DatabaseHandle> {
  return openDatabase({
    url: env.DATABASE_URL || undefined,
    dataDir: pgliteDataDir(env.DATA_DIR || undefined),
    joinRunningServer: true,
    cluster: keptPgliteCluster(env.DEMO_TEMPLATE_DIR),
  });
}

/** Runs a CLI's main function: its error message (never a stack) on stderr and exit code 1 on failure. */
export function runCli(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: Error) => {
      process.stderr.write(`\n${error.name === 'Error' ? 'Error' : error.name}: ${error.message}\n`);
      process.exit(1);
    },
  );
}
