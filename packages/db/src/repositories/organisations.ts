import { randomUUID } from 'node:crypto';
import { DEFAULT_SEAT_LIMIT, type OrganisationRole } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';

/**
 * Organisations within a store, their members and invitations (migration 0048). Every function takes the
 * tenant and filters by it; those about one organisation also name it, so an id of another store's
 * organisation finds nothing. Seats: members plus open (unexpired, not accepted, not revoked) invitations.
 */

export interface OrganisationRow {
  id: string;
  name: string;
  description: string;
  seatLimit: number;
  /** Days from a change to its review's due date (migration 0049). */
  reviewDueDays: number;
  seatsUsed: number;
  members: number;
  openInvitations: number;
  lists: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface MemberRow {
  userId: string;
  login: string;
  firstName: string;
  lastName: string;
  role: OrganisationRole;
  joinedAt: Date;
}

export interface InvitationRow {
  id: string;
  organisationId: string;
  email: string;
  role: OrganisationRole;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
}

const OPEN_INVITATION = 'i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > now()';

const ORGANISATION_SELECT = `SELECT o.id, o.name, o.description, o.seat_limit AS "seatLimit",
    o.review_due_days AS "reviewDueDays", o.created_at AS "createdAt",
    o.updated_at AS "updatedAt",
    (SELECT count(*)::int FROM organisation_members m
      WHERE m.tenant_id = o.tenant_id AND m.organisation_id = o.id) AS members,
    (SELECT count(*)::int FROM organisation_invitations i
      WHERE i.tenant_id = o.tenant_id AND i.organisation_id = o.id AND ${OPEN_INVITATION}) AS "openInvitations",
    (SELECT count(*)::int FROM organisation_lists l
      WHERE l.tenant_id = o.tenant_id AND l.organisation_id = o.id) AS lists
  FROM organisations o`;

type OrganisationDbRow = Omit<OrganisationRow, 'seatsUsed'>;
const toOrganisation = (r: OrganisationDbRow): OrganisationRow => ({
  ...r,
  seatsUsed: r.members + r.openInvitations,
});

export const isUuid = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Creates an organisation; undefined when the store already has one of that name (any case). */
export async function createOrganisation(
  tx: SqlExecutor,
  tenantId: string,
  input: { name: string; description: string; seatLimit?: number | undefined },
): Promise<OrganisationRow | undefined> {
  const id = randomUUID();
  const inserted = await tx.query(
    `INSERT INTO organisations (id, tenant_id, name, description, seat_limit)
     VALUES ($1, $2, $3, $4, COALESCE($5::int, ${DEFAULT_SEAT_LIMIT}))
     ON CONFLICT (tenant_id, lower(name)) DO NOTHING`,
    [id, tenantId, input.name, input.description, input.seatLimit ?? null],
  );
  if (inserted.rowCount === 0) return undefined;
  return findOrganisation(tx, tenantId, id);
}

export async function findOrganisation(
  db: SqlExecutor,
  tenantId: string,
  organisationId: string,
): Promise<OrganisationRow | undefined> {
  if (!isUuid(organisationId)) return undefined;
  const { rows } = await db.query<OrganisationDbRow>(
    `${ORGANISATION_SELECT} WHERE o.tenant_id = $1 AND o.id = $2`,
    [tenantId, organisationId],
  );
  return rows[0] && toOrganisation(rows[0]);
}

/**
 * Locks the organisation's row for the rest of the transaction (seat checks, role changes, the last owner),
 * so two invitations or acceptances cannot both take the last seat. Undefined when the store has none.
 */
export async function lockOrganisation(
  tx: SqlExecutor,
  tenantId: string,
  organisationId: string,
): Promise<OrganisationRow | undefined> {
  if (!isUuid(organisationId)) return undefined;
  const { rows: found } = await tx.query(
    'SELECT 1 FROM organisations WHERE tenant_id = $1 AND id = $2 FOR UPDATE',
    [tenantId, organisationId],
  );
  return found.length === 0 ? undefined : findOrganisation(tx, tenantId, organisationId);
}

/** The store's organisations, oldest first, a page after the cursor `after` (an id); `q`: names starting so. */
export async function listOrganisations(
  db: SqlExecutor,
  tenantId: string,
  page: { limit: number; after?: string | undefined; q?: string | undefined } = { limit: 1000 },
): Promise<OrganisationRow[]> {
  const after = page.after && isUuid(page.after) ? page.after : null;
  const { rows } = await db.query<OrganisationDbRow>(
    `${ORGANISATION_SELECT}
      WHERE o.tenant_id = $1
        AND ($2::uuid IS NULL OR (o.created_at, o.id) >
             (SELECT a.created_at, a.id FROM organisations a WHERE a.tenant_id = $1 AND a.id = $2::uuid))
        AND ($4::text IS NULL OR starts_with(lower(o.name), lower($4)))
      ORDER BY o.created_at, o.id LIMIT $3`,
    [tenantId, after, page.limit, page.q || null],
  );
  return rows.map(toOrganisation);
}

/** The organisations a user belongs to, with their role in each (by name). */
export async function listUserOrganisations(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
): Promise<Array<OrganisationRow & { role: OrganisationRole }>> {
  const { rows } = await db.query<OrganisationDbRow & { role: OrganisationRole }>(
    `SELECT x.*, me.role FROM (${ORGANISATION_SELECT} WHERE o.tenant_id = $1) x
       JOIN organisation_members me ON me.tenant_id = $1 AND me.organisation_id = x.id AND me.user_id = $2
      ORDER BY lower(x.name), x.id`,
    [tenantId, userId],
  );
  return rows.map((r) => ({ ...toOrganisation(r), role: r.role }));
}

export async function setSeatLimit(
  tx: SqlExecutor,
  tenantId: string,
  organisationId: string,
  seatLimit: number,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    'UPDATE organisations SET seat_limit = $3, updated_at = now() WHERE tenant_id = $1 AND id = $2',
    [tenantId, organisationId, seatLimit],
  );
  return rowCount > 0;
}

