import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { test as base } from '@playwright/test';
import { E2E_DATA_ROOT } from '../data-root.ts';
import { TEMPLATE_ENV } from '../global-setup.ts';

export { expect } from '@playwright/test';

/** E2E_PORT lets several runs share a machine; Playwright worker N serves on E2E_PORT + N. */
const BASE_PORT = Number(process.env.E2E_PORT ?? 8188);

interface JourneyServer {
  url: string;
  dataDir: string;
}

async function ready(url: string, child: ChildProcess, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the journeys' server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the journeys' server did not answer ${url}/readyz within its start-up time`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const late = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(late);
}

/** What a worker's copy of the run's prepared database leaves out: the preparing process's socket and lock. */
const NOT_COPIED = new Set(['pglite-socket', 'trackwell.lock']);

/**
 * Every Playwright worker runs the journeys against a server and a fresh PGlite database of its own
 * (e2e/server.ts: migrate, seed the demo, the journeys' fixtures, then Trackwell as `npm start` does), so
 * journeys in two workers never see each other's users, trackings or mail. The database is a copy of the one
 * the run prepared before the workers started (global-setup.ts); without it (a run that skipped the global
 * set-up) the server prepares its own. A worker that restarts after a failed journey starts a fresh server
 * on a fresh copy too.
 */
export const test = base.extend<object, { workerServer: JourneyServer }>({
  workerServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const port = BASE_PORT + workerInfo.parallelIndex;
      const url = `http://localhost:${port}`;
      const dataDir = join(E2E_DATA_ROOT, `e2e-${Date.now()}-w${workerInfo.workerIndex}`);
      const template = process.env[TEMPLATE_ENV];
      if (template)
        cpSync(template, dataDir, { recursive: true, filter: (path) => !NOT_COPIED.has(basename(path)) });
      else mkdirSync(dataDir, { recursive: true });
      // Helpers that read the fixtures file or join the database (support.ts, store-users.ts) look here.
      process.env.TRACKWELL_E2E_DATA_DIR = dataDir;
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(port),
        // A free port for the local SMTP sink, so workers (and a running `npm start`) do not collide.
        SMTP_SINK_PORT: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SHUTDOWN_GRACE_SECONDS: '0', // no load balancer watches it: closed at once after the journeys
        // The webhooks journeys' receivers listen on this machine (webhook-receiver.ts).
        WEBHOOKS_ALLOW_PRIVATE: 'true',
      };
      delete env.DATABASE_URL; // always the embedded PGlite default, never a server named in the environment
      const child = spawn(process.execPath, ['server.ts'], {
        cwd: resolve(import.meta.dirname, '..'),
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      // The server's own warnings and errors, each line marked with its port; Node's notices of experimental
      // APIs say nothing about the journey.
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
        for (const line of chunk.split('\n')) {
          if (line && !/ExperimentalWarning|--trace-warnings/.test(line))
            process.stderr.write(`[server ${port}] ${line}\n`);
        }
      });
      try {
        await ready(url, child, Date.now() + 150_000);
        await use({ url, dataDir });
      } finally {
        await stop(child);
      }
    },
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
  baseURL: async ({ workerServer }, use) => use(workerServer.url),
});
