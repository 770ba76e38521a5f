/**
 * Startup time and idle memory of `npm start` (embedded PGlite), beside a reference measured in the same
 * run: a bare Node HTTP server started the same way. Prints figures; asserts nothing.
 *
 *   node bench/startup/run.ts [--runs 3]
 *
 * 1. cold: a fresh data directory (migrations + demo seed happen)
 * 2. warm: the same data directory again, N times (what a developer sees on every later start)
 * Each run: time from spawn to the first 200 from /readyz, and the process RSS after 5 s idle.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = new URL('../../', import.meta.url).pathname;
const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const RUNS = Number(values.runs);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rssMb = (pid: number) => {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return kb / 1024;
};

async function waitReady(url: string, child: ChildProcess, started: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return performance.now() - started;
    } catch {
      /* not listening yet */
    }
    await sleep(20);
  }
}

async function measure(args: string[], env: Record<string, string>, readyUrl: string) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  try {
    const ms = await waitReady(readyUrl, child, started);
    await sleep(5000);
    return { ms, rss: rssMb(child.pid!) };
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

const PORT = 18_000 + Math.floor(Math.random() * 1000);
const reference = () =>
  measure(
    ['-e', `require('node:http').createServer((q,s)=>s.end('ok')).listen(${PORT + 1})`],
    {},
    `http://127.0.0.1:${PORT + 1}/`,
  );
const dataDir = mkdtempSync(join(tmpdir(), 'trackwell-bench-startup-'));
const trackwell = () =>
  measure(
    ['scripts/start.ts'],
    { PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    `http://localhost:${PORT}/readyz`,
  );

const fmt = (n: number) => n.toFixed(0).padStart(7);
try {
  const ref = await reference();
  const cold = await trackwell();
  const warm = [];
  for (let i = 0; i < RUNS; i++) warm.push(await trackwell());
  const warmMs = warm.map((w) => w.ms).sort((a, b) => a - b)[Math.floor(warm.length / 2)]!;
  const warmRss = Math.max(...warm.map((w) => w.rss));
  console.log('\nstartup (npm start, embedded PGlite)         ms to ready   RSS MB idle');
  console.log(`  reference: bare node:http server        ${fmt(ref.ms)}      ${fmt(ref.rss)}`);
  console.log(`  Trackwell cold (migrate + demo seed)    ${fmt(cold.ms)}      ${fmt(cold.rss)}`);
  console.log(`  Trackwell warm (median of ${RUNS})          ${fmt(warmMs)}      ${fmt(warmRss)}`);
  console.log(
    `\n  warm start: ${(warmMs / 1000).toFixed(2)} s (goal < 10 s), ${(warmMs / ref.ms).toFixed(1)}x the bare server`,
  );
  console.log(
    `  idle RSS:   ${warmRss.toFixed(0)} MB (goal < 1024 MB), ${(warmRss / ref.rss).toFixed(1)}x the bare server`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
