import { defineProject } from 'vitest/config';

/** The `email` test project (templates, strings, branding): no database, no network. */
export default defineProject({
  test: { name: 'email', environment: 'node', include: ['test/**/*.test.ts'], testTimeout: 30_000 },
});
