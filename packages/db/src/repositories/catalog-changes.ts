import {
  type CatalogEvent,
  matchDesignation,
  type NotificationChange,
  parseDesignation,
  type StandardRef,
} from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';
import { MAX_STANDARDS_PER_DESIGNATION_KEY } from './catalog.ts';

/**
 * What each kind of publisher event does to a tenant's catalogue (standards, work items), inside the
 * caller's transaction: the row is locked, checked, changed, and the change the e-mail shows is answered.
 * A refused event throws CatalogEventError (its code is the API's `error`).
 */

export class CatalogEventError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'CatalogEventError';
    this.code = code;
  }
}

const STANDARD_COLUMNS =
  'id, asset_id, designation, title, titles, status, edition, published_on, committee_designation, publisher_code';

export type StandardRow = {
  id: number;
  asset_id: string;
  designation: string;
  title: string;
  /** By language; absent or empty where the catalogue has one title. */
  titles?: Record<string, string>;
  status: string;
  edition: string;
  published_on: string;
  committee_designation: string | null;
  publisher_code: string;
};

async function findStandardForUpdate(
  tx: SqlExecutor,
  tenantId: string,
  ref: StandardRef,
  errorCode = 'unknown_standard',
): Promise<StandardRow> {
  if ('designation' in ref)
    return findStandardByDesignationForUpdate(tx, tenantId, ref.designation, errorCode);
  const [column, value] =
    'contentCode' in ref ? ['content_code', ref.contentCode] : ['asset_id', ref.assetId];
  const { rows } = await tx.query<StandardRow>(
    `SELECT ${STANDARD_COLUMNS}
       FROM standards WHERE tenant_id = $1 AND ${column} = $2 FOR UPDATE`,
    [tenantId, value],
  );
  if (!rows[0]) throw new CatalogEventError(errorCode, `No standard ${value} in this catalogue.`);
  return rows[0];
}

/**
 * A publisher's reference by designation, by the one designation rule: the standards of its key
 * (standards_designation_key_idx), locked, then contracts' `matchDesignation`. A change must land on one
 * standard: one that several match equally is rejected, naming them.
 */
async function findStandardByDesignationForUpdate(
  tx: SqlExecutor,
  tenantId: string,
  designation: string,
  errorCode: string,
): Promise<StandardRow> {
  const key = parseDesignation(designation)?.key;
  const { rows } = key
    ? await tx.query<StandardRow>(
        `SELECT ${STANDARD_COLUMNS} FROM standards
          WHERE tenant_id = $1 AND designation_key(designation) = $2
          ORDER BY id LIMIT ${MAX_STANDARDS_PER_DESIGNATION_KEY} FOR UPDATE`,
        [tenantId, key],
      )
    : { rows: [] };
  const match = matchDesignation(designation, rows);
  if (match.outcome === 'matched') return match.standard;
  if (match.outcome === 'ambiguous') {
    const named = match.candidates.map((c) => c.designation).join(', ');
    throw new CatalogEventError(
      'ambiguous_standard',
      `${designation} names several standards (${named}): send the content code.`,
    );
  }
  throw new CatalogEventError(errorCode, `No standard ${designation} in this catalogue.`);
}

const today = () => new Date().toISOString().slice(0, 10);

async function requireCommittee(tx: SqlExecutor, tenantId: string, designation: string) {
  const { rows } = await tx.query('SELECT 1 FROM committees WHERE tenant_id = $1 AND designation = $2', [
    tenantId,
    designation,
  ]);
  if (!rows[0])
    throw new CatalogEventError('unknown_committee', `No committee ${designation} in this catalogue.`);
}

/** What the e-mail shows of a standard before and after (old values only where they differ). */
export const standardChange = (
  before: StandardRow | null,
  after: StandardRow,
): NotificationChange['standard'] => ({
  assetId: after.asset_id,
  title: after.title,
  ...(after.titles && Object.keys(after.titles).length > 0 ? { titles: after.titles } : {}),
  committee: after.committee_designation,
  publisher: after.publisher_code,
  oldDesignation: before && before.designation !== after.designation ? before.designation : null,
  designation: after.designation,
  oldStatus: before && before.status !== after.status ? before.status : null,
  status: after.status,
  edition: after.edition,
  date: after.published_on,
});

