import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerFollowSuccessorRoutes } from './follow-successor-routes.ts';
import { registerListUnsubscribeRoutes } from './list-unsubscribe-routes.ts';
import { registerPublisherRoutes } from './publisher-routes.ts';
import type { NotificationService } from './service.ts';
import { registerUnsubscribeRoutes } from './unsubscribe-routes.ts';

/**
 * Change notifications over HTTP:
 * - the publisher's change feed (POST /api/catalog/v1/changes) and the delivery log, both authenticated
 *   by the tenant's publisher API key (`Authorization: Bearer <key>` or `X-Api-Key: <key>`) or by a
 *   client-credentials access token of the tenant's issuer (`Authorization: Bearer <token>`, scope
 *   `catalog.changes`) on the tenant's own host: a credential of another tenant is refused (403 for a key,
 *   401 for a token) and nothing is applied;
 * - the e-mail's one-click unsubscribe: GET shows a confirmation page and changes nothing (link scanners
 *   follow GETs), POST (the button, or a mail client's RFC 8058 one-click) unsubscribes at once;
 * - the e-mail's "Track <new> instead" of a replaced standard, the same way: GET confirms,
 *   POST acts (follow-successor-routes.ts).
 */

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationService;
  }
}

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  // RFC 8058 clients POST `List-Unsubscribe=One-Click` as form data; the body carries nothing we need
  // (the signed token is in the URL), so any body is accepted here and ignored.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, _body, done) => done(null, {}),
  );

  registerPublisherRoutes(app);
  registerUnsubscribeRoutes(app);
  registerFollowSuccessorRoutes(app);
  registerListUnsubscribeRoutes(app);
};
