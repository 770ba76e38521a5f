import type { CatalogEvent, CatalogEventResult, Language, TenantConfig } from '@trackwell/contracts';
import { UNSUBSCRIBE_PATH } from '@trackwell/contracts';
import {
  applyCatalogEvent,
  claimPendingNotifications,
  type DatabaseHandle,
  findTenantForMail,
  listEventsWithPendingDeliveries,
  listPendingDeliveryIds,
  type MatchingRules,
  markDeliveriesSent,
  markDeliveryAttemptFailed,
  type PendingNotification,
  type SqlExecutor,
  type Tenant,
} from '@trackwell/db';
import {
  brandingFromTenant,
  type CompiledNotification,
  compileNotification,
  type EmailBranding,
  resolveEmailLanguage,
} from '@trackwell/email';
import type { PgBoss } from 'pg-boss';
import type { Env } from '../../config/env.ts';
import type { LazyBoss } from '../jobs/boss.ts';
import type { EmailImages } from './email-images.ts';
import { startSentMarks } from './sent-marks.ts';
import { isTransientSmtpError, type MailTransport } from './transport.ts';
import { signUnsubscribeToken } from './unsubscribe-token.ts';

/**
 * The notification pipeline: publish (apply + record + match + outbox, one transaction per event) →
 * dispatch job (cuts an event's pending rows into batches) → sender jobs (claim, render, send, mark).
 * At least once: a job that dies is retried by pg-boss and a crashed sender's claims expire; never a
 * visible duplicate: a row is sent only while pending and claimed, and marked sent right after the
 * SMTP server accepted it. The Message-ID is stable per row, so a receiving system can also dedupe.
 */

export const DISPATCH_QUEUE = 'notifications-dispatch';
/**
 * NOTIFY channel on which a process that applied events without a worker of its own (the CLIs) announces
 * each event id after its commit; workers dispatch it at once instead of at their next sweep.
 */
export const APPLIED_EVENTS_CHANNEL = 'trackwell_applied_events';

/** Announces an applied event to the workers (`APPLIED_EVENTS_CHANNEL`); none listening: the sweep sends it. */
export async function announceAppliedEvent(db: SqlExecutor, eventId: number): Promise<void> {
  await db.query('SELECT pg_notify($1, $2)', [APPLIED_EVENTS_CHANNEL, String(eventId)]);
}
export const SEND_QUEUE = 'notifications-send';
/** Sender jobs one worker process runs at once (each with NOTIFICATIONS_SMTP_CONNECTIONS lanes). */
export const SEND_LOCAL_CONCURRENCY = 2;

export interface NotificationService {
  /** Applies a batch of events for a tenant and queues the e-mails of each applied event. */
  publish(tenantId: string, events: CatalogEvent[], source: 'api' | 'cli'): Promise<CatalogEventResult[]>;
  /** Queues the sending of an event's pending rows (also used by the sweep). */
  dispatch(eventId: number): Promise<void>;
  /** Starts the worker: dispatch and sender jobs, and a sweep of rows left pending by a crash. */
  startWorker(): Promise<void>;
  /** Sends these outbox rows once each (the sender job's body; exposed for tests and the bench). */
  sendBatch(
    ids: number[],
    options?: { finalAttempt?: boolean },
  ): Promise<{ sent: number; failed: number; retry: number }>;
  close(): Promise<void>;
}

export function matchingRulesOf(tenant: Pick<Tenant, 'config' | 'featureFlags'>): MatchingRules {
  const s = tenant.config.trackerSetting;
  return {
    standard: s.individual_standard_tracker.enabled,
    committee: s.committee.enabled,
    industryArea: s.industry_area.enabled,
    // spec §2 Tracker page 5: publisher tracking needs its section AND the tenant-wide flag
    publisher: s.publisher.enabled && tenant.featureFlags.track_by_publishers.enabled,
    workItem: s.work_item.enabled,
  };
}

