import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { JOURNEY_CHROMIUM } from './browser.ts';
import { E2E_DATA_ROOT } from './data-root.ts';

/**
 * Journeys in Debian's Chromium, its headless build (browser.ts; never a downloaded browser), against the real
 * server. Each worker starts its own server on its own port with a fresh PGlite database (tests/fixtures.ts),
 * so two workers share nothing.
 * The portal must be built first: `node scripts/portal-build.ts` (the root test script does it).
 */
// Earlier runs' databases go (tests/fixtures.ts gives each worker one); one younger than an hour may belong
// to a run still going on this machine. Playwright loads this file in the runner and in every worker: only the
// runner cleans.
if (!process.env.TEST_WORKER_INDEX) {
  mkdirSync(E2E_DATA_ROOT, { recursive: true });
  const hourAgo = Date.now() - 3_600_000;
  for (const old of readdirSync(E2E_DATA_ROOT).filter((name) => /^e2e-\d+/.test(name))) {
    if (Number(old.slice(4).split('-')[0]) < hourAgo)
      rmSync(join(E2E_DATA_ROOT, old), { recursive: true, force: true });
  }
}

export default defineConfig({
  testDir: './tests',
  // One prepared database for the run, which each worker copies (global-setup.ts).
  globalSetup: './global-setup.ts',
  outputDir: './test-results',
  fullyParallel: false,
  // Two by default: on a two-core machine the second worker's server and browser fill the time the first
  // spends waiting; E2E_WORKERS=1 runs them one after another.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // A journey signs in (sign-in page, identity provider, callback) before it starts, and `npm test` runs the
  // journeys beside the Vitest run: room for a busy machine. A limit only ends a journey that hangs.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['html', { open: 'never', outputFolder: './playwright-report' }],
    // The root test script reads the counts from a JSON report when it asks for one.
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['json'] as const] : []),
  ],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    // A failed journey keeps its trace (each action, its network and console, the test's source), a screenshot
    // of where it stopped and the page's accessibility tree there (Playwright's error context). Without the
    // trace's screencast (a picture of every frame: a quarter of the stage's CPU, 71 CPU-s against 56 on four
    // specs) and without its DOM snapshots before and after every action (recorded for every journey, kept for
    // the failed ones: 82-89 CPU-s against 65-70 on four other specs, 20 journeys, wall 95 s against 75-83).
    // To see the DOM at each step of a failing journey, run it again with `--trace on`.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: JOURNEY_CHROMIUM,
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
});
