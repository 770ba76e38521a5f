import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { purgeBootstrap } from './build/purge-bootstrap.ts';

/** The libraries of the first screen, by name (see the chunk groups below). */
const FIRST_SCREEN_LIBRARIES =
  /node_modules[\\/](react-router|@reduxjs|redux|redux-thunk|reselect|immer|react-redux|use-sync-external-store|i18next|react-i18next|i18next-http-backend|html-parse-stringify|void-elements|cookie|set-cookie-parser)[\\/]/;
/**
 * The contracts the first screen reads, modules without Zod: with the libraries, not in a chunk shared with
 * the later screens' Zod schemas (./language-schema.ts imports ./languages.ts: the bundler would put the two
 * together, and the first screen would download Zod with them).
 */
const FIRST_SCREEN_CONTRACTS =
  /packages[\\/]contracts[\\/]src[\\/](languages|language-preference|locale-cookie|envelope-status|tenant-config-paths|identity-paths|tracker-paths|user-info)\.ts$/;

/**
 * The portal's small modules that a signed-in first screen loads from several chunks (the API client and
 * its error toasts, the early calls, constants, roles, the document title, notify, the content icons, the
 * confirm dialog; two zod-free contracts): one chunk instead of ten of 1–2.6 kB each. Over HTTP/1.1 a
 * browser opens 6 connections per origin (Lighthouse's simulated phone too), so every extra round of
 * small requests costs a round trip before the tracker's intro. Their dependencies come
 * with them unless a group above took them: none is Zod's or the sign-in SDK's (`bench/portal-initial-js`).
 */
const FIRST_SCREEN_SHARED =
  /(apps[\\/]portal[\\/]src[\\/](lib[\\/](api|early-requests|api-error-toasts|use-document-title|notify)|config[\\/]constants|features[\\/]console[\\/]lib[\\/]roles|components[\\/]ui[\\/](content-icons|confirm-dialog))|packages[\\/]contracts[\\/]src[\\/](console-paths|localized-text))\.tsx?$/;

/** Where `vite` (dev mode) forwards the server's routes; the tenant is chosen by the Host header. */
const devServerTarget = 'http://localhost:8080';

/**
 * Two builds: the browser's (`vite build`: dist/, with a manifest the server reads to link the matched
 * screen's chunks and stylesheets) and the server's rendering of the first screen (`vite build --ssr`:
 * dist/ssr/entry-server.js, self-contained: every library bundled in, see src/entry-server.tsx).
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), purgeBootstrap(fileURLToPath(new URL('.', import.meta.url)))],
  resolve: {
    // okta-react imports react-router-dom whole for its SecureRoute, which the portal does not use: see there.
    alias: {
      'react-router-dom': fileURLToPath(new URL('./src/lib/no-react-router-dom.ts', import.meta.url)),
    },
  },
  ssr: { noExternal: true },
  // The server's rendering bundles React and the libraries whole: their production builds, whatever
  // NODE_ENV the server runs with (development builds render several times slower and warn per request).
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: isSsrBuild
    ? {
        outDir: 'dist/ssr',
        emptyOutDir: true,
        target: 'node24',
        copyPublicDir: false,
        // One file: the server loads it again under a new URL after a rebuild, and split chunks would
        // import the old one (two Reacts, two contexts).
        rolldownOptions: { input: 'src/entry-server.tsx', output: { codeSplitting: false } },
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        manifest: true,
        // The server reserves /assets/ for tenant assets (/assets/{tenantCode}/theme.css, logo.svg).
        assetsDir: 'app',
        target: 'es2022',
        rolldownOptions: {
          // Building a Zod schema has no effect beyond its value: one a chunk never uses is left out of it.
          treeshake: { manualPureFunctions: ['z'] },
          output: {
            // Libraries change less often than the app: separate chunks stay cached across deploys.
            codeSplitting: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
                // The libraries of the first screen, by name. Everything else (Zod, footer icons, toasts, the Public
                // Suffix List, the sign-in SDK, tables) stays out of the first download: Rolldown puts it in the lazily
                // loaded chunks that import it.
                {
                  name: 'vendor',
                  test: (id: string) => FIRST_SCREEN_LIBRARIES.test(id) || FIRST_SCREEN_CONTRACTS.test(id),
                  priority: 1,
                },
                { name: 'shell', test: FIRST_SCREEN_SHARED },
              ],
            },
          },
        },
      },
  server: {
    proxy: {
      '/config': devServerTarget,
      '/assets': devServerTarget,
    },
  },
}));
