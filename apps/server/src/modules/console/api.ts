import { tenantCode } from '@trackwell/contracts';
import { findTenantByCode, listUserConsoleRoles } from '@trackwell/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { useApiAnswerHeaders, usePerUserRateLimit } from '../../http/api-scope.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { currentUser } from '../auth/plugin.ts';
import { registerApiKeyRoutes } from './api-key-routes.ts';
import { registerAuditRoutes } from './audit-routes.ts';
import { type ConsoleCaller, setConsoleCaller } from './caller.ts';
import { registerCatalogImportRoutes } from './catalog-import-routes.ts';
import { registerChangeRoutes } from './change-routes.ts';
import { registerClientRoutes } from './client-routes.ts';
import { type ConsoleAction, mayDo } from './console-access.ts';
import { registerDeliveryRoutes } from './delivery-routes.ts';
import { registerIdentityTestRoutes } from './identity-test-routes.ts';
import { registerLogoRoutes } from './logo-routes.ts';
import { authenticateByViewToken } from './message-html-routes.ts';
import { registerRoleRoutes } from './role-routes.ts';
import { registerStandardRoutes } from './standard-routes.ts';
import { registerStoreRoutes } from './store-routes.ts';
import { registerUserAdminRoutes } from './user-routes.ts';
import { registerWebhookConsoleRoutes } from './webhook-routes.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a console route does (console-access.ts decides who may). */
    consoleAction?: ConsoleAction;
    /** The route also takes a message.html `view` token instead of the bearer token (message-html-routes.ts). */
    consoleViewToken?: boolean;
  }
}

/**
 * The console API (issue 14) under /api/console/v1, on any store host. One scope, read as a list:
 * authenticate (the host store's bearer token, or on message.html its signed `view` token; onRequest: 401
 * before anything else) → rate limit per user → authorize (the caller's role grants, read from the database
 * on every call, against the route's action and the store its `:code` names: 403 before the body is even
 * validated, so a foreign store learns nothing) → validate → route. An operator naming a store that does not exist gets 404; anyone else 403.
 */
export async function consoleApi(app: FastifyInstance): Promise<void> {
  useApiAnswerHeaders(app);
  app.addHook('onRequest', async (request, reply) => {
    if (!(await authenticateByViewToken(app, request))) await app.authenticate.call(app, request, reply);
  });
  usePerUserRateLimit(app, 'console-user', app.env.TRACKER_RATE_LIMIT_PER_USER);
  app.addHook('preValidation', async (request) => {
    setConsoleCaller(request, await authorize(app, request));
  });
  registerStoreRoutes(app);
  registerRoleRoutes(app);
  registerApiKeyRoutes(app);
  registerAuditRoutes(app);
  await app.register(async (scope) => registerCatalogImportRoutes(scope));
  registerChangeRoutes(app);
  registerDeliveryRoutes(app);
  registerClientRoutes(app);
  registerIdentityTestRoutes(app);
  registerStandardRoutes(app);
  await app.register(async (scope) => registerLogoRoutes(scope));
  registerWebhookConsoleRoutes(app);
  registerUserAdminRoutes(app);
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
