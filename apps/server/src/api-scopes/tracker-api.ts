import type { FastifyInstance } from 'fastify';
import { useApiAnswerHeaders, usePerUserRateLimit } from '../http/api-scope.ts';
import { catalogRoutes } from '../modules/catalog/routes.ts';
import { flagRoutes } from '../modules/flags/routes.ts';
import { listIoRoutes } from '../modules/list-io/routes.ts';
import { memberRoutes } from '../modules/members/routes.ts';
import { notificationCentreRoutes } from '../modules/notification-centre/routes.ts';
import { resolverRoutes } from '../modules/resolver/routes.ts';
import { trackerRoutes } from '../modules/tracker/routes.ts';
import { userWebhookRoutes } from '../modules/webhooks/user-routes.ts';

/**
 * The bearer-token APIs the portal calls (spec §7): tracker, catalogue, feature flags, member service and
 * the platform resolver, the user's own webhook endpoints and notification centre, the list import and
 * export. One scope, read as a list: authenticate → rate limit (per user) → validate → route.
 * Authentication runs in onRequest, before the body is parsed and before the root guard and the schemas
 * (preValidation, validation), so a caller without a valid token learns nothing but 401.
 */
export async function trackerApi(app: FastifyInstance): Promise<void> {
  useApiAnswerHeaders(app);
  app.addHook('onRequest', app.authenticate); // authenticate first: 401 before any validation
  usePerUserRateLimit(app, 'tracker-user', app.env.TRACKER_RATE_LIMIT_PER_USER);
  await app.register(trackerRoutes);
  await app.register(catalogRoutes);
  await app.register(flagRoutes);
  await app.register(memberRoutes);
  await app.register(resolverRoutes);
  await app.register(userWebhookRoutes);
  await app.register(notificationCentreRoutes);
  await app.register(listIoRoutes);
}
