import { join } from 'node:path';
import { pgliteDataDir } from '@trackwell/db';
import { openMigratedDataDir } from '@trackwell/db/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, runMainToExit, scratchDir } from '../../../../scripts/faults/server-process.ts';

/**
 * The real server entry (apps/server/src/main.ts, what `npm start` runs) with the web and the worker in one
 * process: the web listens and says it is ready first, the worker starts a second later. A worker that then
 * cannot start still ends the process, with the reason on stderr, as a failed start does.
 */
describe('the worker beside the web in one process', () => {
  const scratch = scratchDir('worker-start');
  afterAll(() => scratch.remove());

  it('a worker that cannot start after the web is ready ends the process: exit 1, the reason on stderr', async () => {
    const dataDir = join(scratch.dir, 'data');
    // A job schema pg-boss cannot use: its version row is not a number (so it is not migrated) and its
    // queue table is missing, so reading the queues at the worker's start fails.
    const db = await openMigratedDataDir(pgliteDataDir(dataDir));
    await db.exec(
      `CREATE SCHEMA pgboss; CREATE TABLE pgboss.version (version text); INSERT INTO pgboss.version VALUES ('unusable');`,
    );
    await db.close();

    const run = await runMainToExit({
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    });

    expect(run.stdout).toContain('Trackwell is ready'); // the web came first
    expect(run.stderr).toContain('Trackwell could not start its worker');
    expect(run.stderr).toMatch(/pgboss\.queue/);
    expect(run.code).toBe(1);
  });
});