async function updateStandard(tx: SqlExecutor, tenantId: string, id: number, set: Record<string, string>) {
  const columns = Object.keys(set);
  const { rows } = await tx.query<StandardRow>(
    `UPDATE standards SET ${columns.map((c, i) => `${c} = $${i + 3}`).join(', ')}, updated_at = now()
      WHERE tenant_id = $1 AND id = $2
      RETURNING ${STANDARD_COLUMNS}`,
    [tenantId, id, ...Object.values(set)],
  );
  return rows[0]!;
}

export type CatalogueChange = {
  change: NotificationChange;
  standardId?: number;
  workItemId?: number;
  /** A standard replaced by another: recorded with the event, its trackers matched. */
  succession?: { standardId: number; successorId: number };
};

const ref = (s: StandardRow) => ({ assetId: s.asset_id, designation: s.designation });
/** The e-mail's old → new of a replacement, with the replaced edition and its publication date. */
const succession = (from: StandardRow, to: StandardRow) => ({
  change: { from: { ...ref(from), edition: from.edition, date: from.published_on }, to: ref(to) },
  ids: { standardId: from.id, successorId: to.id },
});
type EventOf<T extends CatalogEvent['type']> = Extract<CatalogEvent, { type: T }>;

async function addStandard(
  tx: SqlExecutor,
  tenantId: string,
  event: EventOf<'new_standard'>,
): Promise<CatalogueChange> {
  const s = event.standard;
  await requireCommittee(tx, tenantId, s.committeeDesignation);
  const replaced = event.replaces
    ? await findStandardForUpdate(tx, tenantId, event.replaces, 'unknown_replaces')
    : undefined;
  const pub = await tx.query('SELECT 1 FROM publishers WHERE tenant_id = $1 AND code = $2', [
    tenantId,
    s.publisherCode,
  ]);
  if (!pub.rows[0]) throw new CatalogEventError('unknown_publisher', `No publisher ${s.publisherCode}.`);
  const areas = await tx.query<{ marketing_code: string }>(
    'SELECT marketing_code FROM industry_areas WHERE tenant_id = $1 AND marketing_code = ANY($2::text[])',
    [tenantId, s.industryAreas],
  );
  const missing = s.industryAreas.filter((a) => !areas.rows.some((r) => r.marketing_code === a));
  if (missing.length > 0)
    throw new CatalogEventError('unknown_industry_area', `No industry area ${missing.join(', ')}.`);
  const { rows } = await tx.query<StandardRow>(
    `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code,
                            committee_designation, status, edition, published_on)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'active', $8, $9)
     ON CONFLICT DO NOTHING
     RETURNING ${STANDARD_COLUMNS}`,
    [
      tenantId,
      s.assetId,
      s.contentCode,
      s.designation,
      s.title,
      s.publisherCode,
      s.committeeDesignation,
      s.edition,
      s.publishedOn,
    ],
  );
  const row = rows[0];
  if (!row)
    throw new CatalogEventError(
      'standard_exists',
      `A standard ${s.contentCode} / ${s.assetId} already exists.`,
    );
  await tx.query(
    `INSERT INTO standard_industry_areas (tenant_id, standard_id, marketing_code)
     SELECT $1, $2, unnest($3::text[]) ON CONFLICT DO NOTHING`,
    [tenantId, row.id, s.industryAreas],
  );
  const change = { kind: event.type, standard: standardChange(null, row) };
  if (!replaced) return { change, standardId: row.id };
  await updateStandard(tx, tenantId, replaced.id, { status: 'historical' });
  const pair = succession(replaced, row);
  return { change: { ...change, successor: pair.change }, standardId: row.id, succession: pair.ids };
}

async function newEdition(tx: SqlExecutor, tenantId: string, event: EventOf<'new_edition'>) {
  const before = await findStandardForUpdate(tx, tenantId, event.standard);
  const after = await updateStandard(tx, tenantId, before.id, {
    designation: event.designation,
    edition: event.edition,
    published_on: event.publishedOn,
    status: 'active',
    ...(event.title ? { title: event.title } : {}),
  });
  return { change: { kind: event.type, standard: standardChange(before, after) }, standardId: after.id };
}

/** An amendment, an editorial change or a reaffirmation: a new date (and designation, when given). */
async function reviseStandard(
  tx: SqlExecutor,
  tenantId: string,
  event: EventOf<'amendment' | 'editorial_change' | 'reaffirmation'>,
) {
  const before = await findStandardForUpdate(tx, tenantId, event.standard);
  const after = await updateStandard(tx, tenantId, before.id, {
    ...(event.designation ? { designation: event.designation } : {}),
    published_on: event.publishedOn ?? today(),
  });
  const note = event.note ? { note: event.note } : {};
  return {
    change: { kind: event.type, standard: standardChange(before, after), ...note },
    standardId: after.id,
  };
}

