/**
 * `npm test`: every check and every test suite, in order, then one summary line.
 *   1. lint (Biome; scripts/feature-boundaries.ts) and typecheck (tsc, every workspace)
 *   2. unit, component, API and database tests (Vitest) on embedded PGlite
 *   3. the database and API suites again on PostgreSQL, when TEST_DATABASE_URL is set (CI sets it)
 *   4. the portal build and the browser journeys (Playwright in Debian's Chromium)
 * Stops at nothing: every stage runs, and the exit code is non-zero if any failed.
 * Usage: npm test [-- --only=lint,typecheck,unit,postgres,e2e]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureChromium } from './ensure-chromium.ts';
import { buildPortalIfStale } from './portal-build.ts';
import { type Failure, formatFailures, playwrightFailures, vitestFailures } from './test-failures.ts';

const ROOT = new URL('../', import.meta.url).pathname;
const OUT = join(ROOT, 'test-results');
const BIN = (name: string) => join(ROOT, 'node_modules/.bin', name);
const STAGES = ['lint', 'typecheck', 'unit', 'postgres', 'e2e'] as const;
type Stage = (typeof STAGES)[number];

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const only = new Set((values.only?.split(',') ?? STAGES) as Stage[]);

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const results: Array<{ stage: string; ok: boolean; note: string }> = [];
const failures: Failure[] = [];

function run(cmd: string, args: string[], env: Record<string, string | undefined> = {}): boolean {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}
/** When the running stage began: the summary gives each stage's time, so a slow CI run says where it went. */
let stageStarted = Date.now();
const heading = (text: string) => {
  stageStarted = Date.now();
  process.stdout.write(`\n━━ ${text} ━━\n`);
};
const started = Date.now();
const seconds = (since: number) => `${Math.round((Date.now() - since) / 1000)} s`;

function vitest(stage: string, file: string, args: string[], env: Record<string, string | undefined>) {
  rmSync(file, { force: true });
  const ok = run(
    BIN('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...args],
    env,
  );
  const counts = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
  failures.push(...vitestFailures(stage, counts, ROOT));
  const c: Counts = counts
    ? {
        passed: counts.numPassedTests,
        failed: counts.numFailedTests,
        skipped: counts.numPendingTests + counts.numTodoTests,
      }
    : { passed: 0, failed: 1, skipped: 0 };
  record(stage, ok && c.failed === 0 && c.passed > 0, c);
}

function record(stage: string, ok: boolean, c?: Counts, note = '') {
  if (c) {
    total.passed += c.passed;
    total.failed += c.failed;
    total.skipped += c.skipped;
  }
  if (!ok && (!c || c.failed === 0)) total.failed += 1; // a stage that failed without a failing test still fails
  results.push({
    stage,
    ok,
    note: `${c ? `${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped${note}` : note} (${seconds(stageStarted)})`,
  });
}

mkdirSync(OUT, { recursive: true });

if (only.has('lint')) {
  heading('lint (Biome, and the portal’s feature boundary)');
  const biome = run(BIN('biome'), ['check', '.']);
  const features = run(process.execPath, ['scripts/feature-boundaries.ts']);
  record('lint', biome && features, undefined, 'biome check, scripts/feature-boundaries.ts');
}
if (only.has('typecheck')) {
  heading('typecheck (tsc)');
  record('typecheck', run('npm', ['run', '--silent', 'typecheck']), undefined, 'tsc, every workspace');
}
if (only.has('unit')) {
  heading('unit, component, API and database tests on PGlite (Vitest)');
  vitest('vitest (PGlite)', join(OUT, 'vitest-pglite.json'), [], { TEST_DATABASE_URL: '' });
}
if (only.has('postgres')) {
  heading('database and API tests on PostgreSQL (Vitest)');
  if (process.env.TEST_DATABASE_URL) {
    vitest(
      'vitest (PostgreSQL)',
      join(OUT, 'vitest-postgres.json'),
      ['--project', 'db', '--project', 'server'],
      {},
    );
  } else {
    process.stdout.write('TEST_DATABASE_URL is not set: the PostgreSQL suite did not run.\n');
    process.stdout.write('Run it with TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test\n');
    results.push({ stage: 'vitest (PostgreSQL)', ok: true, note: 'not run: TEST_DATABASE_URL is not set' });
  }
}
if (only.has('e2e')) {
  heading('browser journeys (Playwright in Chromium)');
  try {
    ensureChromium();
    buildPortalIfStale();
    const file = join(OUT, 'playwright.json');
    rmSync(file, { force: true });
    const ok = run(BIN('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    });
    const report = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
    const stats = report?.stats;
    failures.push(...playwrightFailures(report));
    const c: Counts = stats
      ? { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped }
      : { passed: 0, failed: 1, skipped: 0 };
    record(
      'playwright (Chromium)',
      ok && c.failed === 0 && c.passed > 0,
      c,
      stats?.flaky ? ` (${stats.flaky} flaky)` : '',
    );
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    record('playwright (Chromium)', false, undefined, (error as Error).message);
  }
}

heading('summary');
for (const r of results) process.stdout.write(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.stage.padEnd(24)} ${r.note}\n`);
process.stdout.write(formatFailures(failures));
process.stdout.write(`\nall stages: ${seconds(started)}\n`);
process.stdout.write(`\ntests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
