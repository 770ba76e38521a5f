import type { ConsoleOrganisationDetail, ConsoleOrganisationSummary } from '@trackwell/contracts';
import {
  type DatabaseHandle,
  findOrganisation,
  listMembers,
  listOrganisations,
  lockOrganisation,
  type OrganisationRow,
  recordAuditEntry,
  setSeatLimit,
  type Tenant,
} from '@trackwell/db';
import { notFound } from '../../http/errors.ts';
import type { ConsoleCaller } from './caller.ts';

/*
 * A store's organisations as its administrators see them: seats (members plus open invitations, of the
 * limit), members, open invitations and lists; one with its members; and its seat limit, which the store
 * sets. Lowering the limit below the seats in use is allowed: no one is removed, but no invitation is sent
 * and none accepted until seats are free (the organisations module checks it).
 */

const present = (o: OrganisationRow): ConsoleOrganisationSummary => ({
  id: o.id,
  name: o.name,
  seats: { limit: o.seatLimit, used: o.seatsUsed },
  members: o.members,
  openInvitations: o.openInvitations,
  lists: o.lists,
  createdAt: new Date(o.createdAt).toISOString(),
});

const noSuchOrganisation = () => notFound('This store has no such organisation.');

export async function storeOrganisations(db: DatabaseHandle, store: Tenant) {
  const rows = await listOrganisations(db, store.id);
  return { organisations: rows.map(present) };
}

export async function storeOrganisation(
  db: DatabaseHandle,
  store: Tenant,
  organisationId: string,
): Promise<{ organisation: ConsoleOrganisationDetail }> {
  const row = await findOrganisation(db, store.id, organisationId);
  if (!row) throw noSuchOrganisation();
  const members = await listMembers(db, store.id, organisationId);
  return {
    organisation: {
      ...present(row),
      memberList: members.map((m) => ({ ...m, joinedAt: new Date(m.joinedAt).toISOString() })),
    },
  };
}

/** Sets an organisation's seat limit, with its audit entry. */
export async function changeSeatLimit(
  db: DatabaseHandle,
  caller: ConsoleCaller,
  store: Tenant,
  organisationId: string,
  seatLimit: number,
) {
  await db.transaction(async (tx) => {
    const before = await lockOrganisation(tx, store.id, organisationId);
    if (!before) throw noSuchOrganisation();
    await setSeatLimit(tx, store.id, organisationId, seatLimit);
    await recordAuditEntry(tx, store.id, {
      storeCode: store.code,
      actor: { kind: 'user', id: caller.user.id, login: caller.user.login },
      action: 'organisation.seats',
      target: before.name,
      before: { seatLimit: before.seatLimit },
      after: { seatLimit },
    });
  });
  return storeOrganisation(db, store, organisationId);
}
