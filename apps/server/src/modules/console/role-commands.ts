import type { ConsoleRoleGrantBody } from '@trackwell/contracts';
import {
  type DatabaseHandle,
  findTenantUserByLogin,
  grantConsoleRole,
  listConsoleRoleGrants,
  recordAuditEntry,
  revokeConsoleRole,
  type SqlExecutor,
  type Tenant,
} from '@trackwell/db';
import { forbidden, notFound } from '../../http/errors.ts';
import type { ConsoleCaller } from './caller.ts';
import { grantableRoles } from './console-access.ts';
import { type InviteDeps, inviteToStore } from './invite.ts';

/** The store's console role grants, as the routes answer them. */
export async function listGrants(db: SqlExecutor, tenantId: string) {
  const grants = await listConsoleRoleGrants(db, tenantId);
  return { grants: grants.map((g) => ({ ...g, grantedAt: g.grantedAt.toISOString() })) };
}

/**
 * Grants or revokes a role, after checking the caller may hand out this role here (403) and the user is one
 * of the store's (404; granting to a login that is no user yet, given with names, invites them: invite.ts);
 * the change and its audit entry in one transaction. Answers the store's grants.
 */
export async function changeRole(
  deps: InviteDeps & { db: DatabaseHandle },
  store: Tenant,
  caller: ConsoleCaller,
  body: ConsoleRoleGrantBody,
  grant: boolean,
) {
  const { db } = deps;
  if (!grantableRoles(caller.grants, store.id).includes(body.role))
    throw forbidden(`Your console role may not ${grant ? 'grant' : 'revoke'} ${body.role}.`);
  const target = await findTenantUserByLogin(db, store.id, body.login.toLowerCase());
  if (!target && grant && body.firstName && body.lastName) {
    const invited = await inviteToStore(deps, store, caller, {
      ...body,
      firstName: body.firstName,
      lastName: body.lastName,
    });
    return { ...(await listGrants(db, store.id)), invited: invited.login };
  }
  if (!target)
    throw notFound(
      grant
        ? `No user ${body.login} in store ${store.code}: give their first and last names to invite them by e-mail.`
        : `No user ${body.login} in store ${store.code}.`,
    );
  await db.transaction(async (tx) => {
    const changed = grant
      ? await grantConsoleRole(tx, store.id, target.id, body.role, caller.user.id)
      : await revokeConsoleRole(tx, store.id, target.id, body.role);
    if (!changed) return;
    await recordAuditEntry(tx, store.id, {
      storeCode: store.code,
      actor: { kind: 'user', id: caller.user.id, login: caller.user.login },
      action: grant ? 'role.grant' : 'role.revoke',
      target: target.login,
      before: { role: body.role, held: !grant },
      after: { role: body.role, held: grant },
    });
  });
  return listGrants(db, store.id);
}
