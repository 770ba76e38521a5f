import { randomUUID } from 'node:crypto';
import type { OrganisationRole } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';
import { type InvitationRow, isUuid } from './organisations.ts';

/**
 * An organisation's e-mailed invitations (migration 0048): open until accepted, revoked or expired; one open
 * invitation per address and organisation. Every statement filters by the tenant and the organisation.
 */

const INVITATION_COLUMNS = `i.id, i.organisation_id AS "organisationId", i.email, i.role,
    i.created_at AS "createdAt", i.expires_at AS "expiresAt", i.accepted_at AS "acceptedAt",
    i.revoked_at AS "revokedAt"`;
const INVITATION_SELECT = `SELECT ${INVITATION_COLUMNS} FROM organisation_invitations i`;

/**
 * Records an invitation; undefined when the address already has an open one for this organisation. An
 * expired one that was never closed is revoked first, so the address can be invited again.
 */
export async function createInvitation(
  tx: SqlExecutor,
  tenantId: string,
  input: {
    organisationId: string;
    email: string;
    role: OrganisationRole;
    invitedBy: string;
    ttlSeconds: number;
  },
): Promise<InvitationRow | undefined> {
  await tx.query(
    `UPDATE organisation_invitations SET revoked_at = now()
      WHERE tenant_id = $1 AND organisation_id = $2 AND email = $3
        AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at <= now()`,
    [tenantId, input.organisationId, input.email],
  );
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO organisation_invitations (id, tenant_id, organisation_id, email, role, invited_by, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))
     ON CONFLICT (tenant_id, organisation_id, email) WHERE accepted_at IS NULL AND revoked_at IS NULL
     DO NOTHING RETURNING id`,
    [
      randomUUID(),
      tenantId,
      input.organisationId,
      input.email,
      input.role,
      input.invitedBy,
      input.ttlSeconds,
    ],
  );
  return rows[0] && findInvitation(tx, tenantId, input.organisationId, rows[0].id);
}

/** One invitation of the organisation (any state). */
export async function findInvitation(
  db: SqlExecutor,
  tenantId: string,
  organisationId: string,
  invitationId: string,
): Promise<InvitationRow | undefined> {
  if (!isUuid(invitationId) || !isUuid(organisationId)) return undefined;
  const { rows } = await db.query<InvitationRow>(
    `${INVITATION_SELECT} WHERE i.tenant_id = $1 AND i.organisation_id = $2 AND i.id = $3`,
    [tenantId, organisationId, invitationId],
  );
  return rows[0];
}

/** An invitation of the store by its id alone (an e-mailed link names no organisation), with its name. */
export async function findStoreInvitation(
  db: SqlExecutor,
  tenantId: string,
  invitationId: string,
): Promise<(InvitationRow & { organisationName: string }) | undefined> {
  if (!isUuid(invitationId)) return undefined;
  const { rows } = await db.query<InvitationRow & { organisationName: string }>(
    `SELECT ${INVITATION_COLUMNS}, o.name AS "organisationName"
       FROM organisation_invitations i JOIN organisations o ON o.tenant_id = i.tenant_id AND o.id = i.organisation_id
      WHERE i.tenant_id = $1 AND i.id = $2`,
    [tenantId, invitationId],
  );
  return rows[0];
}

/** The organisation's open invitations, newest first. */
export async function listOpenInvitations(
  db: SqlExecutor,
  tenantId: string,
  organisationId: string,
): Promise<InvitationRow[]> {
  const { rows } = await db.query<InvitationRow>(
    `${INVITATION_SELECT} WHERE i.tenant_id = $1 AND i.organisation_id = $2
        AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > now()
      ORDER BY i.created_at DESC, i.id`,
    [tenantId, organisationId],
  );
  return rows;
}

/** Closes an open invitation as revoked; false when it was not open. */
export async function revokeInvitation(
  tx: SqlExecutor,
  tenantId: string,
  organisationId: string,
  invitationId: string,
): Promise<boolean> {
  if (!isUuid(invitationId)) return false;
  const { rowCount } = await tx.query(
    `UPDATE organisation_invitations SET revoked_at = now()
      WHERE tenant_id = $1 AND organisation_id = $2 AND id = $3 AND accepted_at IS NULL AND revoked_at IS NULL`,
    [tenantId, organisationId, invitationId],
  );
  return rowCount > 0;
}

/**
 * Closes an open, unexpired invitation as accepted by the user; false when it is not open any more (used,
 * revoked, expired, or accepted by a concurrent request).
 */
export async function markInvitationAccepted(
  tx: SqlExecutor,
  tenantId: string,
  invitationId: string,
  userId: string,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE organisation_invitations SET accepted_at = now(), accepted_by = $3
      WHERE tenant_id = $1 AND id = $2 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()`,
    [tenantId, invitationId, userId],
  );
  return rowCount > 0;
}
