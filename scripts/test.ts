/**
 * `npm test`: every check and every test suite, then one summary with each stage's time.
 *   - lint (Biome; the portal's feature boundaries; server modules without import cycles; tracked files),
 *     typecheck (`tsc -b`: each workspace checked once, through project references) and the portal build run one after another beside the Vitest run:
 *     they are single-threaded and would otherwise leave a core idle;
 *   - one Vitest run: unit, component, API and database tests. Without TEST_DATABASE_URL every database test
 *     runs on embedded PGlite; with it (CI sets it) the db and server suites run on that PostgreSQL server,
 *     and what depends on the engine runs on PGlite too (vitest.config.ts says what and why);
 *   - with TEST_DATABASE_URL, the rolling-upgrade check's CI subset: the previous release's API tests on a
 *     database this release migrated (scripts/upgrade-check.ts --ci, about a minute), after the portal build,
 *     still beside the Vitest run (one process more of ours: on a machine shared with other work, a larger
 *     share of the cores);
 *   - the browser journeys (Playwright in Debian's Chromium), once the portal is built. Not beside the Vitest
 *     run: tried on two cores shared with two busy loops, both stages together took 46 minutes against about
 *     33 one after the other, and long tests ran out of time.
 * Stops at nothing: every stage runs, and the exit code is non-zero if any failed.
 * Usage: npm test [-- --only=lint,typecheck,unit,postgres,upgrade,e2e]
 *   unit: the suites that need no PostgreSQL server; postgres: the db and server suites on TEST_DATABASE_URL.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { shareCompileCache } from './compile-cache.ts';
import { ensureChromium } from './ensure-chromium.ts';
import { type Failure, formatFailures, playwrightFailures, vitestFailures } from './test-failures.ts';
import type { ProjectCounts } from './vitest-project-counts.ts';

const ROOT = new URL('../', import.meta.url).pathname;
const OUT = join(ROOT, 'test-results');
const BIN = (name: string) => join(ROOT, 'node_modules/.bin', name);
shareCompileCache(ROOT);
const STAGES = ['lint', 'typecheck', 'unit', 'postgres', 'upgrade', 'e2e'] as const;
type Stage = (typeof STAGES)[number];

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const only = new Set((values.only?.split(',') ?? STAGES) as Stage[]);
const postgres = Boolean(process.env.TEST_DATABASE_URL);

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const results: Array<{ stage: string; ok: boolean; note: string }> = [];
const failures: Failure[] = [];
const started = Date.now();
const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/**
 * Runs a command. `log`: its output goes to that file and is shown whole when it ends (a stage that runs beside
 * another must not interleave its lines with the other's); otherwise straight to this terminal.
 */
function run(
  cmd: string,
  args: string[],
  { env = {}, log }: { env?: Record<string, string | undefined>; log?: string } = {},
): Promise<{ ok: boolean; ms: number }> {
  const begun = Date.now();
  return new Promise((done) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    const file = log ? createWriteStream(log) : undefined;
    child.stdout?.pipe(file!, { end: false });
    child.stderr?.pipe(file!, { end: false });
    const finish = (ok: boolean) => {
      const end = () => {
        if (log)
          process.stdout.write(
            `\n── ${cmd.split('/').pop()} ${args.join(' ')} ──\n${readFileSync(log, 'utf8')}`,
          );
        done({ ok, ms: Date.now() - begun });
      };
      if (file) file.end(end);
      else end();
    };
    child.on('error', (error) => {
      file?.write(`${error.message}\n`);
      finish(false);
    });
    child.on('close', (code) => finish(code === 0));
  });
}

function record(stage: string, ok: boolean, ms: number, c?: Counts, note = '') {
  if (c) {
    total.passed += c.passed;
    total.failed += c.failed;
    total.skipped += c.skipped;
  }
  if (!ok && (!c || c.failed === 0)) total.failed += 1; // a stage that failed without a failing test still fails
  const counts = c ? `${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped` : '';
  results.push({ stage, ok, note: `${[counts, note].filter(Boolean).join(' ')} (${seconds(ms)})` });
}

/** Lint, typecheck and the portal build, one after another (they run beside the Vitest run). */
async function checksAndBuild(): Promise<void> {
  if (only.has('lint')) {
    const steps = [
      await run(BIN('biome'), ['check', '.'], { log: join(OUT, 'lint-biome.log') }),
      await run(process.execPath, ['scripts/feature-boundaries.ts'], { log: join(OUT, 'lint-features.log') }),
      await run(process.execPath, ['scripts/module-cycles.ts'], { log: join(OUT, 'lint-cycles.log') }),
      await run(process.execPath, ['scripts/tracked-files.ts'], { log: join(OUT, 'lint-files.log') }),
    ];
    const ms = steps.reduce((sum, s) => sum + s.ms, 0);
    record(
      'lint',
      steps.every((s) => s.ok),
      ms,
      undefined,
      'biome, feature boundaries, module cycles, tracked files',
    );
  }
  if (only.has('typecheck')) {
    const r = await run('npm', ['run', '--silent', 'typecheck'], { log: join(OUT, 'typecheck.log') });
    record('typecheck', r.ok, r.ms, undefined, 'tsc -b (TypeScript 7), every workspace');
  }
  if (only.has('e2e')) {
    const r = await run(process.execPath, ['scripts/portal-build.ts'], {
      log: join(OUT, 'portal-build.log'),
    });
    record('portal build', r.ok, r.ms, undefined, 'vite, browser and server rendering');
  }
}

