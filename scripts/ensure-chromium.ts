import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { JOURNEY_CHROMIUM } from '../e2e/browser.ts';

/**
 * The browsers come from Debian (npm tools cannot download browsers here), both of the same Chromium release:
 * - CHROMIUM: the whole browser, for what measures or pictures a real browser (Lighthouse, the README's shot);
 * - JOURNEY_CHROMIUM: its headless build, which the browser journeys drive (e2e/browser.ts says why).
 * If one is missing, install it when we are root; otherwise stop with the command to run. Never skip the
 * browser suite silently.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The Debian packages that hold the browsers, and the fonts every script of the 14 languages needs. */
const PACKAGES = ['chromium', 'chromium-headless-shell', 'fonts-noto-core'];

const missingBrowsers = () => [CHROMIUM, JOURNEY_CHROMIUM].filter((path) => !existsSync(path));

export function ensureChromium(): void {
  const missing = missingBrowsers();
  if (missing.length === 0) return;
  const command = `apt-get install -y ${PACKAGES.join(' ')}`;
  if (process.getuid?.() !== 0) throw new Error(`${missing.join(' and ')} missing. Install: sudo ${command}`);
  process.stdout.write(`${missing.join(' and ')} missing: installing from Debian (${command})…\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...PACKAGES],
  ]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0)
      throw new Error(`apt-get ${args.join(' ')} failed; run ${command} by hand and re-run.`);
  }
  const still = missingBrowsers();
  if (still.length) throw new Error(`apt-get finished but ${still.join(' and ')} still missing.`);
}

if (import.meta.main) ensureChromium();
