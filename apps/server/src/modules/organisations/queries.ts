import {
  type DatabaseHandle,
  findOrganisation,
  listMembers,
  listOpenInvitations,
  listOrganisationLists,
  listUserOrganisations,
} from '@trackwell/db';
import { type Member, requireMember } from './access.ts';

/** What members read, each after the caller's membership (and, for invitations, ownership) is checked. */

export const myOrganisations = (db: DatabaseHandle, user: Member) =>
  listUserOrganisations(db, user.tenantId, user.id);

export async function readOrganisation(db: DatabaseHandle, user: Member, organisationId: string) {
  const role = await requireMember(db, user, organisationId);
  return { organisation: (await findOrganisation(db, user.tenantId, organisationId))!, role };
}

export async function readMembers(db: DatabaseHandle, user: Member, organisationId: string) {
  await requireMember(db, user, organisationId);
  return listMembers(db, user.tenantId, organisationId);
}

export async function readInvitations(db: DatabaseHandle, user: Member, organisationId: string) {
  await requireMember(db, user, organisationId, 'manageMembers');
  return listOpenInvitations(db, user.tenantId, organisationId);
}

export async function readLists(db: DatabaseHandle, user: Member, organisationId: string) {
  await requireMember(db, user, organisationId);
  return listOrganisationLists(db, user.tenantId, organisationId);
}
