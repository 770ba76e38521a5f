import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * The browser suite runs in Debian's Chromium (npm tools cannot download browsers here). If it is missing,
 * install it when we are root; otherwise stop with the command to run. Never skip the browser suite silently.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`Chromium is missing at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium`);
  }
  process.stdout.write('Chromium is missing: installing it from Debian (apt-get install -y chromium)…\n');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium', 'fonts-noto-core'],
  ]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0)
      throw new Error(`apt-get ${args.join(' ')} failed; install Chromium by hand and re-run.`);
  }
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get finished but ${CHROMIUM} is still missing.`);
}

if (import.meta.main) ensureChromium();
