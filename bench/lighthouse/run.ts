/**
 * Lighthouse (mobile, default simulated throttling) on the sign-in page and the signed-in tracker page of a
 * freshly started Trackwell, in Debian's Chromium, beside a reference measured in the same run: a bare Node
 * server's one-file page. Prints scores and transferred bytes; asserts nothing.
 *
 *   node bench/lighthouse/run.ts [--runs 3] [--store aenor] [--port 8211] [--pages signin,tracker] [--verbose] [--save dir]
 *
 * - `/signin`: a cold visit (empty cache and storage), what a new user's first load costs.
 * - `/` signed in: the demo user signs in first, then the HTTP cache is emptied and Lighthouse loads the
 *   tracker in the same tab with its session storage kept (the tokens live there): cold cache, signed in.
 * Scores are the median of the runs (BENCH_ROUNDS by default), each run interleaved with the reference's,
 * alternating which goes first (bench/report.ts). Needs `npm run build` (npm start builds when stale) and Chromium.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { interleaved, median, ROUNDS, report } from '../report.ts';
import { signIn } from './sign-in.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: String(ROUNDS) },
    store: { type: 'string', default: 'aenor' },
    verbose: { type: 'boolean', default: false },
    /** Trackwell's port (also `LIGHTHOUSE_PORT`; the reference page takes the next one); else a random one in 19000–19999. */
    port: { type: 'string', default: process.env.LIGHTHOUSE_PORT },
    /** A folder to write each run's full Lighthouse report (JSON) into, to study a run afterwards. */
    save: { type: 'string' },
    /** Which of the two pages to measure (the reference is always measured): `signin`, `tracker` or both. */
    pages: { type: 'string', default: 'signin,tracker' },
  },
});
const RUNS = Math.max(1, Number(values.runs));
const PAGES = new Set(values.pages.split(',').map((name) => name.trim()));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Figures {
  performance: number;
  bestPractices: number;
  bytes: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failedBestPractices: string[];
  /** What each failed best-practice audit names (first items), for `--verbose`. */
  details: string[];
}

/** Informative audits (no score of their own): shown with --verbose whatever their score. */
const ALWAYS_SHOWN = new Set(['long-tasks', 'bootup-time', 'lcp-breakdown-insight']);

let saved = 0;

function figures(result: RunnerResult | undefined): Figures {
  if (!result) throw new Error('Lighthouse returned no result');
  const { lhr } = result;
  if (values.save) {
    mkdirSync(values.save, { recursive: true });
    const { host, pathname } = new URL(lhr.finalDisplayedUrl);
    const name = `${++saved}-${`${host}${pathname}`.replace(/\W+/g, '_')}.json`;
    writeFileSync(join(values.save, name), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const bp = lhr.categories['best-practices'];
  const failed = (bp?.auditRefs ?? [])
    .filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1)
    .map((r) => r.id);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    bestPractices: Math.round((bp?.score ?? 0) * 100),
    bytes: audit('total-byte-weight'),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    failedBestPractices: failed,
    details: [
      ...failed.flatMap((id) => {
        const items = (lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? [];
        return items.slice(0, 5).map((item) => `${id}: ${JSON.stringify(item).slice(0, 300)}`);
      }),
      // What the bytes are: every request, largest first, and the render-blocking and unused-CSS findings.
      ...(
        (lhr.audits['network-requests']?.details as { items?: Array<Record<string, unknown>> } | undefined)
          ?.items ?? []
      )
        .toSorted((a, b) => Number(b.transferSize) - Number(a.transferSize))
        .map(
          (r) =>
            `${(Number(r.transferSize) / 1024).toFixed(1).padStart(7)} KiB  ${String(r.resourceType).padEnd(10)} ${String(r.url).replace(/^https?:\/\/[^/]+/, '')}`,
        ),
      ...[
        'render-blocking-resources',
        'unused-css-rules',
        'unused-javascript',
        'lcp-discovery-insight',
        'render-blocking-insight',
        // What the main thread did after the first paint (total blocking time) and which element was the LCP.
        'long-tasks',
        'bootup-time',
        'lcp-breakdown-insight',
      ]
        .filter((id) => lhr.audits[id] && ((lhr.audits[id]?.score ?? 1) < 1 || ALWAYS_SHOWN.has(id)))
        .map(
          (id) =>
            `${id}: ${lhr.audits[id]?.displayValue ?? ''} ${JSON.stringify((lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items?.slice(0, 6) ?? []).slice(0, 700)}`,
        ),
    ],
  };
}

const FLAGS: Flags = {
  output: 'json',
  logLevel: 'error',
  onlyCategories: ['performance', 'best-practices'],
  formFactor: 'mobile',
};

/**
 * One Lighthouse run of `url`. A run whose trace Lighthouse could not record (NO_NAVSTART, seen on a busy
 * machine) measured nothing: it is run again, twice at most, and said so.
 */
async function audit(
  browser: Browser,
  url: string,
  prepare?: (page: Page) => Promise<void>,
): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(browser, url, prepare);
    } catch (error) {
      if (attempt >= 3 || !/NO_NAVSTART|NO_FCP/.test(String(error))) throw error;
      console.log(`  (${url}: ${String(error).slice(0, 80)}; running it again)`);
    }
  }
}

