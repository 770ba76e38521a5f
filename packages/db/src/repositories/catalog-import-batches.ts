import { CATALOG_IMPORT_KINDS, type CatalogImportKind } from '@trackwell/contracts';
import type { PlannedRow } from './catalog-import-plan.ts';

/**
 * The apply's batches and the order they are written in. Kinds go one after another (a committee is
 * committed before the standards that name it); within a kind the batches are independent (the plan refuses
 * a key or an asset id twice), so on PostgreSQL the next batch is already being written, in its own
 * transaction on another connection, while the database finishes the one before: `inFlight` at once. Results
 * and progress are still taken in batch order.
 */

export interface ImportBatch {
  kind: CatalogImportKind;
  /** Valid rows of the slice (unchanged ones included), for the progress. */
  valid: number;
  /** What to write: the slice's new and changed rows (an unchanged row is not read again). */
  rows: PlannedRow[];
  /**
   * Standards that name their successor (`replaced_by`): written after every other standard batch has
   * committed, so a successor new in the same import (anywhere in the file) exists when the pair is recorded.
   */
  replacing: boolean;
}

const isReplacing = (p: PlannedRow) => p.value?.kind === 'standard' && p.value.replacedBy !== undefined;

/** Below this many rows a group is not split to spread it: another transaction would cost more than it saves. */
export const MIN_SPREAD_BATCH = 500;

/**
 * Rows per slice of a group of `count`: at most `size`, and small enough that each of the `spread` batches
 * written at once gets some (2,000 standards on PostgreSQL are two batches of 1,000 written together, not one
 * batch while the other connection waits), but not below MIN_SPREAD_BATCH.
 */
export const sliceSize = (count: number, size: number, spread: number) =>
  Math.min(size, Math.max(MIN_SPREAD_BATCH, Math.ceil(count / spread)));

/** Valid rows by kind in dependency order, in slices of at most `size` spread over `spread` connections. */
export function* batchesOf(planned: PlannedRow[], size: number, spread = 1): Generator<ImportBatch> {
  for (const kind of CATALOG_IMPORT_KINDS) {
    const valid = planned.filter((p) => p.kind === kind && p.outcome !== 'error');
    for (const replacing of [false, true]) {
      const group = valid.filter((p) => isReplacing(p) === replacing);
      const step = sliceSize(group.length, size, spread); // one connection: slices of `size`, as before
      for (let i = 0; i < group.length; i += step) {
        const slice = group.slice(i, i + step);
        yield { kind, valid: slice.length, rows: slice.filter((p) => p.outcome !== 'unchanged'), replacing };
      }
    }
  }
}

export interface BatchRun<T> {
  /** Each committed batch's results, in batch order. */
  results: T[];
  /** Valid rows of the committed batches. */
  done: number;
  /** A batch failed: no batch is started after it (those already started finish, or roll back). */
  failed: boolean;
  /** The first batch's error. */
  error?: unknown;
}

/**
 * Writes the batches with `write` (one transaction each), at most `inFlight` at once and never two kinds at
 * once; `progress(kind, done)` after each committed batch, in order, until an error.
 */
export async function runBatches<T>(
  batches: Iterable<ImportBatch>,
  inFlight: number,
  write: (batch: ImportBatch) => Promise<T[]>,
  progress: (kind: CatalogImportKind, done: number) => void,
): Promise<BatchRun<T>> {
  const run: BatchRun<T> = { results: [], done: 0, failed: false };
  const pending: Array<{ batch: ImportBatch; written: Promise<T[]> }> = [];
  const settle = async () => {
    const { batch, written } = pending.shift()!;
    try {
      run.results.push(...(await written));
      run.done += batch.valid;
      if (!run.failed) progress(batch.kind, run.done);
    } catch (error) {
      if (!run.failed) run.error = error;
      run.failed = true;
    }
  };
  for (const batch of batches) {
    const other = (b: ImportBatch) => b.kind !== batch.kind || b.replacing !== batch.replacing;
    while (pending.length > 0 && (pending.length >= inFlight || other(pending[0]!.batch))) await settle();
    if (run.failed) break;
    const written = batch.rows.length > 0 ? write(batch) : Promise.resolve([]);
    written.catch(() => {}); // settled in order below; an early rejection is not unhandled
    pending.push({ batch, written });
  }
  while (pending.length > 0) await settle();
  return run;
}
