import type { NotificationService } from '../notifications/service.ts';

/** What announcing works with: the notification queue, and a log for a failed queueing. */
export interface AnnounceDeps {
  notifications: Pick<NotificationService, 'dispatch'>;
  log: { error(o: object, m: string): void };
}

/**
 * Queues the e-mails (and webhook messages) of catalogue change events a console write recorded (an import,
 * an edit), once its transaction has committed. A failure to queue is logged, not answered: the worker's
 * sweep sends them.
 */
export async function announceEvents(
  { notifications, log }: AnnounceDeps,
  events: ReadonlyArray<{ eventId: number; recipients: number; webhooks?: number }>,
) {
  for (const event of events.filter((e) => e.recipients > 0 || (e.webhooks ?? 0) > 0)) {
    await notifications
      .dispatch(event.eventId)
      .catch((error: Error) =>
        log.error({ err: error, eventId: event.eventId }, 'could not queue notifications (the sweep will)'),
      );
  }
}
