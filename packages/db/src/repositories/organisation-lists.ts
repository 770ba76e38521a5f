import type { SqlExecutor } from '../client.ts';
import { isUuid } from './organisations.ts';

/**
 * An organisation's named watch lists and their standards (migration 0048). Every statement filters by the
 * tenant and names the organisation, so a list id of another organisation (or store) finds nothing.
 */

export interface OrganisationListRow {
  id: string;
  name: string;
  responsible: { userId: string; login: string; firstName: string; lastName: string } | null;
  standardCount: number;
  createdAt: Date;
}

export interface OrganisationListStandardRow {
  standardId: string;
  assetId: string;
  designation: string;
  title: string;
  status: string;
  edition: string;
  addedAt: Date;
}

const isListId = (id: string) => /^[1-9][0-9]{0,17}$/.test(id);

const LIST_SELECT = `SELECT l.id::text AS id, l.name, l.created_at AS "createdAt",
    CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('userId', u.id, 'login', u.login,
      'firstName', u.first_name, 'lastName', u.last_name) END AS responsible,
    (SELECT count(*)::int FROM organisation_list_standards ls
      WHERE ls.tenant_id = l.tenant_id AND ls.list_id = l.id) AS "standardCount"
  FROM organisation_lists l
  LEFT JOIN users u ON u.tenant_id = l.tenant_id AND u.id = l.responsible_user_id`;

export async function listOrganisationLists(
  db: SqlExecutor,
  tenantId: string,
  organisationId: string,
): Promise<OrganisationListRow[]> {
  const { rows } = await db.query<OrganisationListRow>(
    `${LIST_SELECT} WHERE l.tenant_id = $1 AND l.organisation_id = $2 ORDER BY lower(l.name), l.id`,
    [tenantId, organisationId],
  );
  return rows;
}

export async function findOrganisationList(
  db: SqlExecutor,
  tenantId: string,
  organisationId: string,
  listId: string,
): Promise<OrganisationListRow | undefined> {
  if (!isListId(listId) || !isUuid(organisationId)) return undefined;
  const { rows } = await db.query<OrganisationListRow>(
    `${LIST_SELECT} WHERE l.tenant_id = $1 AND l.organisation_id = $2 AND l.id = $3::bigint`,
    [tenantId, organisationId, listId],
  );
  return rows[0];
}

/** The list's standards, by designation. */
export async function listOrganisationListStandards(
  db: SqlExecutor,
  tenantId: string,
  listId: string,
): Promise<OrganisationListStandardRow[]> {
  const { rows } = await db.query<OrganisationListStandardRow>(
    `SELECT s.id::text AS "standardId", s.asset_id AS "assetId", s.designation, s.title, s.status, s.edition,
            ls.added_at AS "addedAt"
       FROM organisation_list_standards ls JOIN standards s ON s.tenant_id = ls.tenant_id AND s.id = ls.standard_id
      WHERE ls.tenant_id = $1 AND ls.list_id = $2::bigint
      ORDER BY s.designation, s.id`,
    [tenantId, listId],
  );
  return rows;
}

export type ListWriteResult = { ok: true; id: string } | { ok: false; reason: 'name_taken' | 'not_member' };

/** The responsible person must be a member (the foreign key says so too); names are unique per organisation. */
async function listProblem(
  tx: SqlExecutor,
  tenantId: string,
  organisationId: string,
  input: { name?: string | undefined; responsibleUserId?: string | undefined },
  exceptListId: string | null,
): Promise<'name_taken' | 'not_member' | undefined> {
  if (input.responsibleUserId !== undefined) {
    const { rows: found } = await tx.query(
      'SELECT 1 FROM organisation_members WHERE tenant_id = $1 AND organisation_id = $2 AND user_id = $3',
      [tenantId, organisationId, input.responsibleUserId],
    );
    if (found.length === 0) return 'not_member';
  }
  if (input.name !== undefined) {
    const { rows: found } = await tx.query(
      `SELECT 1 FROM organisation_lists WHERE tenant_id = $1 AND organisation_id = $2 AND lower(name) = lower($3)
          AND ($4::bigint IS NULL OR id <> $4::bigint)`,
      [tenantId, organisationId, input.name, exceptListId],
    );
    if (found.length > 0) return 'name_taken';
  }
  return undefined;
}

export async function createOrganisationList(
  tx: SqlExecutor,
  tenantId: string,
  organisationId: string,
  input: { name: string; responsibleUserId: string },
): Promise<ListWriteResult> {
  const problem = await listProblem(tx, tenantId, organisationId, input, null);
  if (problem) return { ok: false, reason: problem };
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO organisation_lists (tenant_id, organisation_id, name, responsible_user_id)
     VALUES ($1, $2, $3, $4) RETURNING id::text AS id`,
    [tenantId, organisationId, input.name, input.responsibleUserId],
  );
  return { ok: true, id: rows[0]!.id };
}

export async function updateOrganisationList(
  tx: SqlExecutor,
  tenantId: string,
  organisationId: string,
  listId: string,
  input: { name?: string | undefined; responsibleUserId?: string | undefined },
): Promise<ListWriteResult> {
  const problem = await listProblem(tx, tenantId, organisationId, input, listId);
  if (problem) return { ok: false, reason: problem };
  await tx.query(
    `UPDATE organisation_lists SET name = COALESCE($4, name), responsible_user_id = COALESCE($5::uuid, responsible_user_id)
      WHERE tenant_id = $1 AND organisation_id = $2 AND id = $3::bigint`,
    [tenantId, organisationId, listId, input.name ?? null, input.responsibleUserId ?? null],
  );
  return { ok: true, id: listId };
}

export async function deleteOrganisationList(
  tx: SqlExecutor,
  tenantId: string,
  organisationId: string,
  listId: string,
): Promise<boolean> {
  if (!isListId(listId)) return false;
  const { rowCount } = await tx.query(
    'DELETE FROM organisation_lists WHERE tenant_id = $1 AND organisation_id = $2 AND id = $3::bigint',
    [tenantId, organisationId, listId],
  );
  return rowCount > 0;
}

/** The names of the organisation's lists the user is responsible for (they cannot leave before handing over). */
export async function listsResponsibleFor(
  db: SqlExecutor,
  tenantId: string,
  organisationId: string,
  userId: string,
): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT name FROM organisation_lists WHERE tenant_id = $1 AND organisation_id = $2 AND responsible_user_id = $3
      ORDER BY lower(name)`,
    [tenantId, organisationId, userId],
  );
  return rows.map((r) => r.name);
}

/** Adds a standard of the store to the list; answers whether it was new. */
export async function addStandardToList(
  tx: SqlExecutor,
  tenantId: string,
  listId: string,
  standardId: number | string,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `INSERT INTO organisation_list_standards (tenant_id, list_id, standard_id)
     SELECT $1, $2::bigint, s.id FROM standards s WHERE s.tenant_id = $1 AND s.id = $3::bigint
     ON CONFLICT (tenant_id, list_id, standard_id) DO NOTHING`,
    [tenantId, listId, standardId],
  );
  return rowCount > 0;
}

export async function removeStandardFromList(
  tx: SqlExecutor,
  tenantId: string,
  listId: string,
  standardId: string,
): Promise<boolean> {
  if (!isListId(standardId)) return false;
  const { rowCount } = await tx.query(
    'DELETE FROM organisation_list_standards WHERE tenant_id = $1 AND list_id = $2::bigint AND standard_id = $3::bigint',
    [tenantId, listId, standardId],
  );
  return rowCount > 0;
}