async function setStandardStatus(
  tx: SqlExecutor,
  tenantId: string,
  event: EventOf<'withdrawal' | 'reinstatement'>,
) {
  const before = await findStandardForUpdate(tx, tenantId, event.standard);
  const status = event.type === 'withdrawal' ? 'withdrawn' : 'active';
  if (before.status === status)
    throw new CatalogEventError('no_change', `${before.designation} is already ${status}.`);
  const successor = await replacedByOf(tx, tenantId, event, before);
  const after = await updateStandard(tx, tenantId, before.id, { status });
  const note = event.note ? { note: event.note } : {};
  const change = { kind: event.type, standard: standardChange(before, after), ...note };
  if (!successor) return { change, standardId: after.id };
  const pair = succession(after, successor);
  return { change: { ...change, successor: pair.change }, standardId: after.id, succession: pair.ids };
}

/** A withdrawal's `replacedBy`: another standard of the catalogue (not the withdrawn one itself). */
async function replacedByOf(
  tx: SqlExecutor,
  tenantId: string,
  event: EventOf<'withdrawal' | 'reinstatement'>,
  withdrawn: StandardRow,
): Promise<StandardRow | undefined> {
  if (event.type !== 'withdrawal' || !event.replacedBy) return undefined;
  const successor = await findStandardForUpdate(tx, tenantId, event.replacedBy, 'unknown_replaced_by');
  if (successor.id === withdrawn.id)
    throw new CatalogEventError('unknown_replaced_by', `${withdrawn.designation} cannot replace itself.`);
  return successor;
}

async function addWorkItem(tx: SqlExecutor, tenantId: string, event: EventOf<'new_work_item'>) {
  const w = event.workItem;
  await requireCommittee(tx, tenantId, w.committeeDesignation);
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO work_items (tenant_id, work_item_number, title, committee_designation, status, created_on)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING id`,
    [tenantId, w.workItemNumber, w.title, w.committeeDesignation, w.status, w.createdOn],
  );
  if (!rows[0])
    throw new CatalogEventError('work_item_exists', `Work item ${w.workItemNumber} already exists.`);
  const workItem = {
    number: w.workItemNumber,
    title: w.title,
    committee: w.committeeDesignation,
    oldStatus: null,
    status: w.status,
  };
  return { change: { kind: event.type, workItem }, workItemId: rows[0].id };
}

async function changeWorkItemStatus(
  tx: SqlExecutor,
  tenantId: string,
  event: EventOf<'work_item_status_change'>,
) {
  const { rows } = await tx.query<{
    id: number;
    title: string;
    committee_designation: string;
    status: string;
  }>(
    `SELECT id, title, committee_designation, status FROM work_items
      WHERE tenant_id = $1 AND work_item_number = $2 FOR UPDATE`,
    [tenantId, event.workItemNumber],
  );
  const before = rows[0];
  if (!before) throw new CatalogEventError('unknown_work_item', `No work item ${event.workItemNumber}.`);
  if (before.status === event.status)
    throw new CatalogEventError('no_change', `${event.workItemNumber} is already ${event.status}.`);
  await tx.query('UPDATE work_items SET status = $3, updated_at = now() WHERE tenant_id = $1 AND id = $2', [
    tenantId,
    before.id,
    event.status,
  ]);
  const workItem = {
    number: event.workItemNumber,
    title: before.title,
    committee: before.committee_designation,
    oldStatus: before.status,
    status: event.status,
  };
  return { change: { kind: event.type, workItem }, workItemId: before.id };
}

/** Applies one event to the catalogue; answers the change to record and the rows the matching needs. */
export async function applyToCatalogue(
  tx: SqlExecutor,
  tenantId: string,
  event: CatalogEvent,
): Promise<CatalogueChange> {
  switch (event.type) {
    case 'new_standard':
      return addStandard(tx, tenantId, event);
    case 'new_edition':
      return newEdition(tx, tenantId, event);
    case 'amendment':
    case 'editorial_change':
    case 'reaffirmation':
      return reviseStandard(tx, tenantId, event);
    case 'withdrawal':
    case 'reinstatement':
      return setStandardStatus(tx, tenantId, event);
    case 'new_work_item':
      return addWorkItem(tx, tenantId, event);
    case 'work_item_status_change':
      return changeWorkItemStatus(tx, tenantId, event);
  }
}