/** The Vitest projects the chosen stages ask for (vitest.config.ts defines them). */
function vitestProjects(): string[] | undefined {
  const unit = only.has('unit');
  const pg = only.has('postgres') && postgres;
  if (!postgres) return unit ? [] : undefined; // one engine: every project on PGlite
  if (unit && pg) return [];
  if (unit) return ['contracts', 'pglite', 'portal', 'portal-mocks', 'email'];
  if (pg) return ['db', 'server'];
  return undefined;
}

async function vitest(): Promise<void> {
  const projects = vitestProjects();
  if (only.has('postgres') && !postgres) {
    process.stdout.write('TEST_DATABASE_URL is not set: the database suites run on PGlite only.\n');
    process.stdout.write(
      'Run them on PostgreSQL with TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test\n',
    );
  }
  if (!projects) return;
  const report = join(OUT, 'vitest.json');
  const countsFile = join(OUT, 'vitest-projects.json');
  rmSync(report, { force: true });
  rmSync(countsFile, { force: true });
  process.stdout.write(
    `\n━━ Vitest: unit, component, API and database tests${postgres ? ' (PostgreSQL and PGlite)' : ' (PGlite)'} ━━\n`,
  );
  const r = await run(
    BIN('vitest'),
    [
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      '--reporter=./scripts/vitest-project-counts.ts',
      ...projects.flatMap((p) => ['--project', p]),
    ],
    { env: { VITEST_PROJECT_COUNTS: countsFile } },
  );
  const json = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : undefined;
  failures.push(...vitestFailures('vitest', json, ROOT));
  const byProject: ProjectCounts = existsSync(countsFile) ? JSON.parse(readFileSync(countsFile, 'utf8')) : {};
  const engineOf = (name: string) =>
    ['db', 'server'].includes(name) && postgres
      ? 'PostgreSQL'
      : ['contracts', 'portal', 'portal-mocks', 'email'].includes(name)
        ? 'no database'
        : 'PGlite';
  const engines = new Map<string, Counts>();
  for (const [name, c] of Object.entries(byProject)) {
    const e = engines.get(engineOf(name)) ?? { passed: 0, failed: 0, skipped: 0 };
    engines.set(engineOf(name), {
      passed: e.passed + c.passed,
      failed: e.failed + c.failed,
      skipped: e.skipped + c.skipped,
    });
  }
  const sum = [...engines.values()].reduce(
    (a, c) => ({ passed: a.passed + c.passed, failed: a.failed + c.failed, skipped: a.skipped + c.skipped }),
    { passed: 0, failed: json ? 0 : 1, skipped: 0 },
  );
  const split = [...engines].map(([engine, c]) => `${engine} ${c.passed}`).join(', ');
  const projectsNote = Object.entries(byProject)
    .map(([name, c]) => `${name} ${c.passed}`)
    .join(', ');
  record(
    'vitest',
    r.ok && sum.failed === 0 && sum.passed > 0,
    r.ms,
    sum,
    `\n${' '.repeat(31)}passed by engine: ${split}\n${' '.repeat(31)}by project: ${projectsNote}`,
  );
}

/** The previous release's API tests on this release's schema (expand-then-contract; docs/upgrades.md). */
async function upgradeCheck(): Promise<void> {
  if (!only.has('upgrade') || !postgres) return;
  const r = await run(process.execPath, ['scripts/upgrade-check.ts', '--ci'], {
    log: join(OUT, 'upgrade-check.log'),
  });
  record('upgrade check', r.ok, r.ms, undefined, "previous release's API tests (CI subset) on this schema");
}

async function journeys(): Promise<void> {
  if (!only.has('e2e')) return;
  process.stdout.write('\n━━ browser journeys (Playwright in Chromium) ━━\n');
  const begun = Date.now();
  try {
    ensureChromium();
    const file = join(OUT, 'playwright.json');
    rmSync(file, { force: true });
    const r = await run(BIN('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file },
    });
    const report = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
    const stats = report?.stats;
    failures.push(...playwrightFailures(report));
    const c: Counts = stats
      ? { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped }
      : { passed: 0, failed: 1, skipped: 0 };
    record(
      'playwright (Chromium)',
      r.ok && c.failed === 0 && c.passed > 0,
      r.ms,
      c,
      stats?.flaky ? `(${stats.flaky} flaky)` : '',
    );
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    record('playwright (Chromium)', false, Date.now() - begun, undefined, (error as Error).message);
  }
}

mkdirSync(OUT, { recursive: true });
const checks = checksAndBuild().then(upgradeCheck);
await vitest();
await checks;
const portalBuilt = results.find((r) => r.stage === 'portal build');
if (portalBuilt && !portalBuilt.ok)
  record('playwright (Chromium)', false, 0, undefined, 'not run: the portal build failed');
else await journeys();

process.stdout.write('\n━━ summary ━━\n');
for (const r of results) process.stdout.write(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.stage.padEnd(24)} ${r.note}\n`);
process.stdout.write(formatFailures(failures));
process.stdout.write(`\nall stages: ${seconds(Date.now() - started)}\n`);
process.stdout.write(`\ntests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
