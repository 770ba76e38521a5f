import type { CatalogEvent, CatalogEventResult, NotificationChange } from '@trackwell/contracts';
import type { DatabaseHandle, SqlExecutor } from '../client.ts';

/**
 * Applies publisher change events to a tenant's catalogue, records each once (by the publisher's event
 * id) and, in the SAME transaction, matches it to the users it concerns and writes their outbox rows
 * (`notification_deliveries`). An event either leaves all three or none: a crash cannot apply a change
 * and lose its e-mails, and a replayed event id applies nothing twice.
 */

/** What the tenant allows to be matched (trackerSetting.*.enabled, and the track_by_publishers flag). */
export interface MatchingRules {
  standard: boolean;
  committee: boolean;
  industryArea: boolean;
  /** trackerSetting.publisher.enabled AND feature flag track_by_publishers (spec §2 Tracker page 5). */
  publisher: boolean;
  workItem: boolean;
}

/** What the e-mail shows about a change. */
export type EventChange = NotificationChange;

export class CatalogEventError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'CatalogEventError';
    this.code = code;
  }
}

type StandardRow = {
  id: number;
  asset_id: string;
  designation: string;
  title: string;
  status: string;
  edition: string;
  published_on: string;
  committee_designation: string;
  publisher_code: string;
};

async function findStandardForUpdate(
  tx: SqlExecutor,
  tenantId: string,
  ref: { contentCode: string } | { assetId: string },
): Promise<StandardRow> {
  const [column, value] =
    'contentCode' in ref ? ['content_code', ref.contentCode] : ['asset_id', ref.assetId];
  const { rows } = await tx.query<StandardRow>(
    `SELECT id, asset_id, designation, title, status, edition, published_on, committee_designation, publisher_code
       FROM standards WHERE tenant_id = $1 AND ${column} = $2 FOR UPDATE`,
    [tenantId, value],
  );
  if (!rows[0]) throw new CatalogEventError('unknown_standard', `No standard ${value} in this catalogue.`);
  return rows[0];
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

/** Applies one event to the catalogue; answers the change to record and the rows the matching needs. */
async function applyToCatalogue(
  tx: SqlExecutor,
  tenantId: string,
  event: CatalogEvent,
): Promise<{ change: EventChange; standardId?: number; workItemId?: number }> {
  const standardChange = (before: StandardRow | null, after: StandardRow): EventChange['standard'] => ({
    assetId: after.asset_id,
    title: after.title,
    committee: after.committee_designation,
    publisher: after.publisher_code,
    oldDesignation: before && before.designation !== after.designation ? before.designation : null,
    designation: after.designation,
    oldStatus: before && before.status !== after.status ? before.status : null,
    status: after.status,
    edition: after.edition,
    date: after.published_on,
  });
  const updateStandard = async (id: number, set: Record<string, string>) => {
    const columns = Object.keys(set);
    const { rows } = await tx.query<StandardRow>(
      `UPDATE standards SET ${columns.map((c, i) => `${c} = $${i + 3}`).join(', ')}, updated_at = now()
        WHERE tenant_id = $1 AND id = $2
        RETURNING id, asset_id, designation, title, status, edition, published_on, committee_designation, publisher_code`,
      [tenantId, id, ...Object.values(set)],
    );
    return rows[0]!;
  };

  switch (event.type) {
    case 'new_standard': {
      const s = event.standard;
      await requireCommittee(tx, tenantId, s.committeeDesignation);
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
         RETURNING id, asset_id, designation, title, status, edition, published_on, committee_designation, publisher_code`,
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
      return { change: { kind: event.type, standard: standardChange(null, row) }, standardId: row.id };
    }
    case 'new_edition': {
      const before = await findStandardForUpdate(tx, tenantId, event.standard);
      const after = await updateStandard(before.id, {
        designation: event.designation,
        edition: event.edition,
        published_on: event.publishedOn,
        status: 'active',
        ...(event.title ? { title: event.title } : {}),
      });
      return { change: { kind: event.type, standard: standardChange(before, after) }, standardId: after.id };
    }
    case 'amendment':
    case 'editorial_change':
    case 'reaffirmation': {
      const before = await findStandardForUpdate(tx, tenantId, event.standard);
      const after = await updateStandard(before.id, {
        ...(event.designation ? { designation: event.designation } : {}),
        published_on: event.publishedOn ?? today(),
      });
      return {
        change: {
          kind: event.type,
          standard: standardChange(before, after),
          ...(event.note ? { note: event.note } : {}),
        },
        standardId: after.id,
      };
    }
    case 'withdrawal':
    case 'reinstatement': {
      const before = await findStandardForUpdate(tx, tenantId, event.standard);
      const status = event.type === 'withdrawal' ? 'withdrawn' : 'active';
      if (before.status === status)
        throw new CatalogEventError('no_change', `${before.designation} is already ${status}.`);
      const after = await updateStandard(before.id, { status });
      return {
        change: {
          kind: event.type,
          standard: standardChange(before, after),
          ...(event.note ? { note: event.note } : {}),
        },
        standardId: after.id,
      };
    }
    case 'new_work_item': {
      const w = event.workItem;
      await requireCommittee(tx, tenantId, w.committeeDesignation);
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO work_items (tenant_id, work_item_number, title, committee_designation, status, created_on)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING id`,
        [tenantId, w.workItemNumber, w.title, w.committeeDesignation, w.status, w.createdOn],
      );
      if (!rows[0])
        throw new CatalogEventError('work_item_exists', `Work item ${w.workItemNumber} already exists.`);
      return {
        change: {
          kind: event.type,
          workItem: {
            number: w.workItemNumber,
            title: w.title,
            committee: w.committeeDesignation,
            oldStatus: null,
            status: w.status,
          },
        },
        workItemId: rows[0].id,
      };
    }
    case 'work_item_status_change': {
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
      await tx.query(
        'UPDATE work_items SET status = $3, updated_at = now() WHERE tenant_id = $1 AND id = $2',
        [tenantId, before.id, event.status],
      );
      return {
        change: {
          kind: event.type,
          workItem: {
            number: event.workItemNumber,
            title: before.title,
            committee: before.committee_designation,
            oldStatus: before.status,
            status: event.status,
          },
        },
        workItemId: before.id,
      };
    }
  }
}

