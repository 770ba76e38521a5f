import {
  CONSOLE_PATHS,
  type ConsoleRoleGrantBody,
  consoleRoleChange,
  consoleRoleGrantBody,
  consoleRoleList,
  storeCodeParams,
} from '@trackwell/contracts';
import {
  findTenantUserByLogin,
  grantConsoleRole,
  listConsoleRoleGrants,
  recordAuditEntry,
  revokeConsoleRole,
} from '@trackwell/db';
import type { FastifyRequest } from 'fastify';
import { forbidden, notFound } from '../../http/errors.ts';
import { consoleCaller, consoleStore } from './caller.ts';
import { grantableRoles } from './console-access.ts';
import { inviteToStore } from './invite.ts';
import { type ConsoleApp, consoleDocs, consoleErrors } from './schemas.ts';

const roleAnswer = { 200: consoleRoleList, ...consoleErrors };

async function listGrants(app: ConsoleApp, tenantId: string) {
  const grants = await listConsoleRoleGrants(app.db, tenantId);
  return { grants: grants.map((g) => ({ ...g, grantedAt: g.grantedAt.toISOString() })) };
}

/**
 * Grants or revokes a role, after checking the caller may hand out this role here (403) and the user is one
 * of the store's (404); the change and its audit entry in one transaction. Answers the store's grants.
 */
async function changeRole(
  app: ConsoleApp,
  request: FastifyRequest,
  body: ConsoleRoleGrantBody,
  grant: boolean,
) {
  const caller = consoleCaller(request);
  const store = consoleStore(request);
  if (!grantableRoles(caller.grants, store.id).includes(body.role))
    throw forbidden(`Your console role may not ${grant ? 'grant' : 'revoke'} ${body.role}.`);
  const target = await findTenantUserByLogin(app.db, store.id, body.login.toLowerCase());
  if (!target && grant && body.firstName && body.lastName) {
    const invited = await inviteToStore(app, store, caller, {
      ...body,
      firstName: body.firstName,
      lastName: body.lastName,
    });
    return { ...(await listGrants(app, store.id)), invited: invited.login };
  }
  if (!target)
    throw notFound(
      grant
        ? `No user ${body.login} in store ${store.code}: give their first and last names to invite them by e-mail.`
        : `No user ${body.login} in store ${store.code}.`,
    );
  await app.db.transaction(async (tx) => {
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
  return listGrants(app, store.id);
}

/** Role grants of a store: list, grant (POST) and revoke (DELETE), each grant or revoke audited. */
export function registerRoleRoutes(app: ConsoleApp) {
  app.get(
    CONSOLE_PATHS.storeRoles,
    {
      config: { consoleAction: 'role.read' },
      schema: {
        ...consoleDocs,
        summary: "The store's console role grants",
        params: storeCodeParams,
        response: roleAnswer,
      },
    },
    async (request) => listGrants(app, consoleStore(request).id),
  );

  app.post(
    CONSOLE_PATHS.storeRoles,
    {
      config: { consoleAction: 'role.grant' },
      schema: {
        ...consoleDocs,
        summary:
          'Grant a console role to a user of the store (operators: any; store admins: store_admin, catalog_editor); a login that is no user yet, given with names, is invited by e-mail',
        params: storeCodeParams,
        body: consoleRoleGrantBody,
        response: roleAnswer,
      },
    },
    async (request) => changeRole(app, request, request.body, true),
  );

  app.delete(
    CONSOLE_PATHS.storeRoles,
    {
      config: { consoleAction: 'role.revoke' },
      schema: {
        ...consoleDocs,
        summary: 'Revoke a console role (it stops working at once: roles are read on every call)',
        params: storeCodeParams,
        querystring: consoleRoleChange,
        response: roleAnswer,
      },
    },
    async (request) => changeRole(app, request, request.query, false),
  );
}
