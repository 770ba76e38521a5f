import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { filesUnder, stampOf } from './input-stamp.ts';
import { precompressDirectory } from './precompress.ts';

/**
 * Builds the portal only when its inputs changed since the last build, so a warm `npm start` skips the
 * bundler entirely. The stamp is a hash over the path, size and modification time of every input file.
 * Every text file of the browser's build gets its Brotli and gzip renditions (scripts/precompress.ts); the
 * server's rendering bundle (dist/ssr/) is built after it.
 */
const ROOT = new URL('../', import.meta.url).pathname;
const PORTAL = join(ROOT, 'apps/portal');
const STAMP = join(PORTAL, 'dist/.build-stamp');
const INPUTS = [
  'apps/portal/src',
  'apps/portal/public',
  'apps/portal/index.html',
  'apps/portal/vite.config.ts',
  'apps/portal/build',
  'apps/portal/package.json',
  'packages/contracts/src',
  'package-lock.json',
];

export function portalInputsHash(): string {
  return stampOf(
    ROOT,
    INPUTS.flatMap((input) => [...filesUnder(join(ROOT, input))]),
  );
}

/** Returns true when it built. Throws (with the bundler's output already shown) when the build fails. */
export function buildPortalIfStale({ force = false } = {}): boolean {
  const hash = portalInputsHash();
  if (!force && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash) return false;
  process.stdout.write('Building the portal (only when its sources changed)…\n');
  const vite = (args: string[]) =>
    spawnSync(
      process.execPath,
      [
        join(ROOT, 'node_modules/vite/bin/vite.js'),
        'build',
        '--mode',
        'production',
        '--logLevel',
        'warn',
        ...args,
      ],
      {
        cwd: PORTAL,
        stdio: 'inherit',
        // Always React's production build, whoever asks: a caller's NODE_ENV (Vitest sets 'test' when a test
        // builds the portal) would otherwise give the development build, with StrictMode's double effects.
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
  if (vite([]).status !== 0) throw new Error('The portal build failed (see above).');
  precompressDirectory(join(PORTAL, 'dist'));
  // The server's drawing of the first screen: dist/ssr/entry-server.js, after the browser's
  // build (which empties dist/) and its compression (the server bundle is never sent to a browser).
  if (vite(['--ssr', 'src/entry-server.tsx']).status !== 0) {
    throw new Error("The portal's server rendering build failed (see above).");
  }
  writeFileSync(STAMP, hash);
  return true;
}

if (import.meta.main) buildPortalIfStale({ force: process.argv.includes('--force') });