/**
 * The matching, set-based: one INSERT … SELECT writes one outbox row per user, with every rule that
 * matched aggregated into `reasons`. Rules (each gated by the tenant's settings):
 * - standard events: the user tracks the standard with tracking on; or its committee; or one of its
 *   industry areas; or its publisher.
 * - work-item events: the user's work-item switch is 'true' AND the user tracks the work item's committee,
 *   or an industry area that one of that committee's standards belongs to ("within the user's committees
 *   and areas"). The reasons name the work-item switch and the covering committee/areas.
 * Only the TRACKER application's sources count (spec §9); a user with a TRACKER unsubscribe gets nothing.
 */
export async function matchEventRecipients(
  tx: SqlExecutor,
  tenantId: string,
  eventId: number,
  rules: MatchingRules,
): Promise<number> {
  const result = await tx.query(
    `WITH ev AS (
       SELECT e.id, e.standard_id, e.work_item_id,
              s.committee_designation AS s_committee, s.publisher_code, w.committee_designation AS w_committee
         FROM catalog_events e
         LEFT JOIN standards s ON s.tenant_id = e.tenant_id AND s.id = e.standard_id
         LEFT JOIN work_items w ON w.tenant_id = e.tenant_id AND w.id = e.work_item_id
        WHERE e.tenant_id = $1 AND e.id = $2
     ), src AS (
       SELECT user_id, tracking_type, value FROM source_trackings
        WHERE tenant_id = $1 AND application_code = 'TRACKER'
     ), wi_users AS (
       SELECT user_id FROM src WHERE tracking_type = 'WORKITEM' AND value = 'true' AND $7::boolean
     ), matches AS (
       SELECT ct.user_id, 'STANDARD' AS type, s.designation AS value
         FROM ev JOIN content_trackings ct ON ct.tenant_id = $1 AND ct.standard_id = ev.standard_id
         JOIN standards s ON s.tenant_id = $1 AND s.id = ev.standard_id
        WHERE NOT ct.tracking_off AND $3::boolean
       UNION ALL
       SELECT src.user_id, 'COMMITTEE', src.value FROM ev JOIN src
           ON src.tracking_type = 'COMMITTEE' AND src.value = ev.s_committee
        WHERE $4::boolean
       UNION ALL
       SELECT src.user_id, 'INDUSTRYAREA', src.value FROM ev
         JOIN standard_industry_areas a ON a.tenant_id = $1 AND a.standard_id = ev.standard_id
         JOIN src ON src.tracking_type = 'INDUSTRYAREA' AND src.value = a.marketing_code
        WHERE $5::boolean
       UNION ALL
       SELECT src.user_id, 'PUBLISHERS', src.value FROM ev JOIN src
           ON src.tracking_type = 'PUBLISHERS' AND src.value = ev.publisher_code
        WHERE $6::boolean
       UNION ALL
       SELECT src.user_id, 'COMMITTEE', src.value FROM ev JOIN src
           ON src.tracking_type = 'COMMITTEE' AND src.value = ev.w_committee
        WHERE src.user_id IN (SELECT user_id FROM wi_users)
       UNION ALL
       SELECT DISTINCT src.user_id, 'INDUSTRYAREA', src.value FROM ev
         JOIN standards s ON s.tenant_id = $1 AND s.committee_designation = ev.w_committee
         JOIN standard_industry_areas a ON a.tenant_id = $1 AND a.standard_id = s.id
         JOIN src ON src.tracking_type = 'INDUSTRYAREA' AND src.value = a.marketing_code
        WHERE src.user_id IN (SELECT user_id FROM wi_users)
     ), covered AS (
       SELECT user_id, type, value FROM matches
       UNION ALL
       -- the work-item switch itself is a reason once the committee/area rule covered the user
       SELECT DISTINCT m.user_id, 'WORKITEM', ev.w_committee FROM matches m, ev WHERE ev.work_item_id IS NOT NULL
     )
     INSERT INTO notification_deliveries (tenant_id, event_id, user_id, reasons)
     SELECT $1, $2, c.user_id,
            jsonb_agg(DISTINCT jsonb_build_object('type', c.type, 'value', c.value))
       FROM covered c
       JOIN users u ON u.tenant_id = $1 AND u.id = c.user_id
      WHERE NOT EXISTS (SELECT 1 FROM tracking_unsubscribes x
                         WHERE x.tenant_id = $1 AND x.user_id = c.user_id AND x.application_code = 'TRACKER')
      GROUP BY c.user_id
     ON CONFLICT (event_id, user_id) DO NOTHING`,
    [tenantId, eventId, rules.standard, rules.committee, rules.industryArea, rules.publisher, rules.workItem],
  );
  await tx.query('UPDATE catalog_events SET recipients = recipients + $3 WHERE tenant_id = $1 AND id = $2', [
    tenantId,
    eventId,
    result.rowCount,
  ]);
  return result.rowCount;
}

