import { createReadStream, readFileSync, writeFileSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { STANDARDS_TABLE_COLUMNS } from './data.ts';

/** Timing and memory of one phase, and the PostgreSQL COPY reference. */

export const log = (line: string) => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export interface Phase {
  name: string;
  rows: number;
  ms: number;
  rssPeak: number;
  /** What `rows` counts: rows (the default) or files (a ZIP batch). */
  unit?: string;
}

/**
 * The process's RSS peak over a phase, as Linux keeps it (VmHWM of /proc/self/status, reset to the current RSS
 * by writing 5 to /proc/self/clear_refs): exact, with no sampler. A timer on the main thread, the way
 * this was measured until 2026-11-29, is starved while PGlite runs (each query runs synchronously on the main
 * thread and an import chains its queries through promises): its PGlite "peaks" were the RSS at the phase's
 * end or during the parse. Elsewhere: sampled every 20 ms, as before.
 */
const HWM = /^VmHWM:\s+(\d+) kB$/m;
function peakTracker(): () => number {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    const read = () => Number(HWM.exec(readFileSync('/proc/self/status', 'utf8'))![1]) * 1024;
    read();
    return read;
  } catch {
    let peak = process.memoryUsage().rss;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    return () => {
      clearInterval(timer);
      return peak;
    };
  }
}

/** Runs `fn`; answers its time and the process's RSS peak meanwhile. */
export async function measure(
  name: string,
  rows: number,
  fn: () => Promise<unknown>,
  unit = 'rows',
): Promise<Phase> {
  const peak = peakTracker();
  const started = performance.now();
  await fn();
  const ms = performance.now() - started;
  const rssPeak = Math.max(peak(), process.memoryUsage().rss);
  const phase = { name, rows, ms, rssPeak, unit };
  show(phase);
  return phase;
}

/**
 * Waits until the process's RSS has stayed within 8 MB for 2 s (at most 60 s); answers its peak meanwhile.
 * After PGlite starts, V8 compiles its WebAssembly in the background for several seconds (a transient
 * 400–600 MB), as a server does once at its start, not during an import.
 */
export async function settle(): Promise<number> {
  let peak = process.memoryUsage().rss;
  let steadyFrom = performance.now();
  let base = peak;
  const started = performance.now();
  while (performance.now() - steadyFrom < 2_000 && performance.now() - started < 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const rss = process.memoryUsage().rss;
    peak = Math.max(peak, rss);
    if (Math.abs(rss - base) > 8 * 1024 * 1024) {
      base = rss;
      steadyFrom = performance.now();
    }
  }
  return peak;
}

export const rate = (p: Phase) => (p.rows / p.ms) * 1000;

export function show(p: Phase) {
  const unit = p.unit ?? 'rows';
  log(
    `  ${p.name.padEnd(52)} ${p.rows.toLocaleString('en')} ${unit} in ${(p.ms / 1000).toFixed(2)} s: ` +
      `${Math.round(rate(p)).toLocaleString('en')} ${unit}/s, RSS peak ${mb(p.rssPeak)}`,
  );
}

/**
 * The reference: PostgreSQL `COPY standards (…) FROM STDIN (FORMAT csv)` of the same standards
 * (`writeStandardsTableCsv`) into the real `standards` table of a freshly migrated database whose tenant has
 * the catalogue's publishers, committees and industry areas: the table's keys, foreign keys, indexes, stored
 * title vector and the title-word trigger of migration 0009, all that the product's schema costs whatever
 * code loads it. Run `emptyStandards` first (untimed).
 */
export async function copyIntoStandards(url: string, file: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const copy = client.query(
      copyFrom(`COPY standards (${STANDARDS_TABLE_COLUMNS.join(', ')}) FROM STDIN WITH (FORMAT csv)`),
    );
    await pipeline(createReadStream(file), copy);
  } finally {
    await client.end();
  }
}

/** Empties the reference database's `standards` (and so its title words) for the next COPY. */
export async function emptyStandards(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('TRUNCATE standards CASCADE');
  } finally {
    await client.end();
  }
}

export const maxRss = () => mb(process.resourceUsage().maxRSS * 1024);
export { mb };