const fromAddress = (mailFrom: string) => /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();

/**
 * Applies events one transaction each (see applyCatalogEvent) with the tenant's matching rules; calls
 * `onApplied` after the commit of each event that has recipients. Shared by the API and the CLI.
 */
export async function publishCatalogEvents(
  db: DatabaseHandle,
  tenantId: string,
  events: CatalogEvent[],
  source: 'api' | 'cli',
  onApplied: (eventId: number) => Promise<void> = async () => {},
  onProgress: (done: number) => void = () => {},
): Promise<CatalogEventResult[]> {
  const { rows } = await db.query<Pick<Tenant, 'config'> & { feature_flags: Tenant['featureFlags'] }>(
    'SELECT config, feature_flags FROM tenants WHERE id = $1',
    [tenantId],
  );
  const row = rows[0];
  if (!row) throw new Error(`No tenant ${tenantId}`);
  const rules = matchingRulesOf({ config: row.config, featureFlags: row.feature_flags });
  const results: CatalogEventResult[] = [];
  for (const event of events) {
    const applied = await applyCatalogEvent(db, tenantId, event, { source, rules });
    results.push(applied.result);
    if (applied.eventId !== undefined && (applied.result.recipients ?? 0) > 0)
      await onApplied(applied.eventId);
    onProgress(results.length);
  }
  return results;
}

