/**
 * Refreshes docs/screenshots/tenants.png (the README's picture): three demo stores and an unknown host,
 * side by side, from a running server.  Usage: `npm start`, then `node scripts/readme-screenshot.ts [port]`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM } from './ensure-chromium.ts';

const port = process.argv[2] ?? '8080';
const pages = [
  ['Trackwell (platform)', `http://localhost:${port}/`],
  ['AWWA', `http://awwa.localhost:${port}/`],
  ['AENOR', `http://aenor.localhost:${port}/`],
  ['Unknown host', `http://nowhere.localhost:${port}/`],
] as const;

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  const context = await browser.newContext({ viewport: { width: 1000, height: 640 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const shots: string[] = [];
  for (const [, url] of pages) {
    await page.goto(url, { waitUntil: 'networkidle' });
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
