/**
 * Every benchmark in bench/ at a quick size, one after the other (never two at once: they would measure each
 * other), then one markdown table of their figures — what, figure, goal, reference, load — written to
 * docs/benchmarks.md. Runnable as `npm run bench:all` (about 10 minutes on an idle 2-core machine).
 *
 *   node bench/all.ts [--only startup,tracker-list] [--out docs/benchmarks.md] [--list]
 *
 * Each benchmark prints its figures as `BENCH-ROW {json}` lines (bench/report.ts); one that fails or runs out
 * of its time gets a row saying so. PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 * Servers listen on BENCH_PORT and the next ports (default 8340).
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { BenchRow } from './report.ts';

const ROOT = join(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    out: { type: 'string', default: join(ROOT, 'docs/benchmarks.md') },
    list: { type: 'boolean', default: false },
  },
});
const PG = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.BENCH_PORT ?? 8340);

interface Bench {
  name: string;
  /** The script and its arguments at the quick size. */
  args: string[];
  env?: Record<string, string>;
  /** Longest it may run, in minutes (a busy machine is slower; the row then says it ran out of time). */
  minutes: number;
}

/** The quick sizes: small enough for about 10 minutes in all, large enough for each figure to mean something. */
const BENCHES: Bench[] = [
  { name: 'startup', args: ['bench/startup/run.ts', '--port', String(PORT)], minutes: 12 },
  {
    name: 'tracker-list',
    args: ['bench/tracker-list/run.ts'],
    env: { BENCH_USERS: '5000', BENCH_STANDARDS: '20000', BENCH_DURATION: '4' },
    minutes: 6,
  },
  {
    name: 'fanout',
    args: ['bench/fanout/run.ts', '--users', '2000'],
    env: { TEST_DATABASE_URL: PG },
    minutes: 4,
  },
  {
    name: 'digest',
    args: ['bench/digest/run.ts', '--users', '500'],
    env: { TEST_DATABASE_URL: PG },
    minutes: 4,
  },
  { name: 'signin', args: ['bench/signin/run.ts'], env: { BENCH_DURATION: '3' }, minutes: 3 },
  { name: 'provisioning', args: ['bench/provisioning/run.ts'], env: { BENCH_USERS: '12' }, minutes: 3 },
  { name: 'citations', args: ['bench/citations/run.ts', '--size', '0.01'], minutes: 4 },
  {
    name: 'reviews',
    args: ['bench/reviews/run.ts', '--organisations', '100'],
    env: { TEST_DATABASE_URL: PG },
    minutes: 3,
  },
  {
    name: 'console-standards',
    args: ['bench/console-standards/run.ts'],
    env: { BENCH_ROUNDS: '3', BENCH_ENGINES: 'postgres', BENCH_STANDARDS: '20000' },
    minutes: 4,
  },
  { name: 'catalog-import', args: ['bench/catalog-import/run.ts', '--rows', '2000'], minutes: 4 },
  { name: 'portal-initial-js', args: ['bench/portal-initial-js/run.ts'], minutes: 1 },
  { name: 'fuzz', args: ['bench/fuzz/run.ts', '--runs', '30'], minutes: 6 },
  {
    name: 'lighthouse',
    args: ['bench/lighthouse/run.ts', '--pages', 'signin', '--runs', '3', '--port', String(PORT + 2)],
    minutes: 5,
  },
];

/** Runs one benchmark, echoing its output, and collects its BENCH-ROW lines. */
function run(bench: Bench): Promise<{ rows: BenchRow[]; problem?: string; seconds: number }> {
  const started = performance.now();
  const rows: BenchRow[] = [];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, bench.args, {
      cwd: ROOT,
      env: { ...process.env, BENCH_DATABASE_URL: PG, BENCH_PORT: String(PORT), ...bench.env },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true, // its own process group: a benchmark out of time is stopped with the servers it started
    });
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        if (line.startsWith('BENCH-ROW ')) rows.push(JSON.parse(line.slice('BENCH-ROW '.length)));
        else process.stdout.write(`  ${bench.name} | ${line}\n`);
      }
    });
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGTERM'), bench.minutes * 60_000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      const problem = signal
        ? `stopped after ${bench.minutes} min (${signal})`
        : code
          ? `exited with ${code}`
          : undefined;
      resolve({ rows, seconds, ...(problem && { problem }) });
    });
  });
}

const cell = (s: string) => s.replaceAll('|', '\\|').replaceAll('\n', ' ');

function table(results: Array<{ bench: Bench; rows: BenchRow[]; problem?: string; seconds: number }>) {
  const lines = [
    '| benchmark | what | figure | goal | reference (same run) | load |',
    '|---|---|---|---|---|---|',
  ];
  for (const { bench, rows, problem } of results) {
    for (const r of rows) {
      const verdict = r.met === undefined ? '' : r.met ? ' ✓' : ' ✗';
      lines.push(
        `| ${bench.name} | ${cell(r.what)} | ${cell(r.figure)}${verdict} | ${cell(r.goal)} | ${cell(r.reference)} | ${cell(r.load ?? '')} |`,
      );
    }
    if (problem) lines.push(`| ${bench.name} | (the run) | ${problem} | — | — | — |`);
  }
  return lines.join('\n');
}

const PREAMBLE_END = '<!-- bench:all table -->';

async function main() {
  const only = values.only?.split(',');
  const chosen = only ? BENCHES.filter((b) => only.includes(b.name)) : BENCHES;
  if (values.list) {
    for (const b of BENCHES) process.stdout.write(`${b.name.padEnd(18)} node ${b.args.join(' ')}\n`);
    return;
  }
  const startLoad = loadavg()[0]!.toFixed(1);
  const started = performance.now();
  const results = [];
  for (const bench of chosen) {
    process.stdout.write(`\n== ${bench.name}: node ${bench.args.join(' ')}\n`);
    const result = await run(bench);
    process.stdout.write(
      `== ${bench.name}: ${result.seconds.toFixed(0)} s${result.problem ? `, ${result.problem}` : ''}\n`,
    );
    results.push({ bench, ...result });
    // Written after each benchmark: a run stopped half-way keeps what it measured.
    const done = results.length === chosen.length ? '' : ` (${results.length} of ${chosen.length} so far)`;
    writePage(results, `${only ? ` (only ${only.join(', ')})` : ''}${done}`, startLoad, started);
  }
  const minutes = (performance.now() - started) / 60_000;
  process.stdout.write(
    `\n${table(results)}\n\nbench:all took ${minutes.toFixed(1)} min (goal ≤ 10 min on an idle 2-core machine), ` +
      `load average ${startLoad} at the start and ${loadavg()[0]!.toFixed(1)} at the end; written to ${values.out}\n`,
  );
}

function writePage(results: Parameters<typeof table>[0], which: string, startLoad: string, started: number) {
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  const heading =
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench:all\`${which} ` +
    `in ${minutes} min, Node ${process.version}, ${cpus().length} cores, load average ${startLoad} at the ` +
    `start and ${loadavg()[0]!.toFixed(1)} at the end.`;
  // The page keeps its hand-written preamble (above the marker); the table below it is replaced.
  let preamble = '# Benchmarks\n';
  try {
    const page = readFileSync(values.out!, 'utf8');
    const at = page.indexOf(PREAMBLE_END);
    if (at >= 0) preamble = page.slice(0, at);
  } catch {
    /* a first run: the page is new */
  }
  writeFileSync(values.out!, `${preamble.trimEnd()}\n\n${PREAMBLE_END}\n\n${heading}\n\n${table(results)}\n`);
}

await main();
