import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { MOCKING_FILES, portalProject } from './apps/portal/vitest.config.ts';

/**
 * One Vitest run over every workspace, each suite on one engine.
 *
 * Without TEST_DATABASE_URL every database test runs on embedded PGlite (in memory). With it (CI, and
 * `npm test` wherever a PostgreSQL server is named), the `db` and `server` suites run on that server, and the
 * `pglite` project runs on PGlite as well what depends on the engine:
 * - every `db` test: the repositories' SQL is one dialect for two engines, so it is checked on both;
 * - the server files listed in PGLITE_TOO, each for the reason given there.
 * The embedded default as a whole is exercised by the browser journeys (their server runs on PGlite) and by
 * scripts/start.test.ts (`npm start` on a fresh data directory).
 */
const node = { environment: 'node', testTimeout: 60_000, hookTimeout: 180_000 } as const;
const postgres = Boolean(process.env.TEST_DATABASE_URL);

const DB_TESTS = ['packages/db/test/**/*.test.ts'];
const SERVER_TESTS = ['apps/server/test/**/*.test.ts', 'scripts/**/*.test.ts'];

/** Server test files whose behaviour differs on PGlite, so they run there too when the suite is on PostgreSQL. */
export const PGLITE_TOO: Readonly<Record<string, string>> = {
  'apps/server/test/tracker/tracker-rate-limit.test.ts':
    'the embedded default counts in this process, not in a table',
  'apps/server/test/notifications/notifications-crash.test.ts':
    'a worker that takes over a single-process data directory',
  'apps/server/test/notifications/catalog-publisher-client-cli.test.ts':
    'the command line on an embedded data directory instead of a server',
  'apps/server/test/identity/account-data.test.ts': 'PGlite runs concurrent transactions one after another',
  'apps/server/test/console/console-every-process.test.ts':
    'processes that share one handle instead of a server',
  'apps/server/test/observability/trace-change-to-smtp.test.ts':
    'PGlite’s queries are traced by spans of our own, PostgreSQL’s by instrumentation-pg',
  'apps/server/test/backup/backup-drill.test.ts':
    'the embedded dump is made by the running server, asked through its socket',
  'apps/server/test/fuzz/*.fuzz.test.ts':
    'only on PGlite does the write check see deletes (fuzz/write-watch.ts)',
  'apps/server/test/fuzz/write-watch.test.ts': 'the write check counts deletes on PGlite only',
};

// A moved or renamed file must not silently drop out of its PGlite run.
for (const path of Object.keys(PGLITE_TOO).filter((p) => !p.includes('*'))) {
  if (!existsSync(new URL(path, import.meta.url)))
    throw new Error(`vitest.config.ts PGLITE_TOO: no file ${path}`);
}

/**
 * A Node project. Its files share their worker's module graph (isolate: false) instead of importing the whole
 * server again per file: each file still builds its own app on its own database and makes its own tenant, and
 * restores whatever global it changes (fetch, timers); this saves a sixth of the server suite's CPU time.
 */
const project = (
  name: string,
  include: string[],
  extra: { env?: Record<string, string> } = {},
): TestProjectInlineConfiguration => ({ test: { ...node, name, include, isolate: false, ...extra } });

export default defineConfig({
  test: {
    // One worker more than there are cores: Vitest's default leaves one core free, which on a two-core machine
    // runs the files one at a time, and the process tests (servers, workers and CLIs started and awaited)
    // leave their worker's core idle while they wait. VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? availableParallelism() + 1),
    // One migrated template database per engine for the run; each test file's database starts from it.
    globalSetup: ['packages/db/test/global-setup.ts'],
    projects: [
      project('contracts', ['packages/contracts/test/**/*.test.ts']),
      project('db', DB_TESTS),
      project('server', SERVER_TESTS),
      ...(postgres
        ? [project('pglite', [...DB_TESTS, ...Object.keys(PGLITE_TOO)], { env: { TEST_DATABASE_URL: '' } })]
        : []),
      // One jsdom window and module graph per worker (a third of the isolated CPU time). Tests wait for what
      // they assert: with warm modules a screen renders before its data more often than in a fresh graph.
      portalProject({
        name: 'portal',
        include: ['src/**/*.test.{ts,tsx}'],
        exclude: MOCKING_FILES,
        isolate: false,
      }),
      portalProject({ name: 'portal-mocks', include: MOCKING_FILES, isolate: true }),
      project('email', ['packages/email/test/**/*.test.ts']),
    ],
  },
});