/** Deletes an organisation with its members, invitations and lists. */
export async function deleteOrganisation(tx: SqlExecutor, tenantId: string, organisationId: string) {
  if (!isUuid(organisationId)) return false;
  const { rowCount } = await tx.query('DELETE FROM organisations WHERE tenant_id = $1 AND id = $2', [
    tenantId,
    organisationId,
  ]);
  return rowCount > 0;
}

// ---------------------------------------------------------------------------------------------------------
// Members

const MEMBER_SELECT = `SELECT m.user_id AS "userId", u.login, u.first_name AS "firstName", u.last_name AS "lastName",
    m.role, m.joined_at AS "joinedAt"
  FROM organisation_members m JOIN users u ON u.tenant_id = m.tenant_id AND u.id = m.user_id`;

/** The user's role in the organisation, or undefined when they are not a member (or it is not the store's). */
export async function findMemberRole(
  db: SqlExecutor,
  tenantId: string,
  organisationId: string,
  userId: string,
): Promise<OrganisationRole | undefined> {
  if (!isUuid(organisationId) || !isUuid(userId)) return undefined;
  const { rows } = await db.query<{ role: OrganisationRole }>(
    `SELECT role FROM organisation_members WHERE tenant_id = $1 AND organisation_id = $2 AND user_id = $3`,
    [tenantId, organisationId, userId],
  );
  return rows[0]?.role;
}

/** The organisation's members, by name. */
export async function listMembers(
  db: SqlExecutor,
  tenantId: string,
  organisationId: string,
): Promise<MemberRow[]> {
  const { rows } = await db.query<MemberRow>(
    `${MEMBER_SELECT} WHERE m.tenant_id = $1 AND m.organisation_id = $2
      ORDER BY lower(u.last_name), lower(u.first_name), u.login`,
    [tenantId, organisationId],
  );
  return rows;
}

/** A page of the members by user id after the cursor `after` (the Groups API's paging). */
export async function pageMembers(
  db: SqlExecutor,
  tenantId: string,
  organisationId: string,
  page: { limit: number; after?: string | undefined },
): Promise<MemberRow[]> {
  const after = page.after && isUuid(page.after) ? page.after.toLowerCase() : null;
  const { rows } = await db.query<MemberRow>(
    `${MEMBER_SELECT} WHERE m.tenant_id = $1 AND m.organisation_id = $2 AND ($3::uuid IS NULL OR m.user_id > $3::uuid)
      ORDER BY m.user_id LIMIT $4`,
    [tenantId, organisationId, after, page.limit],
  );
  return rows;
}

/** Adds a member, or changes their role; answers whether they were new. */
export async function putMember(
  tx: SqlExecutor,
  tenantId: string,
  organisationId: string,
  userId: string,
  role: OrganisationRole,
): Promise<{ created: boolean }> {
  const { rows } = await tx.query<{ created: boolean }>(
    `INSERT INTO organisation_members (tenant_id, organisation_id, user_id, role) VALUES ($1, $2, $3, $4)
     ON CONFLICT (tenant_id, organisation_id, user_id) DO UPDATE SET role = EXCLUDED.role
     RETURNING (xmax = 0) AS created`,
    [tenantId, organisationId, userId, role],
  );
  return { created: rows[0]?.created ?? false };
}

export async function removeMember(
  tx: SqlExecutor,
  tenantId: string,
  organisationId: string,
  userId: string,
) {
  const { rowCount } = await tx.query(
    'DELETE FROM organisation_members WHERE tenant_id = $1 AND organisation_id = $2 AND user_id = $3',
    [tenantId, organisationId, userId],
  );
  return rowCount > 0;
}

export async function countOwners(tx: SqlExecutor, tenantId: string, organisationId: string) {
  const { rows } = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM organisation_members
      WHERE tenant_id = $1 AND organisation_id = $2 AND role = 'owner'`,
    [tenantId, organisationId],
  );
  return rows[0]?.n ?? 0;
}

/** Whether the user belongs to any organisation of the store (the subscriber-company rule). */
export async function isOrganisationMember(db: SqlExecutor, tenantId: string, userId: string) {
  const { rows: found } = await db.query(
    'SELECT 1 FROM organisation_members WHERE tenant_id = $1 AND user_id = $2 LIMIT 1',
    [tenantId, userId],
  );
  return found.length > 0;
}
