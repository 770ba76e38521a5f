/**
 * Benchmark of the catalogue import: `node bench/catalog-import/run.ts [--rows 10000]`
 * (`--rows 100000` for the full run, `--skip-pglite` for PostgreSQL only, `--skip-postgres` for PGlite only,
 * `--pglite-memory` for PGlite in memory instead of in a data directory).
 *
 *  1. Writes N standards as the import's CSV to a temporary file (plus 5 publishers, 30 industry areas and 60
 *     committees, imported first, untimed), and the same standards as rows of the `standards` table.
 *  2. PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; throw-away databases
 *     created beside it and dropped at the end, also on failure): the import of the file into an empty
 *     catalogue (stream → parseCatalogCsv → applyCatalogImport: plan, then upserts in batches of 2,000), the
 *     same file again (every row unchanged), a file where 1% of the standards have a new edition (events
 *     recorded); and the reference: `COPY standards FROM STDIN (FORMAT csv)` of the same standards into the
 *     real `standards` table of a second freshly migrated database (its keys, indexes, title vector and
 *     title-word trigger), before and after the imports.
 *  3. The same three imports on PGlite, in a child process of its own (so that its RSS is its own, not what
 *     the PostgreSQL phases left in this process's heap), on a data directory as the server keeps it
 *     (DATA_DIR), or in memory with `--pglite-memory`.
 *  Before these, the import's first step alone (the file read, parsed and every row checked; no database).
 *  Prints rows/s, the RSS peak of each phase, the ratio of the import to the COPY reference (goal ≥ 0.8×) and
 *  the processes' maxRSS. Asserts nothing but that each import did what it should (else it stops, saying so).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { applyCatalogImport, type DatabaseHandle, migrate, openDatabase, upsertTenant } from '@trackwell/db';
import { parseCatalogCsv } from '@trackwell/db/catalog-import';
import { buildTenantDefinition, EVERY_MATCHING_RULE } from '@trackwell/db/testing';
import pg from 'pg';
import { report, times } from '../report.ts';
import { setupRows, writeStandardsCsv, writeStandardsTableCsv } from './data.ts';
import {
  copyIntoStandards,
  emptyStandards,
  log,
  maxRss,
  mb,
  measure,
  type Phase,
  rate,
  settle,
} from './measure.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000' },
    'skip-pglite': { type: 'boolean', default: false },
    'skip-postgres': { type: 'boolean', default: false },
    'pglite-memory': { type: 'boolean', default: false },
    /** Internal: run the PGlite phases on the files of this directory, write them to its pglite.json. */
    'pglite-child': { type: 'string' },
    /** Internal, with pglite-child: create and migrate the data directory only. */
    prepare: { type: 'boolean', default: false },
  },
});
const ROWS = Number(args.rows);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const RULES = EVERY_MATCHING_RULE;

type Files = { fresh: string; editions: string; table: string };

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

/** A migrated database with a tenant holding the benchmark's publishers, industry areas and committees. */
async function catalogueTenant(db: DatabaseHandle, code: string) {
  await migrate(db);
  const tenant = await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition({ code })));
  const setup = setupRows().map((value, i) => ({ row: i + 1, value }));
  await applyCatalogImport(db, tenant.id, { rows: setup, errors: [], complete: true }, { rules: RULES });
  return tenant;
}

/** Rounds of (COPY reference, import into an empty catalogue) on PostgreSQL: the ratio is their median. */
const ROUNDS = 3;

interface EnginePhases {
  /** The imports into an empty catalogue (one per round; the catalogue emptied before each after the first). */
  fresh: Phase[];
  again: Phase;
  editions: Phase;
}

/**
 * The imports on one engine: into an empty catalogue (`rounds` times, each after `reference(round)`, the COPY
 * it is compared with, so both run under the same load), then the same file again (unchanged) and the 1%-new-
 * editions file.
 */
async function importPhases(
  engine: string,
  db: DatabaseHandle,
  files: Files,
  { rounds = 1, reference }: { rounds?: number; reference?: (round: number) => Promise<unknown> } = {},
): Promise<EnginePhases> {
  const tenant = await catalogueTenant(db, 'benchimport');
  const fresh: Phase[] = [];
  for (let round = 1; round <= rounds; round++) {
    await reference?.(round);
    if (round > 1) await db.exec('TRUNCATE standards CASCADE'); // untimed: an empty catalogue again
    const label = rounds > 1 ? `, round ${round}` : '';
    fresh.push(
      await measure(`${engine}: import into an empty catalogue${label}`, ROWS, () =>
        importFile(db, tenant.id, files.fresh, (t) => t.new === ROWS),
      ),
    );
  }
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
  return { fresh, again, editions };
}

