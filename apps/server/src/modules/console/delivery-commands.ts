import { type DatabaseHandle, recordAuditEntry, requeueFailedDeliveries } from '@trackwell/db';
import type { NotificationService } from '../notifications/service.ts';

/** What a retry works with: the database, the notification queue, and a log for a failed queueing. */
export interface RetryDeps {
  db: DatabaseHandle;
  notifications: Pick<NotificationService, 'dispatch'>;
  log: { error(o: object, m: string): void };
}

/**
 * Puts a change's failed deliveries back to pending (only the failed: a second call finds none), audited in
 * the same transaction, then queues their sending after the commit (if that fails, the worker's sweep finds
 * the pending rows). The number requeued, or undefined when the store has no such change.
 */
export async function retryFailedDeliveries(
  { db, notifications, log }: RetryDeps,
  store: { id: string; code: string },
  actor: { id: string; login: string },
  changeId: string,
): Promise<number | undefined> {
  const ids = await db.transaction(async (tx) => {
    const requeued = await requeueFailedDeliveries(tx, store.id, changeId);
    if (!requeued) return undefined;
    if (requeued.length > 0)
      await recordAuditEntry(tx, store.id, {
        storeCode: store.code,
        actor: { kind: 'user', id: actor.id, login: actor.login },
        action: 'deliveries.retry',
        target: changeId,
        before: { failed: requeued.length },
        after: { requeued: requeued.slice(0, 100) },
      });
    return requeued;
  });
  if (ids && ids.length > 0)
    await notifications
      .dispatch(Number(changeId))
      .catch((error: Error) => log.error({ err: error }, 'could not queue the retry (the sweep will)'));
  return ids?.length;
}
