import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject, type UserWorkspaceConfig } from 'vitest/config';

const oktaBrowser = fileURLToPath(
  new URL('../../node_modules/@okta/okta-auth-js/esm/browser/exports/exports', import.meta.url),
);

/**
 * Test files that need a worker of their own; they run in a project of their own, each file in a fresh module
 * graph and window:
 * - files that replace a module with `vi.mock`. Vitest applies such a mock when the file's own imports load; in
 *   a worker that already loaded the module for an earlier file (`isolate: false`), the rest of the portal would
 *   keep the real one;
 * - files that count every request made through `fetch`. A translation loader whose reads go unanswered retries
 *   them on its own timers after its test, through the fetch a later test put in place: in a shared worker,
 *   an earlier file's loader could (i18n.test.ts met it from its own earlier test, and stubs fetch in each).
 */
export const MOCKING_FILES = [
  'src/app/routes/routes.test.tsx',
  'src/features/account/components/passkeys-screen.test.tsx',
  'src/features/signin/components/sign-in-passkey.test.tsx',
  'src/features/console/activity/deliveries-screen.test.tsx',
  'src/lib/i18n.test.ts',
  'src/lib/api.test.ts',
  'src/lib/early-requests.test.ts',
];

/**
 * A portal test project. With `isolate: false` a worker's files share one jsdom window and one module graph
 * instead of building both per file (two thirds of the suite's CPU time; src/testing/setup.ts puts back what a
 * test may leave on the window); the root vitest.config.ts turns it on for every file but the mocking ones.
 */
export function portalProject({
  name,
  include,
  exclude = [],
  isolate,
}: {
  name: string;
  include: string[];
  exclude?: string[];
  isolate: boolean;
}): UserWorkspaceConfig {
  return defineProject({
    root: fileURLToPath(new URL('.', import.meta.url)),
    plugins: [react()],
    resolve: {
      // The tests run the browser builds of the libraries, as the portal does (the Okta SDK's node build has no
      // sessionStorage); react-router-dom as in vite.config.ts.
      alias: [
        { find: /^@okta\/okta-auth-js$/, replacement: `${oktaBrowser}/default.js` },
        { find: /^@okta\/okta-auth-js\/(authn|myaccount|core)$/, replacement: `${oktaBrowser}/$1.js` },
        {
          find: 'react-router-dom',
          replacement: fileURLToPath(new URL('./src/lib/no-react-router-dom.ts', import.meta.url)),
        },
      ],
    },
    test: {
      name,
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup.ts'],
      include,
      exclude,
      isolate,
      restoreMocks: true,
      // Whole-screen tests (jsdom, the sign-in SDK, lazy chunks) on a busy two-core machine need more than 5 s.
      testTimeout: 15_000,
      // Processed by Vite (not Node), so the browser builds aliased above load with their own imports.
      server: { deps: { inline: [/@okta\//] } },
      unstubGlobals: true,
    },
  });
}

/** Run from apps/portal alone (`npm test -w @trackwell/portal`): every file, each in a fresh module graph. */
export default portalProject({ name: 'portal', include: ['src/**/*.test.{ts,tsx}'], isolate: true });
