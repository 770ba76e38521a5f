import {
  claimReviewEscalations,
  claimReviewMails,
  claimReviewReminders,
  type DatabaseHandle,
  markReviewMailFailed,
  markReviewMailSent,
  type ReviewNotice,
} from '@trackwell/db';
import { renderReviewNoticeMail, resolveEmailLanguage } from '@trackwell/email';
import { z } from 'zod';
import type { Env } from '../../config/env.ts';
import type { JobContext, JobDefinition } from '../jobs/definition.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { MailContent } from './mail-content.ts';
import { mailIdentity } from './sender.ts';
import type { MailTransport } from './transport.ts';

/**
 * The organisation review notices, framework-free, given the clock: the assignee of an open review is reminded
 * 7 days and 1 day before its due date, and once it is overdue the organisation's owners are told. The
 * selection is set-based (organisation-review-notices.ts: it stamps the reviews, appends `reminded` /
 * `escalated` to their history, puts them back in the notification centre and queues their e-mails); each
 * queued e-mail is then sent in the recipient's language and marked sent. A send that fails is logged and
 * left queued: a later run sends it (after NOTIFICATIONS_RETRY_DELAY_SECONDS), until
 * NOTIFICATIONS_RETRY_LIMIT; one that was sent is never sent again.
 */
export interface ReviewNoticeDeps {
  db: DatabaseHandle;
  env: Env;
  transport: MailTransport;
  content: Pick<MailContent, 'storeMail'>;
  log: { warn(o: object, m: string): void };
}

/** E-mails claimed at a time. */
const BATCH = 200;

/** How often a worker queues the notices' job (one per slot across workers). */
export const REVIEW_NOTICES_EVERY_SECONDS = 3600;

export function createReviewNoticeRunner({ db, env, transport, content, log }: ReviewNoticeDeps) {
  const { address, domain } = mailIdentity(env);

  async function send(n: ReviewNotice) {
    const { kind } = n;
    const store = await content.storeMail(n.tenantId);
    const language = resolveEmailLanguage(n.locale, store.store);
    const link = new URL(`/organisations/${n.organisationId}/reviews/${n.reviewId}`, store.origin).toString();
    const mail = renderReviewNoticeMail(language, {
      kind,
      tenantName: store.branding.tenantName,
      organisation: n.organisationName,
      list: n.listName,
      designation: n.designation,
      dueAt: new Date(n.dueAt),
      link,
    });
    const id = `review-${kind}-${n.reviewId}-${n.id}`;
    await transport.send({
      from: { name: store.branding.tenantName, address },
      to: n.login,
      ...mail,
      messageId: `<${id}@${domain}>`,
      headers: { 'Content-Language': language.replace('_', '-'), 'Auto-Submitted': 'auto-generated' },
    });
  }

  /** One run at `now`: the reminders and escalations due are queued, then every e-mail queued is sent. */
  async function run(now: Date): Promise<{ reminders: number; escalations: number; failed: number }> {
    const result = { reminders: 0, escalations: 0, failed: 0 };
    await claimReviewReminders(db, now);
    await claimReviewEscalations(db, now);
    for (;;) {
      const batch = await claimReviewMails(db, now, BATCH, env.NOTIFICATIONS_CLAIM_SECONDS);
      for (const n of batch) {
        try {
          await send(n);
          await markReviewMailSent(db, n.id, now);
          if (n.kind === 'reminder') result.reminders++;
          else result.escalations++;
        } catch (error) {
          result.failed++;
          const final = n.attempts > env.NOTIFICATIONS_RETRY_LIMIT;
          const retryAt = new Date(now.getTime() + env.NOTIFICATIONS_RETRY_DELAY_SECONDS * 1000);
          await markReviewMailFailed(db, n.id, { error: (error as Error).message, final, retryAt });
          log.warn({ err: error, reviewId: n.reviewId, kind: n.kind, final }, 'review notice not sent');
        }
      }
      if (batch.length < BATCH) return result;
    }
  }
  return { run };
}
export type ReviewNoticeRunner = ReturnType<typeof createReviewNoticeRunner>;

interface ReviewNoticeJobDeps extends JobContext {
  notices: Pick<ReviewNoticeRunner, 'run'>;
}

/** The job that runs the notices now; queued every REVIEW_NOTICES_EVERY_SECONDS with a singleton slot. */
export const reviewNoticeJob: JobDefinition<Record<string, never>, ReviewNoticeJobDeps> = {
  name: 'organisation-review-notices',
  version: 1,
  payload: z.object({}).strict(),
  policy: () => ({ retryLimit: 2, retryDelay: 300, expireInSeconds: 900 }),
  handle:
    ({ notices }) =>
    async () => {
      await notices.run(new Date());
    },
};

/** The notices' job, worked by this process, and the sweep step that queues it once per slot. */
export function registerReviewNoticeJob(jobs: JobQueue, notices: ReviewNoticeJobDeps['notices']): void {
  jobs.register(reviewNoticeJob, { pollingIntervalSeconds: 30 }, { notices });
  jobs.addSweepStep(async () => {
    await jobs.send(
      reviewNoticeJob,
      {},
      { singletonKey: 'organisation-review-notices', singletonSeconds: REVIEW_NOTICES_EVERY_SECONDS },
    );
  }, REVIEW_NOTICES_EVERY_SECONDS);
}
