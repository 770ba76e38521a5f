import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchUserId } from '@trackwell/db/seed';
import { median } from '../report.ts';

import {
  CONNECTIONS,
  DURATION,
  execFileAsync,
  LOAD_SCRIPT,
  log,
  PAGE_SIZE,
  TOKEN_USERS,
  USERS,
} from './settings.ts';

/** Load runs in a separate process, their figures, and the requests they send. */

// ---------------------------------------------------------------------------------------------------------
// Load

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
  /** CPU time of this process (the server under test; with PGlite, the database too) per request. */
  cpuMicrosPerRequest: number;
  /** CPU time of the local PostgreSQL server's processes per request (0 when it runs elsewhere or on PGlite). */
  dbCpuMicrosPerRequest: number;
  /** Status and start of the first answer that was not 2xx (requests with a shape only). */
  firstFailure?: string;
  /** Per request shape, when the requests name one (timed by the load process). */
  shapes?: Record<string, { p50: number; p99: number; requests: number }>;
}

export async function load(
  url: string,
  requests: Array<{ path: string; headers: Record<string, string>; shape?: string }>,
  duration = DURATION,
  connections = CONNECTIONS,
): Promise<Figures> {
  const dir = mkdtempSync(join(tmpdir(), 'trackwell-bench-job-'));
  const jobFile = join(dir, 'job.json');
  writeFileSync(jobFile, JSON.stringify({ url, connections, durationSeconds: duration, requests }));
  // Asynchronous on purpose: the servers under load live in this process's event loop.
  try {
    const cpu = process.cpuUsage();
    const dbCpu = postgresCpuMicros();
    const { stdout } = await execFileAsync(process.execPath, [LOAD_SCRIPT, jobFile], {
      maxBuffer: 16 * 1024 * 1024,
    });
    const used = process.cpuUsage(cpu);
    const dbUsed = postgresCpuMicros() - dbCpu;
    const figures = JSON.parse(stdout.trim().split('\n').pop()!) as Omit<
      Figures,
      'cpuMicrosPerRequest' | 'dbCpuMicrosPerRequest'
    >;
    const requests = Math.max(1, figures.requests);
    return {
      ...figures,
      cpuMicrosPerRequest: (used.user + used.system) / requests,
      dbCpuMicrosPerRequest: dbUsed / requests,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * User and system CPU time, in µs, of this machine's processes named `postgres` (the server, its backends and
 * its background workers), from /proc; 0 where there is no /proc or no such process. Clock ticks of 10 ms: over
 * a round's thousands of requests, about a µs a request.
 */
function postgresCpuMicros(): number {
  let ticks = 0;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
      const fields = stat.slice(close + 2).split(' '); // from field 3 (state) on
      // utime, stime, and the children's that ended (the postmaster's reaped backends): fields 14 to 17
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // a process that ended meanwhile
    }
  }
  return ticks * (1_000_000 / CLOCK_TICKS);
}
const CLOCK_TICKS = 100; // USER_HZ on Linux

export const show = (name: string, f: Figures) => {
  const problems = f.errors || f.non2xx ? `, ${f.errors} errors, ${f.non2xx} non-2xx` : '';
  if (f.firstFailure) log(`  first failed answer: ${f.firstFailure}`);
  log(
    `  ${name.padEnd(36)} ${f.rps.toFixed(0).padStart(6)} req/s   p50 ${String(f.p50).padStart(3)} ms   ` +
      `p99 ${String(f.p99).padStart(3)} ms   ${f.cpuMicrosPerRequest.toFixed(0).padStart(4)} µs CPU/req   ` +
      (f.dbCpuMicrosPerRequest ? `db ${f.dbCpuMicrosPerRequest.toFixed(0).padStart(4)} µs   ` : '') +
      `(${f.requests.toLocaleString('en')} requests${problems})`,
  );
};

export const showShapes = (f: Figures) => {
  for (const [shape, g] of Object.entries(f.shapes ?? {}))
    log(
      `    ${shape.padEnd(34)}               p50 ${String(g.p50).padStart(3)} ms   p99 ${String(g.p99).padStart(3)} ms` +
        `                  (${g.requests.toLocaleString('en')} requests)`,
    );
};

/** Several runs as one: the median throughput, p50 and p99 (bench/report.ts), the mean CPU per request. */
export const combine = (runs: Figures[]): Figures => ({
  rps: median(runs.map((r) => r.rps)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
  requests: runs.reduce((a, r) => a + r.requests, 0),
  errors: runs.reduce((a, r) => a + r.errors, 0),
  non2xx: runs.reduce((a, r) => a + r.non2xx, 0),
  cpuMicrosPerRequest: meanPerRequest(runs, (r) => r.cpuMicrosPerRequest),
  dbCpuMicrosPerRequest: meanPerRequest(runs, (r) => r.dbCpuMicrosPerRequest),
});

/** A per-request figure over several runs, each weighed by its requests. */
const meanPerRequest = (runs: Figures[], figure: (run: Figures) => number) =>
  runs.reduce((a, r) => a + figure(r) * r.requests, 0) / runs.reduce((a, r) => a + r.requests, 0);

export async function listRequests(
  sign: (c: Record<string, unknown>) => Promise<string>,
  ctx: { tenantId: string; host: string; clientId: string },
  issuer: string,
) {
  const requests: Array<{ path: string; headers: Record<string, string> }> = [];
  for (let k = 0; k < TOKEN_USERS; k++) {
    const n = 1 + Math.floor((k * USERS) / TOKEN_USERS);
    const uid = benchUserId(ctx.tenantId, n);
    const token = await sign({
      iss: issuer,
      aud: 'api://default',
      sub: `bench-user-${String(n).padStart(6, '0')}@example.test`,
      uid,
      cid: ctx.clientId,
      scp: ['openid', 'profile', 'email'],
    });
    requests.push({
      path: `/api/tracker/v2/track-content/get-user-content-tracking-data?userId=${uid}&pageIndex=1&pageSize=${PAGE_SIZE}`,
      headers: { host: ctx.host, authorization: `Bearer ${token}` },
    });
  }
  return requests;
}

/** Catalogue searches by shape, rotated in this order; per-shape p50/p99 are printed. */
export const SEARCHES: Array<{ shape: string; q: string }> = [
  // One word in thousands of titles (each ~5,000 of the 100,000): the slow tail before the title-word ranking table (migration 0009).
  { shape: 'one common word', q: 'corrosion' },
  { shape: 'one common word', q: 'glass' },
  { shape: 'one common word', q: 'water' },
  { shape: 'designation prefix', q: 'D6' },
  { shape: 'designation prefix', q: 'A12' },
  { shape: 'designation prefix', q: 'D638' },
  { shape: 'designation prefix', q: 'K4711' },
  { shape: 'two words', q: 'asphalt roofing' },
  { shape: 'two words', q: 'pipe valves' },
  { shape: 'two words', q: 'welding fasteners' },
  { shape: 'prefix and word', q: 'B3 water' },
  { shape: 'no match', q: 'zzqx' },
  { shape: 'no match', q: 'unobtainium alloy' },
];
export const SEARCH_GOAL_P99_MS = 30;
