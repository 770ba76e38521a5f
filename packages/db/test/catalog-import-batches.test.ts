import type { CatalogImportKind } from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import {
  batchesOf,
  type ImportBatch,
  MIN_SPREAD_BATCH,
  runBatches,
  sliceSize,
} from '../src/repositories/catalog-import-batches.ts';
import type { PlannedRow } from '../src/repositories/catalog-import-plan.ts';

const planned = (row: number, kind: CatalogImportKind, outcome: PlannedRow['outcome']): PlannedRow => ({
  row,
  kind,
  key: `k${row}`,
  outcome,
});

const batch = (kind: CatalogImportKind, n: number): ImportBatch => ({
  kind,
  valid: 2,
  rows: [planned(n, kind, 'new')],
  replacing: false,
});

/** A write that resolves when told, recording when each batch starts and how many run at once. */
function controlledWrite() {
  const started: number[] = [];
  const finish = new Map<number, (error?: Error) => void>();
  let running = 0;
  let most = 0;
  const write = (b: ImportBatch) =>
    new Promise<number[]>((resolve, reject) => {
      const n = b.rows[0]!.row;
      started.push(n);
      most = Math.max(most, ++running);
      finish.set(n, (error) => {
        running--;
        if (error) reject(error);
        else resolve([n]);
      });
    });
  return { write, started, finish, most: () => most };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('catalogue import batches', () => {
  it('slices valid rows by kind in dependency order; unchanged rows count but are not written', () => {
    const rows = [
      planned(1, 'standard', 'new'),
      planned(2, 'publisher', 'unchanged'),
      planned(3, 'standard', 'error'),
      planned(4, 'standard', 'unchanged'),
      planned(5, 'standard', 'changed'),
    ];
    const batches = [...batchesOf(rows, 2)];
    expect(batches.map((b) => [b.kind, b.valid, b.rows.map((r) => r.row)])).toEqual([
      ['publisher', 1, []],
      ['standard', 2, [1]],
      ['standard', 1, [5]],
    ]);
  });

  it('spreads a kind over the batches in flight, in slices of at most the size and at least MIN_SPREAD_BATCH', () => {
    const many = (kind: CatalogImportKind, n: number, from = 0) =>
      Array.from({ length: n }, (_, i) => planned(from + i, kind, 'new'));
    const sizes = (rows: PlannedRow[], spread: number) =>
      [...batchesOf(rows, 2_000, spread)].map((b) => [b.kind, b.rows.length]);
    // 2,000 standards: two batches of 1,000 written together, not one while the other connection waits.
    expect(sizes(many('standard', 2_000), 2)).toEqual([
      ['standard', 1_000],
      ['standard', 1_000],
    ]);
    // Large kinds keep the size; small ones are not split below the minimum; one connection: as before.
    expect(sizes(many('standard', 5_000), 2)).toEqual([
      ['standard', 2_000],
      ['standard', 2_000],
      ['standard', 1_000],
    ]);
    expect(sizes([...many('publisher', 10), ...many('standard', 600, 10)], 2)).toEqual([
      ['publisher', 10],
      ['standard', MIN_SPREAD_BATCH],
      ['standard', 600 - MIN_SPREAD_BATCH],
    ]);
    expect(sizes(many('standard', 2_000), 1)).toEqual([['standard', 2_000]]);
    expect(sliceSize(3_001, 2_000, 2)).toBe(1_501);
  });

  it('writes up to inFlight batches of one kind at once, never two kinds, results in batch order', async () => {
    const w = controlledWrite();
    const progress: Array<[CatalogImportKind, number]> = [];
    const batches = [batch('committee', 1), batch('standard', 2), batch('standard', 3), batch('standard', 4)];
    const running = runBatches(batches, 2, w.write, (kind, done) => progress.push([kind, done]));
    await tick();
    expect(w.started).toEqual([1]); // standards wait for the committee
    w.finish.get(1)!();
    await tick();
    expect(w.started).toEqual([1, 2, 3]);
    w.finish.get(3)!(); // the later one first: results and progress still in order
    await tick();
    expect(progress).toEqual([['committee', 2]]);
    w.finish.get(2)!();
    await tick();
    w.finish.get(4)!();
    const run = await running;
    expect(run).toEqual({ results: [1, 2, 3, 4], done: 8, failed: false });
    expect(progress.map(([, done]) => done)).toEqual([2, 4, 6, 8]);
    expect(w.most()).toBe(2);
  });

  it('one at a time when inFlight is 1 (PGlite)', async () => {
    const w = controlledWrite();
    const running = runBatches([batch('standard', 1), batch('standard', 2)], 1, w.write, () => {});
    await tick();
    expect(w.started).toEqual([1]);
    w.finish.get(1)!();
    await tick();
    w.finish.get(2)!();
    expect((await running).done).toBe(4);
  });

  it('a failed batch: nothing new starts; the one already in flight settles and is counted', async () => {
    const w = controlledWrite();
    const progress: number[] = [];
    const batches = [1, 2, 3, 4].map((n) => batch('standard', n));
    const running = runBatches(batches, 2, w.write, (_kind, done) => progress.push(done));
    await tick();
    w.finish.get(1)!(new Error('connection lost'));
    await tick();
    expect(w.started).toEqual([1, 2]);
    w.finish.get(2)!();
    const run = await running;
    expect(run).toMatchObject({ failed: true, error: new Error('connection lost'), done: 2, results: [2] });
    expect(w.started).toEqual([1, 2]);
    expect(progress).toEqual([]);
  });
});
