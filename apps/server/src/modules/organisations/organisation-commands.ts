import type { CreateOrganisationBody, OrganisationRole } from '@trackwell/contracts';
import {
  countOwners,
  createOrganisation,
  type DatabaseHandle,
  findOrganisation,
  listsResponsibleFor,
  lockOrganisation,
  putMember,
  recordAuditEntry,
  removeMember,
  type SqlExecutor,
  type Tenant,
} from '@trackwell/db';
import { HttpError, notFound } from '../../http/errors.ts';
import { type Member, requireMember } from './access.ts';

/*
 * An organisation and its members, framework-free: each command one transaction with its audit entry (the
 * store's console shows them). The caller's role is checked first (access.ts); the organisation's row is
 * locked while the last owner or the seats are at stake, so two requests cannot both pass the check.
 */

export type Caller = Member & { tenant: Pick<Tenant, 'id' | 'code'> };

export const conflict = (error: string, message: string) => new HttpError(409, error, message);

export const auditOf = (caller: Caller) => ({
  storeCode: caller.tenant.code,
  actor: { kind: 'user' as const, id: caller.id, login: caller.login },
});

/** Creates an organisation; its creator is its first owner (and takes its first seat). */
export function startOrganisation(db: DatabaseHandle, caller: Caller, body: CreateOrganisationBody) {
  return db.transaction(async (tx) => {
    const organisation = await createOrganisation(tx, caller.tenantId, {
      name: body.name,
      description: body.description ?? '',
    });
    if (!organisation)
      throw conflict(
        'name_taken',
        `This store already has an organisation named “${body.name}”: nothing was created.`,
      );
    await putMember(tx, caller.tenantId, organisation.id, caller.id, 'owner');
    const created = (await findOrganisation(tx, caller.tenantId, organisation.id))!;
    await recordAuditEntry(tx, caller.tenantId, {
      ...auditOf(caller),
      action: 'organisation.create',
      target: organisation.name,
      before: null,
      after: { id: organisation.id, name: organisation.name },
    });
    return created;
  });
}

/** An organisation always keeps an owner: the last one can neither leave nor become something else. */
async function keepAnOwner(
  tx: SqlExecutor,
  caller: Caller,
  organisationId: string,
  target: OrganisationRole,
) {
  if (target === 'owner' && (await countOwners(tx, caller.tenantId, organisationId)) <= 1)
    throw conflict(
      'last_owner',
      'This is the organisation’s last owner: make another member an owner first. Nothing was changed.',
    );
}

/** An owner changes a member's role. */
export function changeMemberRole(
  db: DatabaseHandle,
  caller: Caller,
  organisationId: string,
  userId: string,
  role: OrganisationRole,
) {
  return db.transaction(async (tx) => {
    await requireMember(tx, caller, organisationId, 'manageMembers');
    await lockOrganisation(tx, caller.tenantId, organisationId);
    const current = await requireMember(tx, { ...caller, id: userId }, organisationId).catch(() => {
      throw notFound('The organisation has no such member: nothing was changed.');
    });
    if (current !== role && current === 'owner') await keepAnOwner(tx, caller, organisationId, current);
    await putMember(tx, caller.tenantId, organisationId, userId, role);
    await recordAuditEntry(tx, caller.tenantId, {
      ...auditOf(caller),
      action: 'organisation.member',
      target: userId,
      before: { organisationId, role: current },
      after: { organisationId, role },
    });
  });
}

/**
 * An owner removes a member, or a member leaves. The last owner stays; a member responsible for a list
 * hands it over first (the list would otherwise have nobody to review its changes).
 */
export function dropMember(db: DatabaseHandle, caller: Caller, organisationId: string, userId: string) {
  return db.transaction(async (tx) => {
    await requireMember(tx, caller, organisationId, userId === caller.id ? undefined : 'manageMembers');
    await lockOrganisation(tx, caller.tenantId, organisationId);
    const current = await requireMember(tx, { ...caller, id: userId }, organisationId).catch(() => {
      throw notFound('The organisation has no such member: nothing was changed.');
    });
    await keepAnOwner(tx, caller, organisationId, current);
    const lists = await listsResponsibleFor(tx, caller.tenantId, organisationId, userId);
    if (lists.length > 0)
      throw conflict(
        'responsible_for_lists',
        `This member is responsible for ${lists.map((n) => `“${n}”`).join(', ')}: name another responsible ` +
          'person first. Nothing was changed.',
      );
    await removeMember(tx, caller.tenantId, organisationId, userId);
    await recordAuditEntry(tx, caller.tenantId, {
      ...auditOf(caller),
      action: 'organisation.member',
      target: userId,
      before: { organisationId, role: current },
      after: null,
    });
  });
}