export function createNotificationService(options: {
  db: DatabaseHandle;
  env: Env;
  boss: LazyBoss;
  transport: MailTransport;
  /** A store's canonical origin from its canonical host (app.publicUrls): every link in the e-mails. */
  origin: (canonicalHost: string) => string;
  /** The PNG logos of a store's e-mails (email-images.ts); without it, e-mails name the store in text. */
  emailImages?: (tenant: { code: string; config: TenantConfig }, origin: string) => Promise<EmailImages>;
  log: { warn(o: object, m: string): void; error(o: object, m: string): void };
}): NotificationService {
  const { db, env, boss, transport, log } = options;
  const address = fromAddress(env.MAIL_FROM);
  const domain = address.split('@')[1] ?? 'trackwell.example';
  const mailto = env.NOTIFICATIONS_UNSUBSCRIBE_MAILTO ?? `unsubscribe@${domain}`;
  let queuesReady: Promise<PgBoss> | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  let unlistenApplied: (() => Promise<void>) | undefined;

  const queues = () =>
    (queuesReady ??= (async () => {
      const b = await boss.get();
      // A dispatch job only lists ids and queues batches: when its worker dies (SIGKILL), it must expire as
      // soon as a sender's claim does, not after pg-boss's default 15 minutes, during which the sweep
      // (which waits while any job is active) would leave the event's e-mails unsent (scripts/faults).
      const dispatchPolicy = {
        retryLimit: 5,
        retryBackoff: true,
        retryDelay: 5,
        expireInSeconds: env.NOTIFICATIONS_CLAIM_SECONDS,
      };
      await b.createQueue(DISPATCH_QUEUE, dispatchPolicy);
      await b.updateQueue(DISPATCH_QUEUE, dispatchPolicy); // a queue created before this setting existed
      await b.createQueue(SEND_QUEUE, {
        retryLimit: env.NOTIFICATIONS_RETRY_LIMIT,
        retryDelay: env.NOTIFICATIONS_RETRY_DELAY_SECONDS,
        retryBackoff: true,
        retryDelayMax: 3600,
        expireInSeconds: env.NOTIFICATIONS_CLAIM_SECONDS, // a dead sender's job is retried after it
      });
      return b;
    })());

  // Compiled messages per (tenant, event, language): MJML runs once, recipients are filled in.
  const compiled = new Map<string, Promise<CompiledNotification>>();
  const tenants = new Map<
    string,
    Promise<
      | {
          branding: EmailBranding;
          origin: string;
          publicURL: string;
          store: { languages: readonly Language[]; defaultLanguage: Language };
        }
      | undefined
    >
  >();

  const tenantMail = (tenantId: string) => {
    let hit = tenants.get(tenantId);
    if (!hit) {
      hit = findTenantForMail(db, tenantId).then(async (t) => {
        if (!t) return undefined;
        const origin = options.origin(t.host);
        const images = options.emailImages
          ? await options.emailImages(t, origin).catch((error: unknown) => {
              log.warn({ err: error, tenant: t.code }, 'e-mail logos: none this time');
              return {};
            })
          : {};
        return {
          branding: brandingFromTenant(t, origin, images),
          origin,
          publicURL: t.config.publicURL,
          store: { languages: t.config.ui.languages, defaultLanguage: t.config.ui.defaultLanguage },
        };
      });
      tenants.set(tenantId, hit);
      setTimeout(() => tenants.delete(tenantId), 60_000).unref(); // branding edits show within a minute
    }
    return hit;
  };

  async function messageFor(n: PendingNotification, language: Language) {
    const t = await tenantMail(n.tenantId);
    if (!t) throw new Error(`tenant ${n.tenantId} is gone`);
    const key = `${n.tenantId}:${n.eventId}:${language}`;
    let m = compiled.get(key);
    if (!m) {
      if (compiled.size > 500) compiled.clear();
      const s = n.change.standard;
      m = compileNotification({
        language,
        branding: t.branding,
        change: n.change,
        links: {
          standardUrl: s
            ? new URL(`${t.publicURL}${encodeURIComponent(s.assetId)}.html`, t.origin).toString()
            : undefined,
          trackerUrl: new URL('/', t.origin).toString(),
        },
      });
      compiled.set(key, m);
      m.catch(() => compiled.delete(key)); // a failed compile is tried again by the job's retry
    }
    return { message: await m, tenant: t };
  }

  async function sendOne(
    n: PendingNotification,
    finalAttempt: boolean,
    recordSent: (sent: { id: number; messageId: string }) => void,
  ): Promise<'sent' | 'failed' | 'retry'> {
    const t = await tenantMail(n.tenantId);
    if (!t) throw new Error(`tenant ${n.tenantId} is gone`);
    const language = resolveEmailLanguage(n.locale, t.store);
    const { message, tenant } = await messageFor(n, language);
    const expires = new Date(Date.now() + env.NOTIFICATIONS_UNSUBSCRIBE_DAYS * 86_400_000);
    const token = signUnsubscribeToken(env.NOTIFICATIONS_SECRET, n.tenantId, n.userId, expires);
    const unsubscribeUrl = `${tenant.origin}${UNSUBSCRIBE_PATH}?t=${encodeURIComponent(token)}`;
    const { htmlQuotedPrintable, text } = message.renderEncoded({
      name: `${n.firstName} ${n.lastName}`.trim(),
      reasons: n.reasons,
      unsubscribeUrl,
    });
    const messageId = `<notification.${n.id}.${n.eventId}@${domain}>`;
    try {
      await transport.send({
        from: { name: tenant.branding.tenantName, address },
        to: n.login,
        subject: message.subject,
        text,
        html: { quotedPrintable: htmlQuotedPrintable },
        messageId,
        headers: {
          // RFC 2369 + RFC 8058: the https link answers a one-click POST; the mailto is the fallback.
          'List-Unsubscribe': `<${unsubscribeUrl}>, <mailto:${mailto}?subject=${encodeURIComponent(`unsubscribe ${token}`)}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          'Content-Language': language.replace('_', '-'),
          'Auto-Submitted': 'auto-generated',
          'X-Trackwell-Delivery': String(n.id),
        },
      });
    } catch (error) {
      const transient = isTransientSmtpError(error) && !finalAttempt;
      await markDeliveryAttemptFailed(db, n.id, (error as Error).message, !transient);
      return transient ? 'retry' : 'failed';
    }
    recordSent({ id: n.id, messageId });
    return 'sent';
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
      const b = await queues();
      await b.send(DISPATCH_QUEUE, { eventId });
    },

    async startWorker() {
      const b = await queues();
      await b.work<{ eventId: number }>(DISPATCH_QUEUE, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
        for (const job of jobs) {
          const ids = await listPendingDeliveryIds(db, job.data.eventId);
          const size = env.NOTIFICATIONS_BATCH_SIZE;
          const batches = [];
          for (let i = 0; i < ids.length; i += size) batches.push({ data: { ids: ids.slice(i, i + size) } });
          for (let i = 0; i < batches.length; i += 1000)
            await b.insert(SEND_QUEUE, batches.slice(i, i + 1000));
        }
      });
      await b.work<{ ids: number[] }>(
        SEND_QUEUE,
        { pollingIntervalSeconds: 0.5, localConcurrency: SEND_LOCAL_CONCURRENCY },
        async (jobs) => {
          for (const job of jobs) {
            const result = await service.sendBatch(job.data.ids, {
              finalAttempt: job.retryCount >= env.NOTIFICATIONS_RETRY_LIMIT,
            });
            // pg-boss retries the job with backoff; rows already sent are skipped then.
            if (result.retry > 0) throw new Error(`${result.retry} recipients got a temporary SMTP failure`);
          }
        },
      );
      // Sweep, now and every minute (sooner with a short claim): rows left pending and unclaimed (a crash between the commit and the
      // dispatch job, events applied by the CLI, a sender that died and whose claims expired).
      // While dispatch or sender jobs are queued or running they own the pending rows: sweeping then would
      // only queue the same rows twice (harmless thanks to the claims, but wasteful), so it waits.
      const sweep = async () => {
        const busy = await db.query(
          `SELECT 1 FROM pgboss.job WHERE name = ANY($1::text[]) AND state IN ('created', 'retry', 'active') LIMIT 1`,
          [[DISPATCH_QUEUE, SEND_QUEUE]],
        );
        if (busy.rows.length > 0) return;
        for (const eventId of await listEventsWithPendingDeliveries(db)) await service.dispatch(eventId);
      };
      // Events applied by a CLI (announceAppliedEvent): dispatched now; after a lost LISTEN connection
      // (null), whatever was announced meanwhile is found by a sweep.
      unlistenApplied = await db.listen(APPLIED_EVENTS_CHANNEL, (payload) => {
        const eventId = Number(payload);
        const next = payload && Number.isInteger(eventId) ? service.dispatch(eventId) : sweep();
        next.catch((error: Error) => log.error({ err: error }, 'could not queue announced notifications'));
      });
      await sweep();
      sweeper = setInterval(() => {
        sweep().catch((error: Error) => log.error({ err: error }, 'notification sweep failed'));
      }, Math.min(60, env.NOTIFICATIONS_CLAIM_SECONDS) * 1000);
      sweeper.unref();
    },

    async sendBatch(ids, opts = {}) {
      const rows = await claimPendingNotifications(db, ids, env.NOTIFICATIONS_CLAIM_SECONDS);
      const counts = { sent: 0, failed: 0, retry: 0 };
      const marks = startSentMarks(
        (batch) => markDeliveriesSent(db, batch),
        Date.now() + env.NOTIFICATIONS_CLAIM_SECONDS * 1000,
        (error) => log.warn({ err: error }, 'could not mark e-mails sent yet (retrying)'),
      );
      let next = 0;
      const lane = async () => {
        while (next < rows.length) {
          await marks.room(); // at most UNMARKED_LIMIT accepted-but-unmarked rows: the crash duplicate bound
          const n = rows[next++];
          if (!n) break;
          counts[await sendOne(n, opts.finalAttempt ?? false, marks.record)]++;
        }
      };
      try {
        await Promise.all(
          Array.from({ length: Math.min(env.NOTIFICATIONS_SMTP_CONNECTIONS, rows.length) }, lane),
        );
      } finally {
        await marks.drain();
      }
      return counts;
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
