import {
  CATALOG_CHANGES_PATH,
  catalogChangesRequest,
  catalogChangesResponse,
  deliveriesQuery,
  deliveriesResponse,
  NOTIFICATION_DELIVERIES_PATH,
} from '@trackwell/contracts';
import { listNotificationDeliveries } from '@trackwell/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publisherAuthentication } from './publisher-auth.ts';
import { publishCatalogChanges } from './publisher-commands.ts';

type NotificationsApp = Parameters<FastifyPluginAsyncZod>[0];

/** The publisher's change feed and the delivery log (publisher API key or client-credentials token). */
export function registerPublisherRoutes(app: NotificationsApp) {
  const auth = publisherAuthentication(app);
  changesRoute(app, auth);
  deliveriesRoute(app, auth);
}

type Auth = ReturnType<typeof publisherAuthentication>;

function changesRoute(app: NotificationsApp, auth: Auth) {
  app.post(
    CATALOG_CHANGES_PATH,
    {
      onRequest: auth.authenticate,
      schema: {
        tags: ['catalog'],
        summary: 'Apply a batch of catalogue change events (publisher API)',
        description:
          'Idempotent by event id: a repeated id is reported as `duplicate` and applied once. An event about an ' +
          'unknown standard, work item or committee is `rejected` with a stable error id; the others still apply.',
        body: catalogChangesRequest,
        response: { 200: catalogChangesResponse },
      },
    },
    async (request) => {
      const tenant = auth.publisherOf(request);
      const results = await publishCatalogChanges(app, tenant, auth.actorOf(request), request.body.events);
      const count = (o: string) => results.filter((r) => r.outcome === o).length;
      return {
        status: '200' as const,
        applied: count('applied'),
        duplicates: count('duplicate'),
        rejected: count('rejected'),
        results,
      };
    },
  );
}

function deliveriesRoute(app: NotificationsApp, auth: Auth) {
  app.get(
    NOTIFICATION_DELIVERIES_PATH,
    {
      onRequest: auth.authenticate,
      schema: {
        tags: ['catalog'],
        summary: 'The notification delivery log, per user or per event (publisher API key)',
        querystring: deliveriesQuery,
        response: { 200: deliveriesResponse },
      },
    },
    async (request) => {
      const tenant = auth.publisherOf(request);
      const deliveries = await listNotificationDeliveries(app.db, tenant.id, {
        userId: request.query.userId,
        publisherEventId: request.query.eventId,
        limit: request.query.limit,
      });
      return { deliveries };
    },
  );
}
