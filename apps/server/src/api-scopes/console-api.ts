import type { FastifyInstance } from 'fastify';
import { useApiAnswerHeaders, usePerUserRateLimit } from '../http/api-scope.ts';
import { useConsoleAuthentication, useConsoleAuthorization } from '../modules/console/access-hooks.ts';
import { consoleRoutes } from '../modules/console/routes.ts';
import { storeWebhookRoutes } from '../modules/console/webhook-routes.ts';
import { registerWebhookRoutes } from '../modules/webhooks/routes.ts';

/**
 * The console API under /api/console/v1, on any store host. One scope, read as a list: authenticate (the
 * host store's bearer token, or on message.html its signed `view` token; onRequest: 401 before anything
 * else) → rate limit per user → authorize (the caller's role grants against the route's `consoleAction` and
 * the store its `:code` names: 403 before the body is validated) → validate → route.
 */
export async function consoleApi(app: FastifyInstance): Promise<void> {
  useApiAnswerHeaders(app);
  useConsoleAuthentication(app);
  usePerUserRateLimit(app, 'console-user', app.env.TRACKER_RATE_LIMIT_PER_USER);
  useConsoleAuthorization(app);
  await consoleRoutes(app);
  registerWebhookRoutes(app, storeWebhookRoutes);
}
