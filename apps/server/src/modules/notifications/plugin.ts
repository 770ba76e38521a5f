import type { FastifyInstance } from 'fastify';
import { dkimSettings } from '../../config/dkim-settings.ts';
import { lazyBoss } from '../jobs/boss.ts';
import { emailImagesOf } from './email-images.ts';
import { createNotificationService, type NotificationServiceOptions } from './service.ts';
import { createSmtpTransport } from './transport.ts';

/**
 * Decorates `app.notifications`. pg-boss starts lazily (first publish, or `startWorker()` from main.ts
 * when this process runs the worker service), so processes and tests that never notify pay nothing.
 * Mail goes to SMTP_URL or, without it, to the mail module's local sink. `registerJobs`: other modules' jobs
 * the same worker runs (the identity keys' schedule).
 */
export function decorateNotifications(
  app: FastifyInstance,
  registerJobs?: NotificationServiceOptions['registerJobs'],
): void {
  const boss = lazyBoss(app.db, (error) => app.log.error({ err: error }, 'pg-boss error'), {
    superviseSeconds: Math.min(60, app.env.NOTIFICATIONS_CLAIM_SECONDS),
    stopTimeoutMs: app.drain.budget.jobsMs,
  });
  const service = createNotificationService({
    db: app.db,
    env: app.env,
    boss,
    transport: createSmtpTransport({
      smtpUrl: app.env.SMTP_URL,
      sinkPort: app.mailer.sinkPort,
      connections: app.env.NOTIFICATIONS_SMTP_CONNECTIONS,
      dkim: dkimSettings(app.env),
    }),
    origin: (canonicalHost) => app.publicUrls.origin({ canonicalHost }),
    emailImages: (tenant, origin) => emailImagesOf(app.logoPngs, tenant, origin),
    log: app.log,
    ...(registerJobs ? { registerJobs } : {}),
  });
  app.decorate('notifications', service);
  // Stops pg-boss gracefully (running jobs finish within the shutdown's budget, or are handed back to the
  // queue) and closes the SMTP pool.
  app.addHook('onClose', () => service.close());
}
