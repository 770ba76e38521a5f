import { CHOICE_OF_EVENT_KIND, DEFAULT_KIND_CHOICES } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';
import { CITED_MATCHES_SQL } from './event-matching-citations.ts';
import { openReviewsForEvents } from './organisation-reviews.ts';

/** What the tenant allows to be matched (trackerSetting.*.enabled, and the track_by_publishers flag). */
export interface MatchingRules {
  standard: boolean;
  committee: boolean;
  industryArea: boolean;
  /** trackerSetting.publisher.enabled AND feature flag track_by_publishers (spec §2 Tracker page 5). */
  publisher: boolean;
  workItem: boolean;
}

/** Adoption chains are short (national → regional → international); a longer one is followed this far. */
const MAX_ADOPTION_DEPTH = 6;

/**
 * The matching of matchEventsRecipients: $2 the events, $3–$7 the rules, $8/$9 event kind → kind choice,
 * $10 the kinds of a user who never chose.
 */
const MATCH_EVENTS_SQL = `WITH RECURSIVE ev AS (
     SELECT e.id, e.kind, e.standard_id, e.work_item_id, g.choice AS kind_choice,
            s.committee_designation AS s_committee, s.publisher_code, w.committee_designation AS w_committee
       FROM catalog_events e
       JOIN unnest($8::text[], $9::text[]) AS g(kind, choice) ON g.kind = e.kind
       LEFT JOIN standards s ON s.tenant_id = e.tenant_id AND s.id = e.standard_id
       LEFT JOIN work_items w ON w.tenant_id = e.tenant_id AND w.id = e.work_item_id
      WHERE e.tenant_id = $1 AND e.id = ANY($2::bigint[])
   ), adopters(event_id, standard_id, content_code, depth) AS (
     -- The standards that adopt the event's standard, and those that adopt them (DIN EN ISO → EN ISO → ISO)
     SELECT ev.id, a.id, a.content_code, 1 FROM ev
       JOIN standards s ON s.tenant_id = $1 AND s.id = ev.standard_id
       JOIN standards a ON a.tenant_id = $1 AND a.adopts_content_code = s.content_code
     UNION ALL
     SELECT ad.event_id, a.id, a.content_code, ad.depth + 1 FROM adopters ad
       JOIN standards a ON a.tenant_id = $1 AND a.adopts_content_code = ad.content_code
      WHERE ad.depth < ${MAX_ADOPTION_DEPTH}
   ), src AS (
     SELECT user_id, tracking_type, value, kinds FROM source_trackings
      WHERE tenant_id = $1 AND application_code = 'TRACKER'
   ), wi_users AS (
     SELECT user_id FROM src WHERE tracking_type = 'WORKITEM' AND value = 'true' AND $7::boolean
   ), matches AS (
     SELECT ev.id AS event_id, ct.user_id, 'STANDARD' AS type, s.designation AS value, NULL::text[] AS kinds
       FROM ev JOIN content_trackings ct ON ct.tenant_id = $1 AND ct.standard_id = ev.standard_id
       JOIN standards s ON s.tenant_id = $1 AND s.id = ev.standard_id
      WHERE NOT ct.tracking_off AND $3::boolean
     UNION ALL
     -- A replacement also tells those who track the standard it replaces
     SELECT ev.id, ct.user_id, 'STANDARD', s.designation, NULL::text[] FROM ev
       JOIN standard_successors ss ON ss.tenant_id = $1 AND ss.event_id = ev.id
       JOIN content_trackings ct ON ct.tenant_id = $1 AND ct.standard_id = ss.standard_id
       JOIN standards s ON s.tenant_id = $1 AND s.id = ss.standard_id
      WHERE NOT ct.tracking_off AND $3::boolean
     UNION ALL
     -- A change of an adopted standard also tells those who track an adoption of it
     SELECT ad.event_id, ct.user_id, 'ADOPTION', a.designation, NULL::text[] FROM adopters ad
       JOIN content_trackings ct ON ct.tenant_id = $1 AND ct.standard_id = ad.standard_id
       JOIN standards a ON a.tenant_id = $1 AND a.id = ad.standard_id
      WHERE NOT ct.tracking_off AND $3::boolean
     UNION ALL
     SELECT ev.id, src.user_id, 'COMMITTEE', src.value, src.kinds FROM ev JOIN src
         ON src.tracking_type = 'COMMITTEE' AND src.value = ev.s_committee
      WHERE $4::boolean
     UNION ALL
     SELECT ev.id, src.user_id, 'INDUSTRYAREA', src.value, src.kinds FROM ev
       JOIN standard_area_members a ON a.tenant_id = $1 AND a.standard_id = ev.standard_id
       JOIN src ON src.tracking_type = 'INDUSTRYAREA' AND src.value = a.marketing_code
      WHERE $5::boolean
     UNION ALL
     SELECT ev.id, src.user_id, 'PUBLISHERS', src.value, src.kinds FROM ev JOIN src
         ON src.tracking_type = 'PUBLISHERS' AND src.value = ev.publisher_code
      WHERE $6::boolean
     UNION ALL
     SELECT ev.id, src.user_id, 'COMMITTEE', src.value, src.kinds FROM ev JOIN src
         ON src.tracking_type = 'COMMITTEE' AND src.value = ev.w_committee
      WHERE src.user_id IN (SELECT user_id FROM wi_users)
     UNION ALL
     SELECT DISTINCT ev.id, src.user_id, 'INDUSTRYAREA', src.value, src.kinds FROM ev
       JOIN standards s ON s.tenant_id = $1 AND s.committee_designation = ev.w_committee
       JOIN standard_area_members a ON a.tenant_id = $1 AND a.standard_id = s.id
       JOIN src ON src.tracking_type = 'INDUSTRYAREA' AND src.value = a.marketing_code
      WHERE src.user_id IN (SELECT user_id FROM wi_users)
   ), ${CITED_MATCHES_SQL}, wanted AS (
     -- A source's own kinds, else the user's, else every kind
     SELECT m.event_id, m.user_id, m.type, m.value FROM matches m
       JOIN ev ON ev.id = m.event_id
       LEFT JOIN notification_preferences p ON p.tenant_id = $1 AND p.user_id = m.user_id
      WHERE ev.kind_choice = ANY(COALESCE(m.kinds, p.kinds, $10::text[]))
   ), covered AS (
     SELECT event_id, user_id, type, value, NULL::jsonb AS cited FROM wanted
     UNION ALL
     -- the work-item switch itself is a reason once the committee/area rule covered the user
     SELECT DISTINCT m.event_id, m.user_id, 'WORKITEM', ev.w_committee, NULL::jsonb
       FROM wanted m JOIN ev ON ev.id = m.event_id WHERE ev.work_item_id IS NOT NULL
     UNION ALL
     SELECT event_id, user_id, 'CITATION', value, cited FROM cited_wanted
   ), inserted AS (
     -- A daily/weekly user's row is held for the digest (the instant sender skips it)
     INSERT INTO notification_deliveries (tenant_id, event_id, user_id, reasons, digest)
     SELECT $1, c.event_id, c.user_id,
            jsonb_agg(DISTINCT jsonb_build_object('type', c.type, 'value', c.value) || coalesce(c.cited, '{}')),
            coalesce(ns.frequency, 'instant') <> 'instant'
       FROM covered c
       JOIN users u ON u.tenant_id = $1 AND u.id = c.user_id
       LEFT JOIN notification_schedules ns ON ns.tenant_id = $1 AND ns.user_id = c.user_id
      WHERE NOT EXISTS (SELECT 1 FROM tracking_unsubscribes x
                         WHERE x.tenant_id = $1 AND x.user_id = c.user_id AND x.application_code = 'TRACKER')
      GROUP BY c.event_id, c.user_id, ns.frequency
      ORDER BY c.event_id
     ON CONFLICT (event_id, user_id) DO NOTHING
     RETURNING event_id
   )
   SELECT event_id, count(*)::int AS n FROM inserted GROUP BY event_id`;

