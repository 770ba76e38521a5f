import {
  CONSOLE_PATHS,
  changeParams,
  consoleChangeDeliveriesQuery,
  consoleChangeDeliveryPage,
  consoleChangePage,
  consoleChangesQuery,
  consoleDailyDeliveries,
  consoleDailyQuery,
  consoleDeliveryMessage,
  consoleRetryAnswer,
  deliveryParams,
  storeCodeParams,
} from '@trackwell/contracts';
import { countDailyDeliveries, listChangeDeliveries, listStoreChanges } from '@trackwell/db';
import { notFound } from '../../http/errors.ts';
import { consoleCaller, consoleStore } from './caller.ts';
import { retryFailedDeliveries } from './delivery-commands.ts';
import { keptMessage, messageHtmlLink, registerMessageHtmlRoute } from './message-html-routes.ts';
import { type ConsoleApp, consoleDocs, consoleErrors } from './schemas.ts';

/**
 * A store's deliveries: its changes with matched / sent / failed / unsubscribed counts and the
 * failure reasons, sent and failed per day, retrying a change's failed deliveries, and an e-mail exactly as
 * it was sent (kept by the sender since migration 0012; its HTML part as a page: message-html-routes.ts).
 * store_admin and operators (`deliveries.*`).
 */
export function registerDeliveryRoutes(app: ConsoleApp) {
  app.get(
    CONSOLE_PATHS.storeChanges,
    {
      config: { consoleAction: 'deliveries.read' },
      schema: {
        ...consoleDocs,
        summary: "The store's recent changes, newest first, with their deliveries counted",
        params: storeCodeParams,
        querystring: consoleChangesQuery,
        response: { 200: consoleChangePage, ...consoleErrors },
      },
    },
    async (request) => {
      const { cursor, limit } = request.query;
      const rows = await listStoreChanges(app.db, consoleStore(request).id, { cursor, limit: limit + 1 });
      const page = rows.slice(0, limit);
      return {
        changes: page.map((c) => ({ ...c, recordedAt: c.recordedAt.toISOString() })),
        nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
      };
    },
  );

  app.get(
    CONSOLE_PATHS.storeDeliveriesDaily,
    {
      config: { consoleAction: 'deliveries.read' },
      schema: {
        ...consoleDocs,
        summary: "The store's sent and failed e-mails per UTC day (days without any are left out)",
        params: storeCodeParams,
        querystring: consoleDailyQuery,
        response: { 200: consoleDailyDeliveries, ...consoleErrors },
      },
    },
    async (request) => ({
      days: await countDailyDeliveries(
        app.db,
        consoleStore(request).id,
        request.query.from,
        request.query.to,
      ),
    }),
  );

  registerChangeDeliveriesRoute(app);
  registerRetryRoute(app);
  registerMessageRoute(app);
}

function registerChangeDeliveriesRoute(app: ConsoleApp) {
  app.get(
    CONSOLE_PATHS.storeChangeDeliveries,
    {
      config: { consoleAction: 'deliveries.read' },
      schema: {
        ...consoleDocs,
        summary: "One change's deliveries: recipient, status, last error, and whether its e-mail is kept",
        params: changeParams,
        querystring: consoleChangeDeliveriesQuery,
        response: { 200: consoleChangeDeliveryPage, ...consoleErrors },
      },
    },
    async (request) => {
      const { cursor, limit } = request.query;
      const rows = await listChangeDeliveries(app.db, consoleStore(request).id, request.params.id, {
        cursor,
        limit: limit + 1,
      });
      if (!rows) throw notFound('This store has no such change.');
      const page = rows.slice(0, limit);
      return {
        deliveries: page.map((d) => ({ ...d, sentAt: d.sentAt?.toISOString() ?? null })),
        nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
      };
    },
  );
}

function registerRetryRoute(app: ConsoleApp) {
  app.post(
    CONSOLE_PATHS.storeChangeRetry,
    {
      config: { consoleAction: 'deliveries.retry' },
      schema: {
        ...consoleDocs,
        summary: "Send a change's failed deliveries again (only the failed; a second call finds none)",
        params: changeParams,
        response: { 200: consoleRetryAnswer, ...consoleErrors },
      },
    },
    async (request) => {
      const { user } = consoleCaller(request);
      const store = consoleStore(request);
      const requeued = await retryFailedDeliveries(
        { db: app.db, notifications: app.notifications, log: request.log },
        store,
        user,
        request.params.id,
      );
      if (requeued === undefined) throw notFound('This store has no such change.');
      return { id: request.params.id, requeued };
    },
  );
}

function registerMessageRoute(app: ConsoleApp) {
  app.get(
    CONSOLE_PATHS.storeDeliveryMessage,
    {
      config: { consoleAction: 'deliveries.read' },
      schema: {
        ...consoleDocs,
        summary: 'One delivery’s e-mail exactly as it was handed to SMTP (the whole MIME message)',
        params: deliveryParams,
        response: { 200: consoleDeliveryMessage, ...consoleErrors },
      },
    },
    async (request) => {
      const found = await keptMessage(app, request, request.params.deliveryId);
      return {
        deliveryId: found.deliveryId,
        changeId: found.eventId,
        messageId: found.messageId,
        sentAt: found.sentAt?.toISOString() ?? null,
        mime: found.mime,
        ...messageHtmlLink(app, request, found.deliveryId),
      };
    },
  );
  registerMessageHtmlRoute(app);
}
