/**
 * Refreshes docs/screenshots/tenants.png (the README's picture), from a running server: the tracker page of two
 * demo stores as their plain demo user sees it, a third store's sign-in page, and an unknown host, side by side.
 * Usage: `npm start`, then `node scripts/readme-screenshot.ts [port]`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM } from './ensure-chromium.ts';

const port = process.argv[2] ?? '8080';
/** Label, URL, and the demo user to sign in first (undefined: shown as a visitor sees it). */
const pages = [
  ['Trackwell (platform): the tracker', `http://localhost:${port}/`, 'user@trackwell.example'],
  ['AWWA: the tracker', `http://awwa.localhost:${port}/`, 'user@awwa.example'],
  ['AENOR: its sign-in page', `http://aenor.localhost:${port}/`, undefined],
  ['Unknown host', `http://nowhere.localhost:${port}/`, undefined],
] as const;
const DEMO_PASSWORD = 'Trackwell-Demo-2026';

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  const context = await browser.newContext({ viewport: { width: 1000, height: 640 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const shots: string[] = [];
  for (const [, url, user] of pages) {
    await page.goto(url, { waitUntil: 'networkidle' });
    if (user) {
      // The tracker sends a visitor to the store's sign-in page, and back once signed in.
      await page.locator('input[autocomplete="username"]').fill(user);
      await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
      await page.locator('button[type="submit"]').click();
      await page.getByRole('banner').getByRole('button', { expanded: false }).waitFor();
      await page.waitForLoadState('networkidle');
    }
    shots.push((await page.screenshot()).toString('base64'));
  }
  const tiles = pages
    .map(
      ([label], i) =>
        `<figure><img src="data:image/png;base64,${shots[i]}"><figcaption>${label}</figcaption></figure>`,
    )
    .join('');
  await page.goto('about:blank'); // leave the store's CSP behind before writing the collage
  await page.setViewportSize({ width: 1600, height: 1100 });
  await page.setContent(`<style>
    body{margin:0;padding:24px;background:#e5e7eb;font:600 18px system-ui,sans-serif;display:grid;
      grid-template-columns:1fr 1fr;gap:24px}
    figure{margin:0} img{width:100%;border-radius:8px;box-shadow:0 4px 16px #0003;display:block}
    figcaption{margin-top:8px;color:#1f2937}</style>${tiles}`);
  const out = new URL('../docs/screenshots/tenants.png', import.meta.url).pathname;
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, await page.screenshot({ fullPage: true }));
  process.stdout.write(`wrote ${out}\n`);
} finally {
  await browser.close();
}