const EVENT_KINDS = Object.keys(CHOICE_OF_EVENT_KIND) as Array<keyof typeof CHOICE_OF_EVENT_KIND>;

/**
 * The matching, set-based: one INSERT … SELECT writes one outbox row per user, with every rule that
 * matched aggregated into `reasons`. Rules (each gated by the tenant's settings):
 * - standard events: the user tracks the standard with tracking on (or the standard it
 *   replaces); or its committee; or one of its industry areas; or its publisher.
 * - work-item events: the user's work-item switch is 'true' AND the user tracks the work item's committee,
 *   or an industry area that one of that committee's standards belongs to ("within the user's committees
 *   and areas"). The reasons name the work-item switch and the covering committee/areas.
 * Only the TRACKER application's sources count (spec §9); a user with a TRACKER unsubscribe gets nothing.
 * A rule counts only for the kinds of change its source wants: the source's own kinds, else
 * the user's (`notification_preferences`), else every kind. A digest user's row is held (`digest`) for
 * their daily or weekly digest (notification-digests.ts) instead of being sent at once.
 * The same transaction opens the organisation reviews of the change (organisation-reviews.ts).
 */
export async function matchEventRecipients(
  tx: SqlExecutor,
  tenantId: string,
  eventId: number,
  rules: MatchingRules,
): Promise<number> {
  return (await matchEventsRecipients(tx, tenantId, [eventId], rules)).get(Number(eventId)) ?? 0;
}