type PostgresRun = EnginePhases & { copies: Phase[] };

/** The COPY reference, once: into the emptied `standards` of the reference database. */
async function copyRound(url: string, file: string, round: number) {
  await emptyStandards(url);
  return measure(`reference: COPY into standards, round ${round}`, ROWS, () => copyIntoStandards(url, file));
}

async function onPostgres(files: Files): Promise<PostgresRun> {
  const importDb = `trackwell_bench_import_${process.pid}`;
  const copyDb = `trackwell_bench_copy_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const urlOf = (name: string) => Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
  let db: DatabaseHandle | undefined;
  try {
    await admin.query(`CREATE DATABASE ${importDb}`);
    await admin.query(`CREATE DATABASE ${copyDb}`);
    const reference = await openDatabase({ url: urlOf(copyDb), poolSize: 1 });
    try {
      const tenant = await catalogueTenant(reference, 'copyref');
      await writeStandardsTableCsv(files.table, ROWS, tenant.id);
    } finally {
      await reference.close();
    }
    db = await openDatabase({ url: urlOf(importDb), poolSize: 4 });
    log('\nPostgreSQL');
    const copies: Phase[] = [];
    const phases = await importPhases('PostgreSQL', db, files, {
      rounds: ROUNDS,
      reference: async (round) => copies.push(await copyRound(urlOf(copyDb), files.table, round)),
    });
    return { ...phases, copies };
  } finally {
    await db?.close();
    for (const name of [importDb, copyDb]) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** The PGlite phases, in this process (the child's side). */
async function pglitePhases(files: Files, dir: string): Promise<EnginePhases> {
  const memory = args['pglite-memory'];
  log(`\nPGlite (in-process WASM, ${memory ? 'in memory' : 'in a data directory'}; a process of its own)`);
  const db = await openDatabase(memory ? { memory: true } : { dataDir: join(dir, 'pglite') });
  try {
    await catalogueTenant(db, 'benchimport');
    log(`  PGlite opened and migrated; RSS peak while V8 compiles its WebAssembly: ${mb(await settle())}`);
    return await importPhases('PGlite', db, files);
  } finally {
    await db.close();
  }
}

/**
 * Node's own flags as `npm start` runs the server (the root package.json's `start`: `--max-semi-space-size=8`,
 * two semi-spaces of at most 8 MB for the young generation, and `--heap-growing-percent=50`, the old generation
 * collected once it grew half its live size), for the PGlite child: on PGlite the server's process is the one that
 * imports. Run without the first, a 100,000-row file grows V8's young generation to 2 × 64 MB, its default limit here (the parse
 * keeps every row, and V8 grows the young generation while most of what it allocates survives); without the
 * second, V8 lets the old generation grow to 2–4× its live size before a full collection, and keeps the pages it
 * grew to (README, 2026-11-29, night).
 */
function serverNodeFlags(): string[] {
  const root = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  const start = String(root.scripts.start);
  return start.split(/\s+/).filter((word) => word.startsWith('--'));
}

async function runChild(dir: string, ...more: string[]) {
  const memory = args['pglite-memory'] ? ['--pglite-memory'] : [];
  const child = spawn(
    process.execPath,
    [
      ...process.execArgv,
      ...serverNodeFlags(),
      import.meta.filename,
      '--rows',
      String(ROWS),
      '--pglite-child',
      dir,
      ...memory,
      ...more,
    ],
    { stdio: 'inherit' },
  );
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`the PGlite phases stopped (exit code ${code})`);
}

/**
 * The PGlite phases in a child process: their RSS peaks are the child's, with its maxRSS. A data directory is
 * created and migrated by another child first, as a server's exists before an import: creating one runs
 * initdb, whose memory is no import's.
 */
async function onPglite(dir: string): Promise<PgliteRun> {
  if (!args['pglite-memory']) await runChild(dir, '--prepare');
  await runChild(dir);
  return JSON.parse(readFileSync(join(dir, 'pglite.json'), 'utf8'));
}

type PgliteRun = { phases: EnginePhases; maxRss: string };

const allOf = (p: EnginePhases) => [...p.fresh, p.again, p.editions];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rowsPerSecond = (value: number) => `${Math.round(value).toLocaleString('en')} rows/s`;

/** The import's first step alone: stream → parse → every row checked, nothing written. */
async function parseOnly(file: string): Promise<Phase> {
  log('\nNo database');
  return measure('read, parse and check the file only', ROWS, async () => {
    const parsed = await parseCatalogCsv(createReadStream(file));
    if (parsed.rows.length !== ROWS || parsed.errors.length > 0)
      throw new Error(`parse: ${parsed.rows.length} rows, ${parsed.errors.length} errors`);
  });
}

function summary(run: PostgresRun | undefined, lite: PgliteRun | undefined, parse: Phase) {
  log('\nSummary');
  log(`  machine: ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}`);
  if (run) postgresSummary(run);
  log(`  reading, parsing and checking the file alone (no database): ${rowsPerSecond(rate(parse))}`);
  if (lite) pgliteSummary(lite);
}

function postgresSummary(run: PostgresRun) {
  // Each round's import against the COPY just before it (the same load); the median of the rounds.
  const ratios = run.fresh.map((p, i) => rate(p) / rate(run.copies[i]!));
  const ratio = median(ratios);
  const importRate = median(run.fresh.map(rate));
  const copyRate = median(run.copies.map(rate));
  log(
    `  COPY into standards (keys, foreign keys, indexes, title vector, title words; median of ${ROUNDS}): ` +
      rowsPerSecond(copyRate),
  );
  log(
    `  import / COPY on PostgreSQL, per round: ${ratios.map((r) => `${r.toFixed(2)}×`).join(', ')}; median ` +
      `${ratio.toFixed(2)}× (goal ≥ 0.8) ${ratio >= 0.8 ? 'met' : 'NOT met'}; import ${rowsPerSecond(importRate)} (median)`,
  );
  report({
    what: `catalogue import / PostgreSQL COPY of the same CSV (${ROWS.toLocaleString('en')} rows)`,
    figure: `${times(ratio)} (median of ${ROUNDS} rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')})`,
    goal: '≥ 0.8×',
    met: ratio >= 0.8,
    reference: `COPY ${rowsPerSecond(copyRate)} (median of ${ROUNDS})`,
  });
  const mbOf = (phases: Phase[]) =>
    `${(Math.max(...phases.map((p) => p.rssPeak)) / 1024 / 1024).toFixed(0)} MB`;
  log(`  PostgreSQL: RSS peak during the imports ${mbOf(allOf(run))}; process maxRSS ${maxRss()}`);
}

