import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const oktaBrowser = fileURLToPath(
  new URL('../../node_modules/@okta/okta-auth-js/esm/browser/exports/exports', import.meta.url),
);

export default defineProject({
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
    name: 'portal',
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Whole-screen tests (jsdom, the sign-in SDK, lazy chunks) on a busy two-core machine need more than 5 s.
    testTimeout: 15_000,
    // Processed by Vite (not Node), so the browser builds aliased above load with their own imports.
    server: { deps: { inline: [/@okta\//] } },
    unstubGlobals: true,
  },
});
