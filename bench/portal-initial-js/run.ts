/**
 * Prints the initial JavaScript of the built portal: the entry script and the modules index.html preloads,
 * gzip-compressed (budget: ≤ 180 kB). Lazily loaded chunks (screens, footer icons, toasts, the
 * Public Suffix List) are listed apart. Run after `npm run build -w @trackwell/portal`:
 *
 *   node bench/portal-initial-js/run.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { report } from '../report.ts';

const BUDGET_KB = 180;
const dist = join(import.meta.dirname, '../../apps/portal/dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = [
  ...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g),
  ...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g),
].map((m) => m[1]!.replace(/^\//, ''));

// kB = 1000 bytes at gzip level 9, as Vite's build report counts them.
const kb = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1000;
let total = 0;
for (const file of initial) {
  const size = kb(file);
  total += size;
  console.log(`initial  ${size.toFixed(2).padStart(7)} kB  ${file}`);
}
for (const file of readdirSync(join(dist, 'app')).filter((f) => f.endsWith('.js'))) {
  if (!initial.includes(`app/${file}`))
    console.log(`lazy     ${kb(`app/${file}`).toFixed(2).padStart(7)} kB  app/${file}`);
}
console.log(`initial JavaScript: ${total.toFixed(2)} kB gzip (budget ${BUDGET_KB} kB)`);
report({
  what: "the portal's initial JavaScript, gzip",
  figure: `${total.toFixed(1)} kB`,
  goal: `≤ ${BUDGET_KB} kB`,
  met: total <= BUDGET_KB,
  reference: '—',
});
if (total > BUDGET_KB) process.exitCode = 1;
