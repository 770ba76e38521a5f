import type {
  CatalogEventKind,
  CatalogImportKind,
  CatalogImportRow,
  ImportRowOf,
} from '@trackwell/contracts';
import { isNamedOnly } from '../catalog-import/rows.ts';
import type { SqlExecutor } from '../client.ts';
import { type StandardRow, standardChange } from './catalog-changes.ts';
import type { ImportedChange } from './catalog-events.ts';
import {
  changedFields,
  type ExistingEntry,
  importEventKind,
  keyOf,
  type PlannedRow,
  readExistingEntries,
} from './catalog-import-plan.ts';

/**
 * The writing half of a catalogue import: one batch of rows of one kind, inside the caller's transaction.
 * The rows the plan found changed are read again, locked (FOR UPDATE), so what changed is judged against the
 * catalogue as it is now, not as the plan saw it; only new and changed rows are written, with one
 * `INSERT … SELECT FROM unnest(…) ON CONFLICT DO UPDATE` per kind. Answers the catalogue change events the
 * batch makes (which: `importEventKind` in catalog-import-plan.ts, so the dry run says the same), for
 * catalog-events.ts to record.
 */

const LIST_CELL = ';';

/** Simple kinds: columns in field order, one statement. */
const SIMPLE_UPSERT: Record<'publisher' | 'industry_area' | 'committee', { fields: string[]; sql: string }> =
  {
    publisher: {
      fields: ['code', 'name'],
      sql: `INSERT INTO publishers (tenant_id, code, name) SELECT $1, * FROM unnest($2::text[], $3::text[])
          ON CONFLICT (tenant_id, code) DO UPDATE SET name = EXCLUDED.name`,
    },
    industry_area: {
      fields: ['marketingCode', 'codeName'],
      sql: `INSERT INTO industry_areas (tenant_id, marketing_code, code_name)
          SELECT $1, * FROM unnest($2::text[], $3::text[])
          ON CONFLICT (tenant_id, marketing_code) DO UPDATE SET code_name = EXCLUDED.code_name`,
    },
    committee: {
      fields: ['designation', 'title', 'publisherCode'],
      sql: `INSERT INTO committees (tenant_id, designation, title, publisher_code)
          SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[])
          ON CONFLICT (tenant_id, designation)
          DO UPDATE SET title = EXCLUDED.title, publisher_code = EXCLUDED.publisher_code`,
    },
  };

/** Publishers and committees an STS file only names: created when missing, the store's own left as they are. */
const CREATE_ONLY: Record<'publisher' | 'committee', string> = {
  publisher: `INSERT INTO publishers (tenant_id, code, name) SELECT $1, * FROM unnest($2::text[], $3::text[])
              ON CONFLICT DO NOTHING`,
  committee: `INSERT INTO committees (tenant_id, designation, title, publisher_code)
              SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[]) ON CONFLICT DO NOTHING`,
};

const column = (rows: CatalogImportRow[], field: string) =>
  rows.map((r) => (r as unknown as Record<string, string>)[field]);

/** The standard's scalar fields, in the INSERT's column order (the lists and the titles go their own way). */
const STANDARD_FIELDS = [
  'contentCode',
  'assetId',
  'designation',
  'title',
  'publisherCode',
  'committeeDesignation',
  'status',
  'edition',
  'publishedOn',
  'publishedPrecision',
  'adopts',
  'replacedBy',
  'supplementOf',
  'stageCode',
  'confirmedOn',
  'confirmedPrecision',
] as const;

