import {
  CONSOLE_PATHS,
  consoleRoleChange,
  consoleRoleGrantBody,
  consoleRoleList,
  storeCodeParams,
} from '@trackwell/contracts';
import { consoleCaller, consoleStore } from './caller.ts';
import { changeRole, listGrants } from './role-commands.ts';
import { type ConsoleApp, consoleDocs, consoleErrors } from './schemas.ts';

const roleAnswer = { 200: consoleRoleList, ...consoleErrors };

/** Role grants of a store: list, grant (POST) and revoke (DELETE), each grant or revoke audited (role-commands.ts). */
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
    async (request) => listGrants(app.db, consoleStore(request).id),
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
    async (request) => changeRole(app, consoleStore(request), consoleCaller(request), request.body, true),
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
    async (request) => changeRole(app, consoleStore(request), consoleCaller(request), request.query, false),
  );
}
