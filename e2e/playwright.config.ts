import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Journeys in Debian's Chromium (never a downloaded browser) against the real server, on its own port and a
 * fresh PGlite database (DATABASE_URL is removed from the server's environment on purpose). The portal must be
 * built first: `npm run build -w @trackwell/portal` (the root test script does it).
 */
/** E2E_PORT lets several runs share a machine (each starts its own server and database). */
const PORT = Number(process.env.E2E_PORT ?? 8188);
const BASE_URL = `http://localhost:${PORT}`;

// Playwright loads this file in the runner and in every worker; only the runner picks the data folder,
// the workers inherit it through the environment.
const dataRoot = resolve(import.meta.dirname, '../.data');
if (!process.env.TRACKWELL_E2E_DATA_DIR) {
  mkdirSync(dataRoot, { recursive: true });
  // Earlier runs' databases go; one younger than an hour may belong to a run still going on this machine.
  const hourAgo = Date.now() - 3_600_000;
  for (const old of readdirSync(dataRoot).filter((name) => /^e2e-\d+$/.test(name))) {
    if (Number(old.slice(4)) < hourAgo) rmSync(join(dataRoot, old), { recursive: true, force: true });
  }
  process.env.TRACKWELL_E2E_DATA_DIR = join(dataRoot, `e2e-${Date.now()}`);
}

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // A journey signs in (sign-in page, identity provider, callback) before it starts: room for a busy machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['html', { open: 'never', outputFolder: './playwright-report' }],
    // The root test script reads the counts from a JSON report when it asks for one.
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['json'] as const] : []),
  ],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    // e2e/server.ts: the journeys' fixtures (a publisher key, users of their own), then the server.
    command: `env -u DATABASE_URL "${process.execPath}" server.ts`,
    cwd: import.meta.dirname,
    url: `${BASE_URL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      // A free port for the local SMTP sink, so concurrent runs (and a running `npm start`) do not collide.
      SMTP_SINK_PORT: '0',
      DATA_DIR: process.env.TRACKWELL_E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // The webhooks journey's receiver listens on this machine (console-webhooks.spec.ts).
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    },
  },
});
