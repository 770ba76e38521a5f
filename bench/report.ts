import { cpus, loadavg } from 'node:os';

/**
 * The shape every benchmark reports in: each goal's figure beside the goal, the median of ROUNDS rounds taken
 * interleaved with its reference (both sides in the same run, alternating which goes first, so neither always
 * runs in the quieter moment), and the machine's load average when it was measured. Each figure prints one
 * line for people and one `BENCH-ROW {json}` line that `bench/all.ts` collects into docs/benchmarks.md.
 */

/** Rounds per figure (BENCH_ROUNDS, default 3): the median of them is reported. */
export const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

/**
 * Up to this many recipients, a mail bench (fan-out, digest) first runs one round of each side that is not
 * counted: at a quick size a process's first round ran at half the speed of its later ones (JIT compilation,
 * templates compiled once), and whichever side went first paid for the code both share (nodemailer, the sink).
 */
export const WARM_UP_UP_TO = 20_000;

export interface BenchRow {
  /** What is measured, with its size (e.g. "tracker list, Fastify / stripped reference, PostgreSQL"). */
  what: string;
  /** The figure, with its unit. */
  figure: string;
  /** The goal, e.g. "≥ 0.9×" or "≤ 300 MB". */
  goal: string;
  /** Whether the figure meets the goal (undefined: a figure without a goal). */
  met?: boolean | undefined;
  /** The reference measured in the same run (its figure), or "—" when the goal is absolute. */
  reference: string;
  /** The 1-minute load average when the figure was taken, and the cores. */
  load?: string;
}

export const machineLoad = () => `${loadavg()[0]!.toFixed(1)} (${cpus().length} cores)`;

export function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * ROUNDS rounds of the reference and the product, alternating which runs first (round 1: the product first,
 * so a reference that needs the product's sizes can have them). Returns both sides' results, in round order.
 */
export async function interleaved<R, P>(
  sides: { reference: (round: number) => Promise<R>; product: (round: number) => Promise<P> },
  rounds = ROUNDS,
): Promise<{ reference: R[]; product: P[] }> {
  const reference: R[] = [];
  const product: P[] = [];
  for (let round = 1; round <= rounds; round++) {
    if (round % 2 === 1) {
      product.push(await sides.product(round));
      reference.push(await sides.reference(round));
    } else {
      reference.push(await sides.reference(round));
      product.push(await sides.product(round));
    }
  }
  return { reference, product };
}

/** Prints one figure against its goal (a line for people and a BENCH-ROW line for bench/all). */
export function report(row: BenchRow): void {
  const full = { ...row, load: row.load ?? machineLoad() };
  const verdict = full.met === undefined ? '' : full.met ? ' met' : ' NOT met';
  const reference = full.reference === '—' ? '' : `; reference ${full.reference}`;
  process.stdout.write(
    `  ▸ ${full.what}: ${full.figure} (goal ${full.goal})${verdict}${reference}; load ${full.load}\n` +
      `BENCH-ROW ${JSON.stringify(full)}\n`,
  );
}

/** A ratio and its verdict against a minimum, e.g. ratio(0.93, 0.9) → "0.93×". */
export const times = (n: number) => `${n.toFixed(2)}×`;
