import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { E2E_DATA_ROOT } from './data-root.ts';

/**
 * The journeys' database, prepared once per run: migrated, seeded with the demo and given the journeys'
 * fixtures (`server.ts --prepare`), then copied by each worker (tests/fixtures.ts) instead of each worker
 * preparing its own. Preparing costs each worker tens of seconds of CPU (PGlite's initdb, the migrations, the
 * demo seed, the password hashes), and on a busy machine two workers preparing side by side took longer than
 * a worker's start may take; a copy of the data directory is a fraction of a second.
 */
export const TEMPLATE_ENV = 'TRACKWELL_E2E_TEMPLATE';

export default async function prepareTemplate(): Promise<() => void> {
  // The same name shape as the workers' folders, so playwright.config.ts clears one a run left behind.
  const template = join(E2E_DATA_ROOT, `e2e-${Date.now()}-template`);
  mkdirSync(template, { recursive: true });
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: template, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL; // always the embedded PGlite default, never a server named in the environment
  const child = spawn(process.execPath, ['server.ts', '--prepare'], {
    cwd: resolve(import.meta.dirname),
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  if (code !== 0) throw new Error(`preparing the journeys' database failed (exit code ${code})`);
  process.env[TEMPLATE_ENV] = template;
  return () => rmSync(template, { recursive: true, force: true });
}
