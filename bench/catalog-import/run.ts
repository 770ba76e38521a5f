/**
 * Benchmark of the catalogue import: `node bench/catalog-import/run.ts [--rows 10000]`
 * (`--rows 100000` for the full run, `--skip-pglite` for PostgreSQL only).
 *
 *  1. Writes N standards as the import's CSV to a temporary file (plus 5 publishers, 30 industry areas and 60
 *     committees, imported first, untimed).
 *  2. PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a throw-away database
 *     created beside it and dropped at the end, also on failure): the import of the file into an empty
 *     catalogue (stream → parseCatalogCsv → applyCatalogImport: plan, then upserts in batches of 2,000), the
 *     same file again (every row unchanged), a file where 1% of the standards have a new edition (events
 *     recorded); and the reference: `COPY … FROM STDIN (FORMAT csv)` of the same file into a plain table of
 *     the same columns, before and after the imports.
 *  3. The same three imports on PGlite (in-process WASM, in memory).
 *  Before these, the import's first step alone (the file read, parsed and every row checked; no database):
 *  the ceiling of any import that checks each cell in Node, beside the goal.
 *  Prints rows/s, the RSS peak of each phase, the ratio of the import to COPY (goal ≥ 0.3×) and the process's
 *  maxRSS. Asserts nothing but that each import did what it should (else it stops, saying so).
 */
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  applyCatalogImport,
  type DatabaseHandle,
  migrate,
  parseCatalogCsv,
  upsertTenant,
} from '@trackwell/db';
import { buildTenantDefinition, EVERY_MATCHING_RULE } from '@trackwell/db/testing';
import { setupRows, writeStandardsCsv } from './data.ts';
import { onMemoryPglite, onThrowAwayPostgres } from './databases.ts';
import { copyReference, log, maxRss, measure, type Phase, rate } from './measure.ts';

const { values: args } = parseArgs({
  options: { rows: { type: 'string', default: '10000' }, 'skip-pglite': { type: 'boolean', default: false } },
});
const ROWS = Number(args.rows);
const RULES = EVERY_MATCHING_RULE;

type Files = { fresh: string; editions: string };

async function importFile(
  db: DatabaseHandle,
  tenantId: string,
  file: string,
  expect: (t: Totals) => boolean,
) {
  const parsed = await parseCatalogCsv(createReadStream(file));
  const applied = await applyCatalogImport(db, tenantId, parsed, { rules: RULES });
  if (applied.outcome !== 'applied' || !expect(applied.totals))
    throw new Error(`import ${applied.outcome}: ${JSON.stringify(applied.totals)} ${applied.message ?? ''}`);
  return applied;
}
type Totals = { new: number; changed: number; unchanged: number; error: number };

/** The three imports on one engine: new catalogue, unchanged, 1% new editions. */
async function importPhases(engine: string, db: DatabaseHandle, files: Files): Promise<Phase[]> {
  await migrate(db);
  const tenant = await db.transaction((tx) =>
    upsertTenant(tx, buildTenantDefinition({ code: 'benchimport' })),
  );
  const setup = setupRows().map((value, i) => ({ row: i + 1, value }));
  await applyCatalogImport(db, tenant.id, { rows: setup, errors: [], complete: true }, { rules: RULES });
  const fresh = await measure(`${engine}: import into an empty catalogue`, ROWS, () =>
    importFile(db, tenant.id, files.fresh, (t) => t.new === ROWS),
  );
  const again = await measure(`${engine}: the same file again (all unchanged)`, ROWS, () =>
    importFile(db, tenant.id, files.fresh, (t) => t.unchanged === ROWS),
  );
  let events = 0;
  const editions = await measure(`${engine}: 1% new editions (events recorded)`, ROWS, async () => {
    const applied = await importFile(
      db,
      tenant.id,
      files.editions,
      (t) => t.changed === Math.ceil(ROWS / 100),
    );
    events = applied.events.length;
  });
  log(`  ${engine}: ${events.toLocaleString('en')} new_edition events recorded`);
  return [fresh, again, editions];
}

type PostgresRun = { phases: Phase[]; copies: Phase[]; catalogueCopies: Phase[] };

