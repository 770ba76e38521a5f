import { tenantCode } from '@trackwell/contracts';
import { findTenantByCode, listUserConsoleRoles } from '@trackwell/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, notFound } from '../../http/errors.ts';
import { currentUser } from '../auth/plugin.ts';
import { type ConsoleCaller, setConsoleCaller } from './caller.ts';
import { type ConsoleAction, mayDo } from './console-access.ts';
import { authenticateByViewToken } from './message-html-routes.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a console route does (console-access.ts decides who may). */
    consoleAction?: ConsoleAction;
    /** The route also takes a message.html `view` token instead of the bearer token (message-html-routes.ts). */
    consoleViewToken?: boolean;
  }
}

/**
 * The console scope's own checks (api-scopes/console-api.ts puts them in order). Authentication: the host
 * store's bearer token, or on message.html its signed `view` token (onRequest: 401 before anything else).
 */
export function useConsoleAuthentication(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!(await authenticateByViewToken(app, request))) await app.authenticate.call(app, request, reply);
  });
}

/**
 * Authorization (preValidation): the caller's role grants, read from the database on every call, against
 * the route's action and the store its `:code` names: 403 before the body is even validated, so a foreign
 * store learns nothing. An operator naming a store that does not exist gets 404; anyone else 403.
 */
export function useConsoleAuthorization(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    setConsoleCaller(request, await authorize(app, request));
  });
}

async function authorize(app: FastifyInstance, request: FastifyRequest): Promise<ConsoleCaller> {
  const user = currentUser(request);
  const action = request.routeOptions.config.consoleAction;
  if (!action) throw forbidden();
  const roles = await listUserConsoleRoles(app.db, user.tenantId, user.id);
  const grants = roles.map((role) => ({ role, storeId: user.tenantId }));
  const code = (request.params as { code?: unknown } | undefined)?.code;
  const named = typeof code === 'string';
  const store =
    named && tenantCode.safeParse(code).success ? await findTenantByCode(app.db, code) : undefined;
  if (!mayDo(grants, action, store?.id)) {
    throw forbidden(
      grants.length === 0
        ? 'You hold no console role.'
        : 'Your console role does not allow this on this store: nothing was read or changed.',
    );
  }
  if (named && !store) throw notFound('No such store.');
  return { user, grants, store };
}
