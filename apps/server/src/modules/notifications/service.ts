import type { CatalogEvent, CatalogEventResult, PublishingSource, TenantConfig } from '@trackwell/contracts';
import type { DatabaseHandle } from '@trackwell/db';
import type { Env } from '../../config/env.ts';
import type { LazyBoss } from '../jobs/boss.ts';
import { createJobQueue, type JobQueue } from '../jobs/queue.ts';
import { registerWebhookJobs, registerWebhookSweep } from '../webhooks/jobs.ts';
import { registerDigestJob, registerDigestSweep } from './digest-job.ts';
import { createDigestRunner } from './digests.ts';
import type { EmailImages } from './email-images.ts';
import { dispatchJob, registerNotificationJobs, registerPendingSweep } from './jobs.ts';
import {
  createListRecipientMailer,
  queueListRecipientJob,
  registerListRecipientJob,
} from './list-recipient-mails.ts';
import { createMailContent } from './mail-content.ts';
import { APPLIED_EVENTS_CHANNEL, publishCatalogEvents } from './publish.ts';
import { createReviewAlertRunner, registerReviewAlertJob } from './review-alerts.ts';
import { createReviewNoticeRunner, registerReviewNoticeJob } from './review-notices.ts';
import { createSender } from './sender.ts';
import { createTestDigestSender, type SendTestDigest } from './test-digest.ts';
import type { MailTransport } from './transport.ts';

/**
 * The notification pipeline: publish (apply + record + match + outbox, one transaction per event;
 * publish.ts) → dispatch job (cuts an event's pending rows into batches) → sender jobs (claim, render, send,
 * mark; sender.ts). At least once: a job that dies is retried by pg-boss and a crashed sender's claims
 * expire; never a visible duplicate: a row is sent only while pending and claimed, and marked sent right
 * after the SMTP server accepted it. A sweep queues what a crash or a CLI left pending.
 */

export interface NotificationService {
  /** Applies a batch of events for a tenant and queues the e-mails of each applied event. */
  publish(tenantId: string, events: CatalogEvent[], source: PublishingSource): Promise<CatalogEventResult[]>;
  /** Queues the sending of an event's pending rows (also used by the sweep). */
  dispatch(eventId: number): Promise<void>;
  /** "Send me a test digest now": the user's current digest, to the user only, marked as a test. */
  sendTestDigest: SendTestDigest;
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
  /** Other modules' jobs and sweep steps, worked by the same worker (app.ts). */
  registerJobs?: (jobs: JobQueue) => void;
}

export function createNotificationService(options: NotificationServiceOptions): NotificationService {
  const { db, env, boss, transport, log } = options;
  const content = createMailContent(options);
  const sender = createSender({ db, env, transport, content, log });
  const digests = createDigestRunner({ db, env, transport, content });
  let unlistenApplied: (() => Promise<void>) | undefined;

  // The pipeline's jobs, in the order their queues are created and worked, and the sweep's steps: the
  // digest slot, webhook attempts lost in a crash, then the events left pending.
  const jobs = createJobQueue({ db, env, boss, log });
  registerNotificationJobs(jobs, sender);
  registerWebhookJobs(jobs);
  registerDigestJob(jobs, digests);
  registerDigestSweep(jobs, env.NOTIFICATIONS_DIGEST_EVERY_SECONDS);
  registerListRecipientJob(jobs, createListRecipientMailer({ db, env, transport, content }));
  registerReviewAlertJob(jobs, createReviewAlertRunner({ db, env, transport, content }));
  registerReviewNoticeJob(jobs, createReviewNoticeRunner({ db, env, transport, content, log }));
  registerWebhookSweep(jobs, db);
  registerPendingSweep(jobs, db);
  options.registerJobs?.(jobs);

  const service: NotificationService = {
    sendTestDigest: createTestDigestSender({ db, env, transport, content }),
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
      await jobs.send(dispatchJob, { eventId });
      // The organisation lists' outside recipients of the change (queued with it), sent by their own job.
      await queueListRecipientJob(jobs);
    },

    async startWorker() {
      await jobs.work();
      // Events applied by a CLI (announceAppliedEvent): dispatched now; after a lost LISTEN connection
      // (null), whatever was announced meanwhile is found by a sweep.
      unlistenApplied = await db.listen(APPLIED_EVENTS_CHANNEL, (payload) => {
        const eventId = Number(payload);
        const next = payload && Number.isInteger(eventId) ? service.dispatch(eventId) : jobs.sweep();
        next.catch((error: Error) => log.error({ err: error }, 'could not queue announced notifications'));
      });
      // Now, and every minute (sooner with a short claim).
      await jobs.sweep();
      jobs.sweepEvery(Math.min(60, env.NOTIFICATIONS_CLAIM_SECONDS));
    },

    async close() {
      await unlistenApplied?.();
      await jobs.close(); // the sweep, then pg-boss
      await transport.close();
    },
  };
  return service;
}
