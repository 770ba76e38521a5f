import { randomUUID } from 'node:crypto';
import type {
  CatalogEventKind,
  CatalogImportError,
  CatalogImportKind,
  ImportDryRun,
  ImportRowOutcome,
  ImportTotals,
  ParsedCatalogImport,
} from '@trackwell/contracts';
import type { DatabaseHandle, SqlExecutor } from '../client.ts';
import { recordImportedChanges } from './catalog-events.ts';
import { batchesOf, runBatches } from './catalog-import-batches.ts';
import { planCatalogImport } from './catalog-import-links.ts';
import type { PlannedRow } from './catalog-import-plan.ts';
import { writeImportBatch } from './catalog-import-write.ts';
import type { MatchingRules } from './event-matching.ts';
import { citationsOfImport, replaceStandardCitations } from './standard-citations.ts';

/**
 * Catalogue import: a parsed CSV or STS file (catalog-import/) against a tenant's catalogue.
 * `dryRunCatalogImport` says per row what applying would do and writes nothing; `applyCatalogImport` upserts
 * in batches, set-based, each batch its own transaction (so the embedded database keeps serving requests
 * between batches), and records a catalogue change event for each changed edition or status, matched to its
 * recipients in the batch's transaction.
 *
 * Policy: a file that could not be read to its end is never applied. A file with any row error applies
 * nothing (outcome 'refused') unless the caller asks `skipBadRows`: then every valid row is applied and the
 * refused ones are reported. Either way the run is recorded in `catalog_import_runs`.
 */

export const IMPORT_BATCH_SIZE = 2_000;
/** On PostgreSQL, batches of one kind written at once (each its own transaction and connection). */
export const IMPORT_BATCHES_IN_FLIGHT = 2;

export interface ImportProgress {
  /** The kind being written (publishers, industry areas, committees, standards, work items: in that order). */
  kind: CatalogImportKind;
  /** Valid rows handled so far, of `total`. */
  done: number;
  total: number;
}

export interface CatalogImportOptions {
  /** The tenant's matching rules (`matchingRulesOf(tenant)` in the server), for the events' recipients. */
  rules: MatchingRules;
  /** Apply the valid rows of a file that has row errors (default: apply nothing). */
  skipBadRows?: boolean;
  batchSize?: number;
  /** Rows judged against the store per read while planning (default 10,000; small in tests). */
  planChunk?: number;
  onProgress?: (progress: ImportProgress) => void;
}

export interface RecordedImportEvent {
  eventId: number;
  kind: CatalogEventKind;
  recipients: number;
  /** Webhook messages written for it. */
  webhooks: number;
}

export interface AppliedCatalogImport {
  runId: string;
  /** applied; refused (nothing written); failed (a database error stopped it: earlier batches stay). */
  outcome: 'applied' | 'refused' | 'failed';
  totals: ImportTotals;
  errors: CatalogImportError[];
  /** Events recorded: announce those with recipients (the notifications' dispatch) once this returns. */
  events: RecordedImportEvent[];
  /** Why it was refused or stopped, for people (no database text: that is `cause`, for the log). */
  message?: string;
  /** The error that stopped a failed import (log it; never show it). */
  cause?: unknown;
}

const byRow = (items: CatalogImportError[]) => {
  const map = new Map<number, CatalogImportError[]>();
  for (const e of items) map.set(e.row, [...(map.get(e.row) ?? []), e]);
  return map;
};

/**
 * The plan's rows and the parser's refusals, one outcome per row number, in file order; the parser's warnings
 * go with the row they are about (its standard, or its refusal).
 */
function outcomesOf(planned: PlannedRow[], parsed: ParsedCatalogImport): ImportRowOutcome[] {
  const warnings = byRow(parsed.warnings ?? []);
  const withWarnings = (o: ImportRowOutcome): ImportRowOutcome => {
    const read = o.row > 0 && (o.kind === null || o.kind === 'standard') ? warnings.get(o.row) : undefined;
    // The parser's notes, then the plan's (a link not recorded).
    const these = [...(read ?? []), ...(o.warnings ?? [])];
    return these.length > 0 ? { ...o, warnings: these } : o;
  };
  const refused: ImportRowOutcome[] = [...byRow(parsed.errors)].map(([row, errors]) => ({
    row,
    kind: null,
    key: null,
    outcome: 'error',
    errors,
  }));
  // A standard written only because a row replaces it is said with that row (its links), not listed.
  const rows = planned.filter((p) => !p.derived).map(({ value: _value, ...outcome }) => outcome);
  return [...rows, ...refused].sort((a, b) => a.row - b.row).map(withWarnings);
}

function totalsOf(outcomes: ImportRowOutcome[]): ImportTotals {
  const totals: ImportTotals = { new: 0, changed: 0, unchanged: 0, error: 0 };
  for (const o of outcomes) totals[o.outcome] += 1;
  return totals;
}

/**
 * The totals and every error (in row order) of a plan and the parser's refusals, as `outcomesOf` would
 * count them, without a second object per row: the apply needs no per-row outcome.
 */
function totalsAndErrorsOf(planned: PlannedRow[], parseErrors: CatalogImportError[]) {
  const totals: ImportTotals = { new: 0, changed: 0, unchanged: 0, error: 0 };
  const errors: CatalogImportError[] = [];
  for (const p of planned) {
    if (p.derived) continue;
    totals[p.outcome] += 1;
    if (p.errors) errors.push(...p.errors);
  }
  totals.error += new Set(parseErrors.map((e) => e.row)).size;
  errors.push(...parseErrors);
  errors.sort((a, b) => a.row - b.row); // stable: a row's errors keep their order
  return { totals, errors };
}