/** Both COPY references, once. */
async function copies(url: string, file: string, tenantId: string, round: number) {
  const plain = await measure(`reference: COPY into a plain table, round ${round}`, ROWS, () =>
    copyReference(url, file, 'plain'),
  );
  const catalogue = await measure(`reference: COPY into a standards-like table, round ${round}`, ROWS, () =>
    copyReference(url, file, { catalogueOf: tenantId }),
  );
  return { plain, catalogue };
}

async function onPostgres(files: Files): Promise<PostgresRun> {
  return onThrowAwayPostgres('trackwell_bench_import', async (db, url) => {
    log('\nPostgreSQL');
    await migrate(db);
    const copyTenant = await db.transaction((tx) =>
      upsertTenant(tx, buildTenantDefinition({ code: 'copyref' })),
    );
    const first = await copies(url, files.fresh, copyTenant.id, 1);
    const phases = await importPhases('PostgreSQL', db, files);
    const second = await copies(url, files.fresh, copyTenant.id, 2);
    return {
      phases,
      copies: [first.plain, second.plain],
      catalogueCopies: [first.catalogue, second.catalogue],
    };
  });
}

async function onPglite(files: Files): Promise<Phase[]> {
  log('\nPGlite (in-process WASM, in memory)');
  return onMemoryPglite((db) => importPhases('PGlite', db, files));
}

const meanRate = (phases: Phase[]) => phases.reduce((sum, c) => sum + rate(c), 0) / phases.length;

/** The import's first step alone: stream → parse → every row checked, nothing written. */
async function parseOnly(file: string): Promise<Phase> {
  log('\nNo database');
  return measure('read, parse and check the file only', ROWS, async () => {
    const parsed = await parseCatalogCsv(createReadStream(file));
    if (parsed.rows.length !== ROWS || parsed.errors.length > 0)
      throw new Error(`parse: ${parsed.rows.length} rows, ${parsed.errors.length} errors`);
  });
}

function summary(
  { phases: pgPhases, copies, catalogueCopies }: PostgresRun,
  litePhases: Phase[],
  parse: Phase,
) {
  log('\nSummary');
  log(`  machine: ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}`);
  const copyRate = meanRate(copies);
  const ratio = rate(pgPhases[0]!) / copyRate;
  log(`  COPY reference, plain table (mean of 2): ${Math.round(copyRate).toLocaleString('en')} rows/s`);
  const catalogueRate = meanRate(catalogueCopies);
  log(
    `  COPY into a standards-like table (keys, indexes, title words; mean of 2): ` +
      `${Math.round(catalogueRate).toLocaleString('en')} rows/s; the import is ` +
      `${(rate(pgPhases[0]!) / catalogueRate).toFixed(2)}× of it`,
  );
  log(
    `  import / COPY on PostgreSQL: ${Math.round(rate(pgPhases[0]!)).toLocaleString('en')} rows/s = ` +
      `${ratio.toFixed(2)}× (goal ≥ 0.3) ${ratio >= 0.3 ? 'met' : 'NOT met'}`,
  );
  log(
    `  reading, parsing and checking the file alone (no database): ${Math.round(rate(parse)).toLocaleString('en')} rows/s = ` +
      `${(rate(parse) / copyRate).toFixed(2)}× the plain COPY: no import that checks every cell in Node can go faster`,
  );
  if (litePhases[0]) {
    const lite = rate(litePhases[0]);
    log(
      `  import on PGlite: ${Math.round(lite).toLocaleString('en')} rows/s = ${(lite / copyRate).toFixed(2)}× PostgreSQL COPY`,
    );
  }
  const peak = Math.max(...[...pgPhases, ...litePhases].map((p) => p.rssPeak));
  log(`  RSS peak during the imports: ${(peak / 1024 / 1024).toFixed(0)} MB; process maxRSS ${maxRss()}`);
}

async function main() {
  log(
    `Trackwell catalog-import benchmark — ${new Date().toISOString()}, Node ${process.version}, ${ROWS.toLocaleString('en')} standards`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'trackwell-import-bench-'));
  const files = { fresh: join(dir, 'standards.csv'), editions: join(dir, 'standards-editions.csv') };
  try {
    await writeStandardsCsv(files.fresh, ROWS);
    await writeStandardsCsv(files.editions, ROWS, (i) => (i % 100 === 0 ? 2024 : 2022));
    const parse = await parseOnly(files.fresh);
    const pgRun = await onPostgres(files);
    const litePhases = args['skip-pglite'] ? [] : await onPglite(files);
    summary(pgRun, litePhases, parse);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) await main();