async function upsertStandards(tx: SqlExecutor, tenantId: string, rows: ImportRowOf<'standard'>[]) {
  const { rows: written } = await tx.query<{ id: number; content_code: string }>(
    `INSERT INTO standards (tenant_id, content_code, asset_id, designation, title, publisher_code,
                            committee_designation, status, edition, published_on, published_precision,
                            adopts_content_code, replaced_by_content_code, supplement_of, stage_code,
                            confirmed_on, confirmed_precision, titles, ics_codes)
     SELECT $1, u.c, u.a, u.d, u.t, u.p, u.cm, u.st, u.e, u.po, u.pp, u.ad, u.rb, u.so, u.sc, u.co, u.cp,
            u.ti::jsonb, COALESCE(string_to_array(NULLIF(u.ics, ''), '${LIST_CELL}'), '{}')
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                   $9::text[], $10::date[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[],
                   $16::date[], $17::text[], $18::text[], $19::text[])
            AS u(c, a, d, t, p, cm, st, e, po, pp, ad, rb, so, sc, co, cp, ti, ics)
     ON CONFLICT (tenant_id, content_code) DO UPDATE SET
       asset_id = EXCLUDED.asset_id, designation = EXCLUDED.designation, title = EXCLUDED.title,
       publisher_code = EXCLUDED.publisher_code, committee_designation = EXCLUDED.committee_designation,
       status = EXCLUDED.status, edition = EXCLUDED.edition, published_on = EXCLUDED.published_on,
       published_precision = EXCLUDED.published_precision, adopts_content_code = EXCLUDED.adopts_content_code,
       titles = EXCLUDED.titles, ics_codes = EXCLUDED.ics_codes,
       updated_at = now(),
       -- A link is recorded, never cleared by a row that does not name one.
       replaced_by_content_code = COALESCE(EXCLUDED.replaced_by_content_code, standards.replaced_by_content_code),
       supplement_of = COALESCE(EXCLUDED.supplement_of, standards.supplement_of),
       -- A stage and a confirmation date too: a row without one (a file with no such column) keeps the stored one,
       -- as the dry run reports it (unchanged).
       stage_code = COALESCE(EXCLUDED.stage_code, standards.stage_code),
       confirmed_precision = CASE WHEN EXCLUDED.confirmed_on IS NULL THEN standards.confirmed_precision
                                  ELSE EXCLUDED.confirmed_precision END,
       confirmed_on = COALESCE(EXCLUDED.confirmed_on, standards.confirmed_on)
     RETURNING id, content_code`,
    [
      tenantId,
      ...STANDARD_FIELDS.map((f) => rows.map((r) => r[f] ?? null)),
      rows.map((r) => JSON.stringify(r.titles)),
      rows.map((r) => r.icsCodes.join(LIST_CELL)),
    ],
  );
  return new Map(written.map((w) => [w.content_code, Number(w.id)]));
}

/** Sets the industry areas of new standards and replaces those of standards whose areas changed. */
async function replaceIndustryAreas(
  tx: SqlExecutor,
  tenantId: string,
  { replaced, ids, areas }: { replaced: number[]; ids: number[]; areas: string[] },
) {
  if (ids.length === 0) return;
  if (replaced.length > 0)
    await tx.query(
      'DELETE FROM standard_industry_areas WHERE tenant_id = $1 AND standard_id = ANY($2::bigint[])',
      [tenantId, replaced],
    );
  await tx.query(
    `INSERT INTO standard_industry_areas (tenant_id, standard_id, marketing_code)
     SELECT $1, u.id, a.code
       FROM unnest($2::bigint[], $3::text[]) AS u(id, areas),
            unnest(string_to_array(u.areas, '${LIST_CELL}')) AS a(code)
      WHERE u.areas <> ''
     ON CONFLICT DO NOTHING`,
    [tenantId, ids, areas],
  );
}

const asStandardRow = (id: number, s: Record<string, unknown>): StandardRow => ({
  id,
  asset_id: s.assetId as string,
  designation: s.designation as string,
  title: s.title as string,
  titles: s.titles as Record<string, string> | undefined,
  status: s.status as string,
  edition: s.edition as string,
  published_on: s.publishedOn as string,
  committee_designation: (s.committeeDesignation as string | undefined) ?? null,
  publisher_code: s.publisherCode as string,
});

type Written = { planned: PlannedRow; value: CatalogImportRow; existing?: ExistingEntry };

/**
 * Who wrote the rows: an import run (the console's Catalogue import, `catalog:import`), or one standard edited in
 * the console (a one-row write). Its source is the recorded events' source (the console API's changes list
 * gives it).
 */
export interface ImportOrigin {
  source: ImportedChange['source'];
  runId: string;
}

const eventId = ({ source, runId }: ImportOrigin, kind: CatalogEventKind, key: string) =>
  `${source}:${runId}:${kind}:${key}`;
const payloadOf = ({ source, runId }: ImportOrigin, w: Written) => ({
  source,
  runId,
  row: w.planned.row,
  key: keyOf(w.value),
  changes: w.existing ? changedFields(w.value, w.existing) : [],
});

/**
 * The successors the batch's rows name, by content code (one query). They are in the store by now: the rows
 * that name one are written after every other standard (catalog-import-batches.ts).
 */
async function readSuccessors(tx: SqlExecutor, tenantId: string, written: Written[]) {
  const codes = written.flatMap((w) => {
    const code = (w.value as ImportRowOf<'standard'>).replacedBy;
    return code ? [code] : [];
  });
  if (codes.length === 0) return new Map<string, { id: number; asset_id: string; designation: string }>();
  const { rows } = await tx.query<{
    id: number;
    content_code: string;
    asset_id: string;
    designation: string;
  }>(
    `SELECT id, content_code, asset_id, designation FROM standards
      WHERE tenant_id = $1 AND content_code = ANY($2::text[])`,
    [tenantId, codes],
  );
  return new Map(rows.map((r) => [r.content_code, { ...r, id: Number(r.id) }]));
}

