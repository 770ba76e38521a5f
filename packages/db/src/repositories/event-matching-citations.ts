import { CITED_CHANGE_EVENT_KINDS } from '@trackwell/contracts';
import { SAME_PUBLISHERS_SQL } from './standard-citations.ts';

/**
 * The cited-standard part of the matching (event-matching.ts), as CTEs of its statement: it reads `ev` (the
 * events), `src` (the TRACKER sources) and the parameters $1 (tenant), $3–$6 (the rules) and $10 (the kinds of a
 * user who never chose), and answers `cited_wanted`: one row per event, reader and citing standard, the
 * citation as the reason's `cited` fields.
 *
 * A new edition, an amendment or a withdrawal of a standard tells the readers of every standard that cites it
 * (standard_citations, by the designation rule's key and publisher words: migration 0046) — those who track
 * the citing standard, or its committee, an industry area of it or its publisher — when they want the kind:
 * `cited_change` for a normative citation, `cited_informative` for an informative one (chosen by nobody unless
 * they choose it). A source's own kinds, else the user's, else the default, as for every other rule. The
 * citing standard is never the changed one itself. The reasons go into the same outbox row as the event's
 * other reasons: one message per change and reader, however many of their standards cite it.
 */
export const CITED_MATCHES_SQL = `cited AS (
     SELECT ev.id AS event_id, c.standard_id, c.normative,
            jsonb_build_object('cited', c.cited_designation, 'dated', c.cited_edition <> '',
                               'informative', NOT c.normative) AS reason
       FROM ev
       JOIN standards s ON s.tenant_id = $1 AND s.id = ev.standard_id
       JOIN standard_citations c ON c.tenant_id = $1 AND c.cited_key = designation_key(s.designation)
                                AND ${SAME_PUBLISHERS_SQL('c.cited_words', 's.designation')}
      WHERE ev.kind = ANY(ARRAY[${CITED_CHANGE_EVENT_KINDS.map((k) => `'${k}'`).join(', ')}])
        AND c.standard_id <> ev.standard_id
   ), citers AS (
     SELECT cd.event_id, ct.user_id, cd.standard_id, cd.normative, cd.reason, NULL::text[] AS kinds FROM cited cd
       JOIN content_trackings ct ON ct.tenant_id = $1 AND ct.standard_id = cd.standard_id
      WHERE NOT ct.tracking_off AND $3::boolean
     UNION ALL
     SELECT cd.event_id, src.user_id, cd.standard_id, cd.normative, cd.reason, src.kinds FROM cited cd
       JOIN standards s ON s.tenant_id = $1 AND s.id = cd.standard_id
       JOIN src ON src.tracking_type = 'COMMITTEE' AND src.value = s.committee_designation
      WHERE $4::boolean
     UNION ALL
     SELECT cd.event_id, src.user_id, cd.standard_id, cd.normative, cd.reason, src.kinds FROM cited cd
       JOIN standard_area_members a ON a.tenant_id = $1 AND a.standard_id = cd.standard_id
       JOIN src ON src.tracking_type = 'INDUSTRYAREA' AND src.value = a.marketing_code
      WHERE $5::boolean
     UNION ALL
     SELECT cd.event_id, src.user_id, cd.standard_id, cd.normative, cd.reason, src.kinds FROM cited cd
       JOIN standards s ON s.tenant_id = $1 AND s.id = cd.standard_id
       JOIN src ON src.tracking_type = 'PUBLISHERS' AND src.value = s.publisher_code
      WHERE $6::boolean
   ), cited_wanted AS (
     SELECT DISTINCT m.event_id, m.user_id, s.designation AS value, m.reason AS cited FROM citers m
       JOIN standards s ON s.tenant_id = $1 AND s.id = m.standard_id
       LEFT JOIN notification_preferences p ON p.tenant_id = $1 AND p.user_id = m.user_id
      WHERE (CASE WHEN m.normative THEN 'cited_change' ELSE 'cited_informative' END)
            = ANY(COALESCE(m.kinds, p.kinds, $10::text[]))
   )`;