export interface AppliedEvent {
  result: CatalogEventResult;
  /** The recorded event's id, when applied now. */
  eventId?: number;
}

/**
 * Applies one event in one transaction: records it (idempotent by publisher event id), changes the
 * catalogue, matches recipients and writes their outbox rows. A refused event (unknown standard, …) rolls
 * back entirely and is reported, not thrown.
 */
export async function applyCatalogEvent(
  db: DatabaseHandle,
  tenantId: string,
  event: CatalogEvent,
  options: { source: 'api' | 'cli'; rules: MatchingRules },
): Promise<AppliedEvent> {
  try {
    return await db.transaction(async (tx) => {
      // The unique (tenant, publisher_event_id) makes a concurrent duplicate wait for this transaction,
      // then find the row and stop: nothing is applied twice.
      const inserted = await tx.query<{ id: number }>(
        `INSERT INTO catalog_events (tenant_id, publisher_event_id, kind, source, payload, change, occurred_at)
         VALUES ($1, $2, $3, $4, $5, '{}', $6)
         ON CONFLICT (tenant_id, publisher_event_id) DO NOTHING RETURNING id`,
        [
          tenantId,
          event.id,
          event.type,
          options.source,
          JSON.stringify(event),
          event.occurredAt ?? new Date(),
        ],
      );
      const eventId = inserted.rows[0]?.id;
      if (eventId === undefined) return { result: { id: event.id, outcome: 'duplicate' as const } };
      const applied = await applyToCatalogue(tx, tenantId, event);
      await tx.query(
        `UPDATE catalog_events SET change = $3, standard_id = $4, work_item_id = $5 WHERE tenant_id = $1 AND id = $2`,
        [
          tenantId,
          eventId,
          JSON.stringify(applied.change),
          applied.standardId ?? null,
          applied.workItemId ?? null,
        ],
      );
      const recipients = await matchEventRecipients(tx, tenantId, eventId, options.rules);
      return { result: { id: event.id, outcome: 'applied' as const, recipients }, eventId };
    });
  } catch (error) {
    if (error instanceof CatalogEventError) {
      return { result: { id: event.id, outcome: 'rejected', error: error.code, message: error.message } };
    }
    throw error;
  }
}
