import type { CatalogEvent, CatalogEventResult, PublishingSource, TenantConfig } from '@trackwell/contracts';
import { type DatabaseHandle, hasUnfinishedJobs, listEventsWithPendingDeliveries } from '@trackwell/db';
import type { PgBoss } from 'pg-boss';
import type { Env } from '../../config/env.ts';
import type { LazyBoss } from '../jobs/boss.ts';
import { queueOverdueWebhooks, webhookDeliverJob } from '../webhooks/jobs.ts';
import { createDigestRunner } from './digests.ts';
import type { EmailImages } from './email-images.ts';
import {
  digestJob,
  dispatchJob,
  ensureQueues,
  type JobDeps,
  jobData,
  queueJob,
  sendJob,
  workJobs,
} from './jobs.ts';
import { createMailContent } from './mail-content.ts';
import { APPLIED_EVENTS_CHANNEL, publishCatalogEvents } from './publish.ts';
import { createSender } from './sender.ts';
import type { MailTransport } from './transport.ts';

/**
 * The notification pipeline: publish (apply + record + match + outbox, one transaction per event;
 * publish.ts) → dispatch job (cuts an event's pending rows into batches) → sender jobs (claim, render, send,
 * mark; sender.ts). At least once: a job that dies is retried by pg-boss and a crashed sender's claims
 * expire; never a visible duplicate: a row is sent only while pending and claimed, and marked sent right
 * after the SMTP server accepted it. A sweep queues what a crash or a CLI left pending.
 */

/** Sender jobs one worker process runs at once (each with NOTIFICATIONS_SMTP_CONNECTIONS lanes). */
export const SEND_LOCAL_CONCURRENCY = 2;
const POLLING_INTERVAL_SECONDS = 0.5;
/** Webhook attempts one worker process makes at once (each waits at most WEBHOOKS_TIMEOUT_SECONDS). */
const WEBHOOK_LOCAL_CONCURRENCY = 4;
const WEBHOOK_POLLING_INTERVAL_SECONDS = 2;

export interface NotificationService {
  /** Applies a batch of events for a tenant and queues the e-mails of each applied event. */
  publish(tenantId: string, events: CatalogEvent[], source: PublishingSource): Promise<CatalogEventResult[]>;
  /** Queues the sending of an event's pending rows (also used by the sweep). */
  dispatch(eventId: number): Promise<void>;
  /** Starts the worker: dispatch and sender jobs, and a sweep of rows left pending by a crash. */
  startWorker(): Promise<void>;
  close(): Promise<void>;
}

export interface NotificationServiceOptions {
  db: DatabaseHandle;
  env: Env;
  boss: LazyBoss;
  transport: MailTransport;
  /** A store's canonical origin from its canonical host (app.publicUrls): every link in the e-mails. */
  origin: (canonicalHost: string) => string;
  /** The PNG logos of a store's e-mails (email-images.ts); without it, e-mails name the store in text. */
  emailImages?: (tenant: { code: string; config: TenantConfig }, origin: string) => Promise<EmailImages>;
  log: { warn(o: object, m: string): void; error(o: object, m: string): void };
}

/** This process works both jobs: dispatch (event → batches) and send (a batch → e-mails). */
async function workNotificationJobs(deps: JobDeps) {
  await workJobs(dispatchJob, { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS }, deps);
  await workJobs(
    sendJob,
    { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS, localConcurrency: SEND_LOCAL_CONCURRENCY },
    deps,
  );
  await workJobs(
    webhookDeliverJob,
    // Webhooks need no sub-second pickup: a slower poll leaves the one PGlite connection to the e-mails.
    { pollingIntervalSeconds: WEBHOOK_POLLING_INTERVAL_SECONDS, localConcurrency: WEBHOOK_LOCAL_CONCURRENCY },
    deps,
  );
  await workJobs(digestJob, { pollingIntervalSeconds: WEBHOOK_POLLING_INTERVAL_SECONDS }, deps);
}

export function createNotificationService(options: NotificationServiceOptions): NotificationService {
  const { db, env, boss, transport, log } = options;
  const content = createMailContent(options);
  const sender = createSender({ db, env, transport, content, log });
  const digests = createDigestRunner({ db, env, transport, content });
  let queuesReady: Promise<PgBoss> | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  let unlistenApplied: (() => Promise<void>) | undefined;

  const queues = () =>
    (queuesReady ??= (async () => {
      const b = await boss.get();
      await ensureQueues(b, env);
      return b;
    })());

  /**
   * Rows left pending and unclaimed (a crash between the commit and the dispatch job, events applied by a
   * CLI, a sender that died and whose claims expired) are queued again. While dispatch or sender jobs are
   * queued or running they own the pending rows: sweeping then would only queue the same rows twice
   * (harmless thanks to the claims, but wasteful), so it waits. Webhook messages whose attempt is overdue
   * (their job lost in a crash) are queued again first.
   */
  async function sweep() {
    const b = await queues();
    // Issue 16 §2: at most one digest job per NOTIFICATIONS_DIGEST_EVERY_SECONDS slot, whichever worker's sweep asks first.
    await b.send(digestJob.name, jobData(digestJob, {}), {
      singletonKey: 'digests',
      singletonSeconds: env.NOTIFICATIONS_DIGEST_EVERY_SECONDS,
    });
    await queueOverdueWebhooks(db, b);
    if (await hasUnfinishedJobs(db, [dispatchJob.name, sendJob.name])) return;
    for (const eventId of await listEventsWithPendingDeliveries(db)) await service.dispatch(eventId);
  }

  const service: NotificationService = {
    async publish(tenantId, events, source) {
      return publishCatalogEvents(db, tenantId, events, source, async (eventId) => {
        // After the commit: if this process dies first, the worker's sweep dispatches the event.
        await service
          .dispatch(eventId)
          .catch((error: Error) =>
            log.error({ err: error, eventId }, 'could not queue notifications (the sweep will)'),
          );
      });
    },

    async dispatch(eventId) {
      await queueJob(await queues(), dispatchJob, { eventId });
    },

    async startWorker() {
      const b = await queues();
      await workNotificationJobs({ db, env, boss: b, sender, digests });
      // Events applied by a CLI (announceAppliedEvent): dispatched now; after a lost LISTEN connection
      // (null), whatever was announced meanwhile is found by a sweep.
      unlistenApplied = await db.listen(APPLIED_EVENTS_CHANNEL, (payload) => {
        const eventId = Number(payload);
        const next = payload && Number.isInteger(eventId) ? service.dispatch(eventId) : sweep();
        next.catch((error: Error) => log.error({ err: error }, 'could not queue announced notifications'));
      });
      // Now, and every minute (sooner with a short claim).
      await sweep();
      sweeper = setInterval(() => {
        sweep().catch((error: Error) => log.error({ err: error }, 'notification sweep failed'));
      }, Math.min(60, env.NOTIFICATIONS_CLAIM_SECONDS) * 1000);
      sweeper.unref();
    },

    async close() {
      if (sweeper) clearInterval(sweeper);
      await unlistenApplied?.();
      await boss.stop();
      await transport.close();
    },
  };
  return service;
}