function pgliteSummary(lite: PgliteRun) {
  const peak = Math.max(...allOf(lite.phases).map((p) => p.rssPeak)) / 1024 / 1024;
  log(
    `  PGlite: ${rowsPerSecond(rate(lite.phases.fresh[0]!))} into an empty catalogue; ` +
      `RSS peak during the imports ${peak.toFixed(0)} MB (goal ≤ 600) ${peak <= 600 ? 'met' : 'NOT met'}; ` +
      `its process's maxRSS ${lite.maxRss} (with opening and migrating the database)`,
  );
  report({
    what: `catalogue import on PGlite, resident memory peak (${ROWS.toLocaleString('en')} rows)`,
    figure: `${peak.toFixed(0)} MB`,
    goal: '≤ 600 MB',
    met: peak <= 600,
    reference: '—',
  });
}

async function main() {
  const child = args['pglite-child'];
  if (child && args.prepare) {
    const db = await openDatabase({ dataDir: join(child, 'pglite') });
    await catalogueTenant(db, 'benchimport').finally(() => db.close());
    return;
  }
  if (child) {
    const files = filesIn(child);
    const phases = await pglitePhases(files, child);
    writeFileSync(join(child, 'pglite.json'), JSON.stringify({ phases, maxRss: maxRss() }));
    return;
  }
  log(
    `Trackwell catalog-import benchmark — ${new Date().toISOString()}, Node ${process.version}, ${ROWS.toLocaleString('en')} standards`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'trackwell-import-bench-'));
  const files = filesIn(dir);
  try {
    await writeStandardsCsv(files.fresh, ROWS);
    await writeStandardsCsv(files.editions, ROWS, (i) => (i % 100 === 0 ? 2024 : 2022));
    const parse = await parseOnly(files.fresh);
    const pgRun = args['skip-postgres'] ? undefined : await onPostgres(files);
    const lite = args['skip-pglite'] ? undefined : await onPglite(dir);
    summary(pgRun, lite, parse);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const filesIn = (dir: string): Files => ({
  fresh: join(dir, 'standards.csv'),
  editions: join(dir, 'standards-editions.csv'),
  table: join(dir, 'standards-table.csv'),
});

if (import.meta.main) await main();
