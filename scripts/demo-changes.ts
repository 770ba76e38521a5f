/**
 * `npm run demo:changes [-- --tenant CODE]`
 *
 * Publishes a realistic batch of catalogue changes against a demo store's catalogue, one of each kind
 * (new edition, amendment, editorial change, reaffirmation, withdrawal, reinstatement, new standard, new
 * work item, work-item status change), preferring standards and committees that users track, so the
 * worker has e-mails to send (see them in the dev inbox). New event ids each run: it can be run again.
 */
import { parseArgs } from 'node:util';
import type { CatalogEvent } from '@trackwell/contracts';
import { findTenantByCode, migrate } from '@trackwell/db';
import {
  announceAppliedEvent,
  publishCatalogEvents,
} from '../apps/server/src/modules/notifications/publish.ts';
import { openDatabaseFromEnv, runCli } from '../packages/db/src/cli/open-from-env.ts';

type Std = {
  content_code: string;
  designation: string;
  committee_designation: string;
  publisher_code: string;
};

export async function main(argv = process.argv.slice(2)): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { tenant: { type: 'string' } } });
  const db = await openDatabaseFromEnv();
  try {
    await migrate(db);
    const code = values.tenant ?? 'trackwell';
    const tenant = await findTenantByCode(db, code);
    if (!tenant) throw new Error(`no store with code "${code}" (run npm start or npm run db:seed first)`);
    const t = tenant.id;
    // Active standards, the most tracked first (individually or through their committee).
    const { rows: active } = await db.query<Std>(
      `SELECT s.content_code, s.designation, s.committee_designation, s.publisher_code
         FROM standards s
        WHERE s.tenant_id = $1 AND s.status = 'active'
        ORDER BY (SELECT count(*) FROM content_trackings c WHERE c.tenant_id = s.tenant_id AND c.standard_id = s.id)
               + (SELECT count(*) FROM source_trackings x WHERE x.tenant_id = s.tenant_id
                   AND x.tracking_type = 'COMMITTEE' AND x.value = s.committee_designation) DESC, s.id
        LIMIT 5`,
      [t],
    );
    const { rows: withdrawn } = await db.query<Std>(
      `SELECT content_code, designation, committee_designation, publisher_code FROM standards
        WHERE tenant_id = $1 AND status = 'withdrawn' ORDER BY id LIMIT 1`,
      [t],
    );
    const { rows: items } = await db.query<{ work_item_number: string; status: string }>(
      `SELECT work_item_number, status FROM work_items WHERE tenant_id = $1 AND status IN ('proposed', 'in_ballot')
        ORDER BY id LIMIT 1`,
      [t],
    );
    const { rows: areas } = await db.query<{ marketing_code: string }>(
      `SELECT a.marketing_code FROM standard_industry_areas a JOIN standards s ON s.id = a.standard_id
        WHERE a.tenant_id = $1 AND s.content_code = $2`,
      [t, active[0]?.content_code ?? ''],
    );
    if (active.length < 5) throw new Error(`store "${code}" has too small a catalogue for the demo`);
    const [a, b, c, d, e] = active as [Std, Std, Std, Std, Std];
    const run = Date.now().toString(36);
    const id = (n: number) => `demo-${run}-${n}`;
    const year = new Date().getUTCFullYear();
    const today = new Date().toISOString().slice(0, 10);
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
          industryAreas: areas.map((x) => x.marketing_code).slice(0, 2),
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
    if (withdrawn[0])
      events.push({ id: id(6), type: 'reinstatement', standard: { contentCode: withdrawn[0].content_code } });
    if (items[0])
      events.push({
        id: id(9),
        type: 'work_item_status_change',
        workItemNumber: items[0].work_item_number,
        status: items[0].status === 'proposed' ? 'in_ballot' : 'approved',
      });
    const results = await publishCatalogEvents(db, t, events, 'cli', (eventId) =>
      announceAppliedEvent(db, eventId),
    );
    for (const r of results) {
      const ev = events.find((x) => x.id === r.id)!;
      process.stdout.write(
        `  ${ev.type.padEnd(24)} ${r.outcome}${r.recipients !== undefined ? `, ${r.recipients} e-mails` : ''}${r.error ? ` (${r.error})` : ''}\n`,
      );
    }
    process.stdout.write(
      `${tenant.config.tenantName}: the worker of \`npm start\` sends the e-mails (now if it runs, else at its next start); ` +
        'read them at /_dev/mail.\n',
    );
  } finally {
    await db.close();
  }
}

if (import.meta.main) runCli(() => main());