/** What applying the file would do, per row, and the totals. Reads only (one query per kind and chunk). */
export async function dryRunCatalogImport(
  db: SqlExecutor,
  tenantId: string,
  parsed: ParsedCatalogImport,
  { planChunk }: { planChunk?: number } = {},
): Promise<ImportDryRun> {
  const planned = await planCatalogImport(db, tenantId, parsed, { chunk: planChunk });
  const rows = outcomesOf(planned, parsed);
  return { rows, totals: totalsOf(rows) };
}

const MAX_RECORDED_ERRORS = 1_000;

async function recordImportRun(
  db: SqlExecutor,
  tenantId: string,
  run: AppliedCatalogImport & { skipBadRows: boolean; startedAt: Date },
) {
  await db.query(
    `INSERT INTO catalog_import_runs (id, tenant_id, outcome, skip_bad_rows, totals, errors, events, message,
                                      started_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      run.runId,
      tenantId,
      run.outcome,
      run.skipBadRows,
      JSON.stringify(run.totals),
      JSON.stringify(run.errors.slice(0, MAX_RECORDED_ERRORS)),
      run.events.length,
      run.message ?? null,
      run.startedAt,
    ],
  );
}

/**
 * PGlite runs PostgreSQL as one single-user process: no checkpointer, so nothing recycles the write-ahead
 * log while an import writes, and it grows with every batch (to 450 MB for 100,000 standards: in the
 * process's memory for an in-memory database, on disk otherwise). Between batches, a checkpoint once the log
 * since the last one passes this many bytes keeps it to a few segments.
 */
const PGLITE_WAL_PER_CHECKPOINT = 64 * 1024 * 1024;

async function checkpointIfDue(db: DatabaseHandle) {
  const { rows } = await db.query<{ due: boolean }>(
    `SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn) > $1 AS due FROM pg_control_checkpoint()`,
    [PGLITE_WAL_PER_CHECKPOINT],
  );
  if (rows[0]?.due) await db.query('CHECKPOINT');
}

/**
 * Applies a parsed import to the tenant's catalogue (see the policy above). Answers the totals of the plan,
 * every row error, and the change events recorded.
 */
export async function applyCatalogImport(
  db: DatabaseHandle,
  tenantId: string,
  parsed: ParsedCatalogImport,
  options: CatalogImportOptions,
): Promise<AppliedCatalogImport> {
  const startedAt = new Date();
  const skipBadRows = options.skipBadRows ?? false;
  const planned = await planCatalogImport(db, tenantId, parsed, { chunk: options.planChunk });
  const { totals, errors } = totalsAndErrorsOf(planned, parsed.errors);
  const run: AppliedCatalogImport = { runId: randomUUID(), outcome: 'applied', totals, errors, events: [] };
  if (!parsed.complete || (errors.length > 0 && !skipBadRows)) {
    run.outcome = 'refused';
    run.message = parsed.complete ? 'the file has row errors' : 'the file could not be read to its end';
  } else {
    const total = planned.filter((p) => p.outcome !== 'error').length;
    const inFlight = db.engine === 'postgres' ? IMPORT_BATCHES_IN_FLIGHT : 1;
    // A caller's own batch size is kept as it is; the default one is spread over the batches in flight.
    const batches = options.batchSize
      ? batchesOf(planned, options.batchSize)
      : batchesOf(planned, IMPORT_BATCH_SIZE, inFlight);
    const written = await runBatches(
      batches,
      inFlight,
      async (batch) => {
        if (db.engine === 'pglite') await checkpointIfDue(db);
        return db.transaction(async (tx) => {
          const changes = await writeImportBatch(tx, tenantId, batch.kind, batch.rows, {
            source: 'import',
            runId: run.runId,
          });
          return recordImportedChanges(tx, tenantId, changes, options.rules);
        });
      },
      (kind, done) => options.onProgress?.({ kind, done, total }),
    );
    run.events = written.results;
    // Citations of every valid row that names them (changed or not): the catalogue's rows exist by now.
    if (!written.failed) await replaceStandardCitations(db, tenantId, citationsOfImport(planned));
    if (written.failed) {
      run.outcome = 'failed';
      run.message =
        `a database error stopped the import after ${written.done} of ${total} rows; those stay applied, ` +
        'and applying the same file again completes it';
      run.cause = written.error;
    }
  }
  await recordImportRun(db, tenantId, { ...run, skipBadRows, startedAt });
  return run;
}

export interface CatalogImportRun {
  id: string;
  outcome: AppliedCatalogImport['outcome'];
  message: string | null;
  skipBadRows: boolean;
  totals: ImportTotals;
  events: number;
  errorCount: number;
  startedAt: string;
  finishedAt: string;
}

/** The tenant's latest import runs, newest first (their errors are read with the run, not listed here). */
export async function listCatalogImportRuns(
  db: SqlExecutor,
  tenantId: string,
  limit = 50,
): Promise<CatalogImportRun[]> {
  const { rows } = await db.query<CatalogImportRun>(
    `SELECT id, outcome, message, skip_bad_rows AS "skipBadRows", totals, events,
            jsonb_array_length(errors) AS "errorCount",
            to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "startedAt",
            to_char(finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "finishedAt"
       FROM catalog_import_runs WHERE tenant_id = $1 ORDER BY started_at DESC LIMIT $2`,
    [tenantId, limit],
  );
  return rows;
}
