import type { FastifyRequest } from 'fastify';
import type { ConsoleApp } from './schemas.ts';

/**
 * Queues the e-mails (and webhook messages) of catalogue change events a console write recorded (an import, an edit), once its
 * transaction has committed. A failure to queue is logged, not answered: the worker's sweep sends them.
 */
export async function announceEvents(
  app: ConsoleApp,
  request: FastifyRequest,
  events: ReadonlyArray<{ eventId: number; recipients: number; webhooks?: number }>,
) {
  for (const event of events.filter((e) => e.recipients > 0 || (e.webhooks ?? 0) > 0)) {
    await app.notifications
      .dispatch(event.eventId)
      .catch((error: Error) =>
        request.log.error(
          { err: error, eventId: event.eventId },
          'could not queue notifications (the sweep will)',
        ),
      );
  }
}
