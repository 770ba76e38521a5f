import type { SqlExecutor } from '../client.ts';

/**
 * The evidence report's rows: an organisation list's reviews (migration 0049) opened within a period, each
 * with its standard, who reviewed it (whoever signed it off, else its assignee) and its decision. The caller
 * has checked the member's role and the list's organisation; every condition names the tenant, the
 * organisation and the list all the same.
 */

export interface EvidenceReviewRow {
  designation: string;
  title: string;
  titles: Record<string, string> | null;
  changeKind: string;
  openedAt: Date;
  dueAt: Date;
  status: 'open' | 'signed_off';
  decision: 'affected' | 'not_affected' | 'action_needed' | null;
  signedOffAt: Date | null;
  note: string;
  reviewer: string | null;
}

/** The most rows one report reads; a longer period is refused with a request to narrow it. */
export const EVIDENCE_MAX_ROWS = 10_000;

/** Last name first, as the portal names people (contracts' `personDisplayName`); NULL without a name. */
const personName = (alias: string) =>
  `NULLIF(trim(concat_ws(' ', NULLIF(trim(${alias}.last_name), ''), NULLIF(trim(${alias}.first_name), ''))), '')`;

/**
 * The reviews opened in [from, to) (moments), oldest first; at most `EVIDENCE_MAX_ROWS + 1`, so the caller
 * sees a period with more.
 */
export async function listEvidenceReviews(
  db: SqlExecutor,
  tenantId: string,
  scope: { organisationId: string; listId: string },
  period: { from: Date; to: Date },
): Promise<EvidenceReviewRow[]> {
  const { rows } = await db.query<EvidenceReviewRow>(
    `SELECT s.designation, s.title, NULLIF(s.titles, '{}'::jsonb) AS titles, r.change_kind AS "changeKind",
            r.opened_at AS "openedAt", r.due_at AS "dueAt", r.status, r.decision,
            r.signed_off_at AS "signedOffAt", r.note,
            COALESCE(${personName('signer')}, signer.login, ${personName('assignee')}, assignee.login) AS reviewer
       FROM organisation_reviews r
       JOIN standards s ON s.tenant_id = r.tenant_id AND s.id = r.standard_id
       LEFT JOIN users signer ON signer.tenant_id = r.tenant_id AND signer.id = r.signed_off_by
       LEFT JOIN users assignee ON assignee.tenant_id = r.tenant_id AND assignee.id = r.assignee_user_id
      WHERE r.tenant_id = $1 AND r.organisation_id = $2 AND r.list_id = $3::bigint
        AND r.opened_at >= $4 AND r.opened_at < $5
      ORDER BY r.opened_at, r.id
      LIMIT $6`,
    [tenantId, scope.organisationId, scope.listId, period.from, period.to, EVIDENCE_MAX_ROWS + 1],
  );
  return rows;
}
