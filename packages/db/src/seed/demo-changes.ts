import type { CatalogEvent } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';

/**
 * `npm run demo:changes`: a realistic batch of catalogue changes against a demo store, one of each kind,
 * about the standards and committees its users track most, so the worker has e-mails to send.
 */

type Std = {
  content_code: string;
  designation: string;
  committee_designation: string;
  publisher_code: string;
};

export type DemoChangePicks = {
  /** Five active standards, the most tracked first (individually or through their committee). */
  active: Std[];
  withdrawn: Std | undefined;
  workItem: { work_item_number: string; status: string } | undefined;
  /** The industry areas of the first active standard. */
  areas: string[];
};

/** What the demo batch is about, from the store's catalogue. */
export async function demoChangePicks(db: SqlExecutor, tenantId: string): Promise<DemoChangePicks> {
  // Active standards, the most tracked first (individually or through their committee).
  const { rows: active } = await db.query<Std>(
    `SELECT s.content_code, s.designation, s.committee_designation, s.publisher_code
       FROM standards s
      WHERE s.tenant_id = $1 AND s.status = 'active'
      ORDER BY (SELECT count(*) FROM content_trackings c WHERE c.tenant_id = s.tenant_id AND c.standard_id = s.id)
             + (SELECT count(*) FROM source_trackings x WHERE x.tenant_id = s.tenant_id
                 AND x.tracking_type = 'COMMITTEE' AND x.value = s.committee_designation) DESC, s.id
      LIMIT 5`,
    [tenantId],
  );
  const { rows: withdrawn } = await db.query<Std>(
    `SELECT content_code, designation, committee_designation, publisher_code FROM standards
      WHERE tenant_id = $1 AND status = 'withdrawn' ORDER BY id LIMIT 1`,
    [tenantId],
  );
  const { rows: items } = await db.query<{ work_item_number: string; status: string }>(
    `SELECT work_item_number, status FROM work_items WHERE tenant_id = $1 AND status IN ('proposed', 'in_ballot')
      ORDER BY id LIMIT 1`,
    [tenantId],
  );
  const { rows: areas } = await db.query<{ marketing_code: string }>(
    `SELECT a.marketing_code FROM standard_industry_areas a JOIN standards s ON s.id = a.standard_id
      WHERE a.tenant_id = $1 AND s.content_code = $2`,
    [tenantId, active[0]?.content_code ?? ''],
  );
  return { active, withdrawn: withdrawn[0], workItem: items[0], areas: areas.map((x) => x.marketing_code) };
}

/** A new standard of the most tracked standard's committee, and a work item revising that standard. */
function newItemEvents(
  a: Std,
  areas: string[],
  run: string,
  id: (n: number) => string,
  now: Date,
): CatalogEvent[] {
  const year = now.getUTCFullYear();
  const today = now.toISOString().slice(0, 10);
  const yy = String(year % 100).padStart(2, '0');
  return [
    {
      id: id(7),
      type: 'new_standard',
      standard: {
        assetId: `NEW${run.toUpperCase()}`,
        contentCode: `NEW-${run.toUpperCase()}`,
        designation: `${a.committee_designation}${run.slice(-3).toUpperCase()}-${yy}`,
        title: 'Standard Guide for Sampling Recycled Polymer Feedstock',
        publisherCode: a.publisher_code,
        committeeDesignation: a.committee_designation,
        edition: String(year),
        publishedOn: today,
        industryAreas: areas.slice(0, 2),
      },
    },
    {
      id: id(8),
      type: 'new_work_item',
      workItem: {
        workItemNumber: `WK${run.toUpperCase()}`,
        title: `Revision of ${a.designation}`,
        committeeDesignation: a.committee_designation,
        status: 'proposed',
        createdOn: today,
      },
    },
  ];
}

/**
 * The batch: new edition, amendment, editorial change, reaffirmation, withdrawal, new standard, new work item,
 * and, when the catalogue has one to change, a reinstatement and a work-item status change. Event ids carry
 * `run`, so each run publishes new events.
 */
export function demoChangeEvents(picks: DemoChangePicks, run: string, now = new Date()): CatalogEvent[] {
  const { active, withdrawn, workItem } = picks;
  if (active.length < 5) throw new Error('too small a catalogue for the demo');
  const id = (n: number) => `demo-${run}-${n}`;
  const year = now.getUTCFullYear();
  const today = now.toISOString().slice(0, 10);
  const [a, b, c, d, e] = active as [Std, Std, Std, Std, Std];
  const yy = String(year % 100).padStart(2, '0');
  const base = (designation: string) => designation.replace(/-\d{2}[a-z0-9()]*$/, '');
  const events: CatalogEvent[] = [
    {
      id: id(1),
      type: 'new_edition',
      standard: { contentCode: a.content_code },
      designation: `${base(a.designation)}-${yy}`,
      edition: String(year),
      publishedOn: today,
    },
    {
      id: id(2),
      type: 'amendment',
      standard: { contentCode: b.content_code },
      designation: `${b.designation}a`,
      publishedOn: today,
      note: 'Amendment 1: revised test temperature tolerances.',
    },
    {
      id: id(3),
      type: 'editorial_change',
      standard: { contentCode: c.content_code },
      designation: `${c.designation}e1`,
      note: 'Editorially corrected units in Table 2.',
    },
    {
      id: id(4),
      type: 'reaffirmation',
      standard: { contentCode: d.content_code },
      designation: `${d.designation}(${year})`,
      publishedOn: today,
    },
    {
      id: id(5),
      type: 'withdrawal',
      standard: { contentCode: e.content_code },
      note: 'Withdrawn with no replacement.',
    },
    ...newItemEvents(a, picks.areas, run, id, now),
  ];
  if (withdrawn)
    events.push({ id: id(6), type: 'reinstatement', standard: { contentCode: withdrawn.content_code } });
  if (workItem)
    events.push({
      id: id(9),
      type: 'work_item_status_change',
      workItemNumber: workItem.work_item_number,
      status: workItem.status === 'proposed' ? 'in_ballot' : 'approved',
    });
  return events;
}
