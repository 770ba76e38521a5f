/**
 * Where the signed-in tracker's main-thread time goes on a slow phone: the demo user signs in
 * on a running Trackwell, the HTTP cache is emptied, and `/` loads again with the CPU slowed 4× (what
 * Lighthouse's mobile setting simulates) under V8's sampling profiler. Prints the largest contentful paint
 * and the profile's self time per script file and per function (minified names: read them beside the
 * build's source maps or chunk). Asserts nothing; a companion to run.ts, which gives the scores.
 *
 *   npm start   # or PORT=8095 DATA_DIR=… node scripts/start.mjs
 *   node bench/lighthouse/profile.ts [--origin http://aenor.localhost:8080] [--top 30]
 */
import { parseArgs } from 'node:util';
import puppeteer from 'puppeteer-core';
import { type CallFrame, type CpuProfile, selfTime } from '../cpu-profile.ts';
import { signIn } from './sign-in.ts';

const { values } = parseArgs({
  options: {
    origin: { type: 'string', default: 'http://aenor.localhost:8080' },
    top: { type: 'string', default: '30' },
  },
});
const origin = new URL(values.origin).origin;
const store = new URL(origin).hostname.split('.')[0];
const TOP = Number(values.top);

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  // Node's resolver does not know *.localhost here; Chromium is told where it is.
  args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP *.localhost 127.0.0.1'],
});
try {
  const page = await browser.newPage();
  await signIn(page, origin, `user@${store}.example`);
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // Runs in the page (a string: this file is typed for Node, not the DOM).
  await page.evaluateOnNewDocument(
    "new PerformanceObserver((list) => { window.__lcp = list.getEntries().at(-1).startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });",
  );
  await cdp.send('Profiler.start');
  await page.goto(`${origin}/`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('.tw-intro__paragraph');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  const lcp = Number(await page.evaluate('window.__lcp ?? NaN'));

  // A script's file name; else the browser's own function, in parentheses as V8 names its own ("(program)").
  const fileOf = (frame: CallFrame) => {
    const name = frame.functionName || 'native';
    return frame.url.replace(/^.*\//, '') || (name.startsWith('(') ? name : `(${name})`);
  };
  const byFile = selfTime(profile, fileOf);
  const byFunction = selfTime(
    profile,
    (frame) =>
      `${fileOf(frame)} ${frame.functionName || '(anonymous)'} ${frame.lineNumber}:${frame.columnNumber}`,
  );
  const table = (map: Map<string, number>) =>
    [...map]
      .filter(([name]) => !name.startsWith('(idle)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([name, us]) => `${(us / 1000).toFixed(1).padStart(8)} ms  ${name}`)
      .join('\n');
  process.stdout.write(
    `Trackwell tracker profile — ${new Date().toISOString()}, ${origin}/ signed in, cold cache, CPU 4× slower\n` +
      `largest contentful paint (observed, no network throttling): ${lcp.toFixed(0)} ms\n\n` +
      `self time per file:\n${table(byFile)}\n\nself time per function:\n${table(byFunction)}\n`,
  );
} finally {
  await browser.close();
}
