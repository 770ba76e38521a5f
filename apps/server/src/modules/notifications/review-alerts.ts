import { forecastReview, type ReviewForecast, reviewAlertDue } from '@trackwell/contracts';
import {
  claimReviewAlert,
  type DatabaseHandle,
  forecastInputOf,
  listReviewAlertCandidates,
  listStoresWithReviewAlerts,
  type ReviewAlertCandidate,
  releaseReviewAlert,
  storeForecastRules,
} from '@trackwell/db';
import { type CompiledReviewAlert, compileReviewAlert, resolveEmailLanguage } from '@trackwell/email';
import { z } from 'zod';
import type { Env } from '../../config/env.ts';
import type { JobContext, JobDefinition } from '../jobs/definition.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { frameCache, frameLinks } from './frame-cache.ts';
import type { MailContent, StoreMail } from './mail-content.ts';
import { mailHeaders, mailIdentity, unsubscribeLink } from './sender.ts';
import type { MailTransport } from './transport.ts';

/**
 * The review alerts, framework-free, given the clock: for each reader who chose an alert N months ahead, each
 * tracked standard whose forecast review (under the store's rules) is at most N months away gets one e-mail,
 * in the reader's language, once per standard and due date (review_alerts_sent is the claim; a send that
 * fails gives the claim back for a later run). A new due date (a new confirmation, a store's rule changed)
 * is a new alert.
 */
export interface ReviewAlertDeps {
  db: DatabaseHandle;
  env: Env;
  transport: MailTransport;
  content: Pick<MailContent, 'storeMail'>;
}

/** How often a worker queues the alerts' job (one per slot across workers). */
export const REVIEW_ALERTS_EVERY_SECONDS = 3600;

export function createReviewAlertRunner({ db, env, transport, content }: ReviewAlertDeps) {
  const { address, domain, mailto } = mailIdentity(env);
  const frames = frameCache<CompiledReviewAlert>();

  async function send(tenantId: string, store: StoreMail, c: ReviewAlertCandidate, f: ReviewForecast) {
    const language = resolveEmailLanguage(c.locale, store.store);
    const frame = await frames(`${tenantId}:${language}`, () =>
      compileReviewAlert({ language, branding: store.branding, links: frameLinks(store) }),
    );
    const unsubscribe = unsubscribeLink(env, { tenantId, userId: c.user_id }, store.origin);
    const url = new URL(`${store.publicURL}${encodeURIComponent(c.asset_id)}.html`, store.origin).toString();
    const message = frame.render({
      name: `${c.first_name ?? ''} ${c.last_name ?? ''}`.trim(),
      unsubscribeUrl: unsubscribe.url,
      standard: { designation: c.designation, title: c.title, url, forecast: f },
    });
    const id = `review-${c.standard_id}-${f.dueOn}-${c.user_id}`;
    await transport.send({
      from: { name: store.branding.tenantName, address },
      to: c.login,
      subject: message.subject,
      text: message.text,
      html: message.html,
      messageId: `<${id}@${domain}>`,
      headers: mailHeaders(unsubscribe, mailto, language, id),
    });
  }

  /** One run at `now`: every alert due, sent once. */
  async function run(now: Date): Promise<{ sent: number; failed: number }> {
    const today = now.toISOString().slice(0, 10);
    const result = { sent: 0, failed: 0 };
    for (const tenantId of await listStoresWithReviewAlerts(db)) {
      const rules = await storeForecastRules(db, tenantId);
      const candidates = await listReviewAlertCandidates(db, tenantId);
      for (const c of candidates) {
        const forecast = forecastReview(forecastInputOf(c), rules);
        if (!forecast || !reviewAlertDue(forecast, c.months_before, today)) continue;
        const alert = { userId: c.user_id, standardId: c.standard_id, dueOn: forecast.dueOn };
        if (!(await claimReviewAlert(db, tenantId, alert))) continue;
        try {
          await send(tenantId, await content.storeMail(tenantId), c, forecast);
          result.sent++;
        } catch {
          await releaseReviewAlert(db, tenantId, alert);
          result.failed++;
        }
      }
    }
    return result;
  }
  return { run };
}
export type ReviewAlertRunner = ReturnType<typeof createReviewAlertRunner>;

interface ReviewAlertJobDeps extends JobContext {
  alerts: Pick<ReviewAlertRunner, 'run'>;
}

/** The job that runs the alerts now; queued every REVIEW_ALERTS_EVERY_SECONDS with a singleton slot. */
export const reviewAlertJob: JobDefinition<Record<string, never>, ReviewAlertJobDeps> = {
  name: 'review-alerts',
  version: 1,
  payload: z.object({}).strict(),
  policy: () => ({ retryLimit: 2, retryDelay: 300, expireInSeconds: 900 }),
  handle:
    ({ alerts }) =>
    async () => {
      await alerts.run(new Date());
    },
};

/** The alerts' job, worked by this process, and the sweep step that queues it once per slot. */
export function registerReviewAlertJob(jobs: JobQueue, alerts: ReviewAlertJobDeps['alerts']): void {
  jobs.register(reviewAlertJob, { pollingIntervalSeconds: 30 }, { alerts });
  jobs.addSweepStep(async () => {
    await jobs.send(
      reviewAlertJob,
      {},
      { singletonKey: 'review-alerts', singletonSeconds: REVIEW_ALERTS_EVERY_SECONDS },
    );
  }, REVIEW_ALERTS_EVERY_SECONDS);
}