async function writeStandards(tx: SqlExecutor, tenantId: string, written: Written[], origin: ImportOrigin) {
  const rows = written.map((w) => w.value as ImportRowOf<'standard'>);
  const ids = await upsertStandards(tx, tenantId, rows);
  const areasChanged = written.filter(
    (w) => !w.existing || changedFields(w.value, w.existing).some((c) => c.field === 'industry_areas'),
  );
  await replaceIndustryAreas(tx, tenantId, {
    replaced: areasChanged.filter((w) => w.existing).map((w) => ids.get(keyOf(w.value))!),
    ids: areasChanged.map((w) => ids.get(keyOf(w.value))!),
    areas: areasChanged.map((w) => (w.value as ImportRowOf<'standard'>).industryAreas.join(LIST_CELL)),
  });
  const changes: ImportedChange[] = [];
  const successors = await readSuccessors(tx, tenantId, written);
  for (const w of written) {
    const after = w.value as ImportRowOf<'standard'>;
    const kind = w.existing && importEventKind(after, w.existing);
    if (!kind || !w.existing) continue;
    const id = ids.get(after.contentCode)!;
    const standard = standardChange(asStandardRow(id, w.existing), asStandardRow(id, after));
    const next = kind === 'withdrawal' && after.replacedBy ? successors.get(after.replacedBy) : undefined;
    const successor = next && {
      from: { assetId: after.assetId, designation: after.designation },
      to: { assetId: next.asset_id, designation: next.designation },
    };
    changes.push({
      publisherEventId: eventId(origin, kind, after.contentCode),
      source: origin.source,
      kind,
      standardId: id,
      payload: payloadOf(origin, w),
      change: { kind, standard, ...(successor ? { successor } : {}) },
      ...(next && next.id !== id ? { succession: { standardId: id, successorId: next.id } } : {}),
    });
  }
  return changes;
}

async function writeWorkItems(tx: SqlExecutor, tenantId: string, written: Written[], origin: ImportOrigin) {
  const rows = written.map((w) => w.value as ImportRowOf<'work_item'>);
  const { rows: ids } = await tx.query<{ id: number; work_item_number: string }>(
    `INSERT INTO work_items (tenant_id, work_item_number, title, committee_designation, status, created_on)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::date[])
     ON CONFLICT (tenant_id, work_item_number) DO UPDATE SET
       title = EXCLUDED.title, committee_designation = EXCLUDED.committee_designation,
       status = EXCLUDED.status, created_on = EXCLUDED.created_on, updated_at = now()
     RETURNING id, work_item_number`,
    [
      tenantId,
      ...['workItemNumber', 'title', 'committeeDesignation', 'status', 'createdOn'].map((f) =>
        column(rows, f),
      ),
    ],
  );
  const idOf = new Map(ids.map((r) => [r.work_item_number, Number(r.id)]));
  return written.flatMap((w): ImportedChange[] => {
    const after = w.value as ImportRowOf<'work_item'>;
    if (!w.existing || !importEventKind(after, w.existing)) return [];
    const kind = 'work_item_status_change';
    const workItem = {
      number: after.workItemNumber,
      title: after.title,
      committee: after.committeeDesignation,
      oldStatus: w.existing.status as string,
      status: after.status,
    };
    return [
      {
        publisherEventId: eventId(origin, kind, after.workItemNumber),
        source: origin.source,
        kind,
        workItemId: idOf.get(after.workItemNumber)!,
        payload: payloadOf(origin, w),
        change: { kind, workItem },
      },
    ];
  });
}

/**
 * Writes one batch of one kind (new and changed rows); answers the change events it makes. Only rows the plan
 * found changed are read again (locked): a row it found new is inserted, or, if another writer added it
 * since, updated without an event. (Reading the new ones too would also scan a table whose statistics still
 * say empty during a first import: each batch slower than the last.)
 */
export async function writeImportBatch(
  tx: SqlExecutor,
  tenantId: string,
  kind: CatalogImportKind,
  batch: PlannedRow[],
  origin: ImportOrigin,
): Promise<ImportedChange[]> {
  const changedKeys = batch.filter((p) => p.outcome === 'changed').map((p) => keyOf(p.value!));
  const existing = await readExistingEntries(tx, tenantId, kind, changedKeys, { lock: true });
  const written: Written[] = [];
  for (const planned of batch) {
    const value = planned.value!;
    const before = existing.get(keyOf(value));
    if (!before || changedFields(value, before).length > 0)
      written.push({ planned, value, existing: before });
  }
  if (written.length === 0) return [];
  if (kind === 'standard') return writeStandards(tx, tenantId, written, origin);
  if (kind === 'work_item') return writeWorkItems(tx, tenantId, written, origin);
  const { fields, sql } = SIMPLE_UPSERT[kind];
  const rows = written.map((w) => w.value).filter((r) => !isNamedOnly(r));
  const named = written.map((w) => w.value).filter(isNamedOnly);
  if (rows.length > 0) await tx.query(sql, [tenantId, ...fields.map((f) => column(rows, f))]);
  if (named.length > 0 && kind !== 'industry_area')
    await tx.query(CREATE_ONLY[kind], [tenantId, ...fields.map((f) => column(named, f))]);
  return [];
}
