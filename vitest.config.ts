import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One Vitest run over every workspace. `db` and `server` tests open real databases: PGlite in memory by
 * default, or fresh databases on the PostgreSQL server named by TEST_DATABASE_URL (scripts/test.ts runs
 * them both ways).
 */
const node = { environment: 'node', testTimeout: 60_000, hookTimeout: 180_000 } as const;

export default defineConfig({
  test: {
    // Every core: Vitest's default leaves one free, which on a two-core machine runs the files one at a time.
    maxWorkers: availableParallelism(),
    // One migrated template database for the run; each test file's database starts from it.
    globalSetup: ['packages/db/test/global-setup.ts'],
    projects: [
      { test: { ...node, name: 'contracts', include: ['packages/contracts/test/**/*.test.ts'] } },
      { test: { ...node, name: 'db', include: ['packages/db/test/**/*.test.ts'] } },
      {
        test: { ...node, name: 'server', include: ['apps/server/test/**/*.test.ts', 'scripts/**/*.test.ts'] },
      },
      'apps/portal/vitest.config.ts',
      'packages/email/vitest.config.ts',
    ],
  },
});