async function auditOnce(
  browser: Browser,
  url: string,
  prepare?: (page: Page) => Promise<void>,
): Promise<Figures> {
  const page = await browser.newPage();
  try {
    if (!prepare) return figures(await lighthouse(url, FLAGS, undefined, page));
    await prepare(page);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    return figures(await lighthouse(url, { ...FLAGS, disableStorageReset: true }, undefined, page));
  } finally {
    await page.close();
  }
}

async function startTrackwell(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SMTP_SINK_PORT: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch {
      /* not listening yet */
    }
    await sleep(200);
  }
  throw new Error('Trackwell did not become ready');
}

/** The reference: a bare Node server's page with one small script and stylesheet, no framework. */
function startReference(port: number): Promise<{ url: string; close(): void }> {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
    '<title>Reference</title><meta name="description" content="reference page"><link rel="stylesheet" href="/s.css"></head>' +
    '<body><main><h1>Sign in</h1><form><label>E-mail <input autocomplete="username"></label></form></main>' +
    '<script src="/a.js"></script></body></html>';
  const server = createServer((req, res) => {
    if (req.url === '/s.css')
      res.writeHead(200, { 'content-type': 'text/css' }).end('body{font:16px system-ui}');
    else if (req.url === '/a.js')
      res.writeHead(200, { 'content-type': 'text/javascript' }).end('document.title+="";');
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({
        url: `http://localhost:${(server.address() as AddressInfo).port}/`,
        close: () => server.close(),
      }),
    ),
  );
}

function summarise(name: string, runs: Figures[]) {
  const m = (k: keyof Omit<Figures, 'failedBestPractices'>) => median(runs.map((r) => r[k] as number));
  return {
    name,
    performance: m('performance'),
    bestPractices: m('bestPractices'),
    kb: m('bytes') / 1024,
    fcp: m('fcpMs') / 1000,
    lcp: m('lcpMs') / 1000,
    tbt: m('tbtMs'),
    cls: m('cls'),
    failed: [...new Set(runs.flatMap((r) => r.failedBestPractices))],
    details: [...new Set(runs.flatMap((r) => r.details))],
  };
}

const port = values.port ? Number(values.port) : 19_000 + Math.floor(Math.random() * 1000);
const dataDir = mkdtempSync(join(tmpdir(), 'trackwell-lh-'));
const origin = `http://${values.store}.localhost:${port}`;
const server = await startTrackwell(port, dataDir);
// With --port, the reference takes the next port; else one the system picks.
const reference = await startReference(values.port ? port + 1 : 0);
const browser = await puppeteer.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const results: Record<string, Figures[]> = { reference: [], signin: [], tracker: [] };
  // Rounds interleaved with the reference, alternating which goes first (bench/report.ts).
  const { reference: referenceRuns, product } = await interleaved(
    {
      reference: () => audit(browser, reference.url),
      product: async () => ({
        signin: PAGES.has('signin') ? await audit(browser, `${origin}/signin`) : undefined,
        tracker: PAGES.has('tracker')
          ? await audit(browser, `${origin}/`, (page) => signIn(page, origin, `user@${values.store}.example`))
          : undefined,
      }),
    },
    RUNS,
  );
  results.reference = referenceRuns;
  results.signin = product.flatMap((p) => (p.signin ? [p.signin] : []));
  results.tracker = product.flatMap((p) => (p.tracker ? [p.tracker] : []));
  const rows = [
    summarise('reference (bare Node page)', results.reference!),
    ...(PAGES.has('signin') ? [summarise(`/signin (cold)`, results.signin!)] : []),
    ...(PAGES.has('tracker') ? [summarise(`/ tracker (signed in, cold cache)`, results.tracker!)] : []),
  ];
  const ref = rows[0]!;
  process.stdout.write(
    `\nLighthouse 13, mobile, simulated throttling, ${values.store} store, median of ${RUNS} run(s)\n\n` +
      `${'page'.padEnd(36)} ${'perf'.padStart(5)} ${'b.p.'.padStart(5)} ${'KiB'.padStart(8)} ${'FCP s'.padStart(6)} ${'LCP s'.padStart(6)} ${'LCP/ref'.padStart(8)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(5)}\n`,
  );
  for (const r of rows) {
    process.stdout.write(
      `${r.name.padEnd(36)} ${String(r.performance).padStart(5)} ${String(r.bestPractices).padStart(5)} ${r.kb.toFixed(1).padStart(8)} ${r.fcp.toFixed(2).padStart(6)} ${r.lcp.toFixed(2).padStart(6)} ${(r.lcp / ref.lcp).toFixed(2).padStart(8)} ${r.tbt.toFixed(0).padStart(7)} ${r.cls.toFixed(2).padStart(5)}\n`,
    );
    if (r.failed.length > 0)
      process.stdout.write(`${''.padEnd(36)} best-practice audits not passed: ${r.failed.join(', ')}\n`);
    if (values.verbose) for (const d of r.details) process.stdout.write(`${''.padEnd(38)}${d}\n`);
  }
  for (const r of rows.slice(1))
    report({
      what: `Lighthouse 13 mobile, ${r.name}, median of ${RUNS}`,
      figure: `performance ${r.performance}, LCP ${r.lcp.toFixed(2)} s (${(r.lcp / ref.lcp).toFixed(2)}× the reference), ${r.kb.toFixed(0)} KiB`,
      goal: 'none set',
      reference: `bare Node page: performance ${ref.performance}, LCP ${ref.lcp.toFixed(2)} s`,
    });
} finally {
  await browser.close();
  reference.close();
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