/**
 * The same matching for several events of one tenant at once (a catalogue import's batch): one statement
 * for all of them, as many outbox rows as matching each alone. Answers each event's recipients by its id.
 */
export async function matchEventsRecipients(
  tx: SqlExecutor,
  tenantId: string,
  eventIds: readonly number[],
  rules: MatchingRules,
): Promise<Map<number, number>> {
  const recipients = new Map<number, number>(eventIds.map((id) => [Number(id), 0]));
  if (eventIds.length === 0) return recipients;
  const { rows } = await tx.query<{ event_id: number; n: number }>(MATCH_EVENTS_SQL, [
    tenantId,
    eventIds,
    rules.standard,
    rules.committee,
    rules.industryArea,
    rules.publisher,
    rules.workItem,
    EVENT_KINDS,
    EVENT_KINDS.map((kind) => CHOICE_OF_EVENT_KIND[kind]),
    DEFAULT_KIND_CHOICES,
  ]);
  for (const row of rows) recipients.set(Number(row.event_id), row.n);
  // Organisation lists holding the standard open their reviews; an assignee with no row yet is one more.
  for (const [id, n] of await openReviewsForEvents(tx, tenantId, eventIds))
    recipients.set(id, (recipients.get(id) ?? 0) + n);
  const counted = [...recipients].filter(([, n]) => n > 0);
  if (counted.length > 0)
    await tx.query(
      `UPDATE catalog_events e SET recipients = e.recipients + c.n
         FROM unnest($2::bigint[], $3::int[]) AS c(id, n) WHERE e.tenant_id = $1 AND e.id = c.id`,
      [tenantId, counted.map(([id]) => id), counted.map(([, n]) => n)],
    );
  return recipients;
}

/** How many of an event's recipients each kind of source matched (a user matched by two counts in both). */
export interface RecipientsBySource {
  standard: number;
  committee: number;
  industryArea: number;
  publisher: number;
  workItem: number;
}
export const NO_RECIPIENTS: RecipientsBySource = {
  standard: 0,
  committee: 0,
  industryArea: 0,
  publisher: 0,
  workItem: 0,
};

/** Counts an event's outbox rows by the reasons the matching recorded (the console's preview). */
export async function countEventRecipientsBySource(
  tx: SqlExecutor,
  tenantId: string,
  eventId: number,
): Promise<RecipientsBySource> {
  const { rows } = await tx.query<RecipientsBySource>(
    `SELECT count(*) FILTER (WHERE reasons @> '[{"type":"STANDARD"}]')::int AS standard,
            count(*) FILTER (WHERE reasons @> '[{"type":"COMMITTEE"}]')::int AS committee,
            count(*) FILTER (WHERE reasons @> '[{"type":"INDUSTRYAREA"}]')::int AS "industryArea",
            count(*) FILTER (WHERE reasons @> '[{"type":"PUBLISHERS"}]')::int AS publisher,
            count(*) FILTER (WHERE reasons @> '[{"type":"WORKITEM"}]')::int AS "workItem"
       FROM notification_deliveries WHERE tenant_id = $1 AND event_id = $2`,
    [tenantId, eventId],
  );
  return rows[0] ?? NO_RECIPIENTS;
}
