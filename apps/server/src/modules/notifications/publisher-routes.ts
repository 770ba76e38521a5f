import {
  CATALOG_CHANGES_PATH,
  catalogChangesRequest,
  catalogChangesResponse,
  deliveriesQuery,
  deliveriesResponse,
  NOTIFICATION_DELIVERIES_PATH,
} from '@trackwell/contracts';
import { listNotificationDeliveries, recordAuditEntry } from '@trackwell/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publisherAuthentication } from './publisher-auth.ts';

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
      const results = await app.notifications.publish(tenant.id, request.body.events, 'api');
      const count = (o: string) => results.filter((r) => r.outcome === o).length;
      // The audit log names every use of a publisher credential, after the batch: each event
      // is its own transaction, so the entry says what the call did.
      await recordAuditEntry(app.db, tenant.id, {
        storeCode: tenant.code,
        actor: auth.actorOf(request),
        action: 'catalog.changes',
        target: `${results.length} event(s)`,
        after: {
          applied: count('applied'),
          duplicates: count('duplicate'),
          rejected: count('rejected'),
          events: results.slice(0, 100).map((r) => ({ id: r.id, outcome: r.outcome })),
        },
      });
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
