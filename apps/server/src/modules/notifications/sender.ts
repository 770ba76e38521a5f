import { FOLLOW_SUCCESSOR_PATH, UNSUBSCRIBE_PATH } from '@trackwell/contracts';
import {
  claimPendingNotifications,
  type DatabaseHandle,
  markDeliveriesSent,
  markDeliveryAttemptFailed,
  type PendingNotification,
  releaseNotificationClaims,
} from '@trackwell/db';
import { resolveEmailLanguage, type SuccessorChoice } from '@trackwell/email';
import type { Env } from '../../config/env.ts';
import { signFollowSuccessorToken } from './follow-successor-token.ts';
import type { MailContent } from './mail-content.ts';
import { type SentMark, sendInLanes, startSentMarks } from './sent-marks.ts';
import { isTransientSmtpError, type MailTransport } from './transport.ts';
import { signUnsubscribeToken } from './unsubscribe-token.ts';

/**
 * The sender job's body: claim the rows, then over NOTIFICATIONS_SMTP_CONNECTIONS lanes render each e-mail,
 * hand it to SMTP, and mark it sent right after the server accepted it (marks grouped into few commits,
 * sent-marks.ts). A row is sent only while pending and claimed; its Message-ID is stable, so a receiving
 * system can also dedupe.
 */

export type SendOutcome = 'sent' | 'failed' | 'retry';

/**
 * A batch starts no e-mail in the last fifth of its claim (at least its last second): once the claim ends, the
 * sweep or pg-boss's retry of a job that outlived it (its expiry is the claim) hands the unsent rows to another
 * sender, and a row started late (on a slow relay or a busy machine) could be sent by both. What is left is released for the job's retry; the e-mails on the wire finish and are
 * marked within the margin.
 */
export const claimMarginMs = (claimSeconds: number) => Math.max(1000, claimSeconds * 200);

export interface SenderOptions {
  db: DatabaseHandle;
  env: Env;
  transport: MailTransport;
  content: MailContent;
  log: { warn(o: object, m: string): void };
}

const fromAddress = (mailFrom: string) => /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();

/** The unsubscribe link of this recipient (signed, valid NOTIFICATIONS_UNSUBSCRIBE_DAYS). */
export function unsubscribeLink(env: Env, n: { tenantId: string; userId: string }, origin: string) {
  const expires = new Date(Date.now() + env.NOTIFICATIONS_UNSUBSCRIBE_DAYS * 86_400_000);
  const token = signUnsubscribeToken(env.NOTIFICATIONS_SECRET, n.tenantId, n.userId, expires);
  return { token, url: `${origin}${UNSUBSCRIBE_PATH}?t=${encodeURIComponent(token)}` };
}

/**
 * A replacement's part for this recipient (the change e-mail and a digest's entry), only for
 * those who track the replaced standard:
 * their tracking already moved at publish, or the signed "Track <new> instead" link (valid as long as the
 * unsubscribe link).
 */
export function successorChoice(
  env: Env,
  n: Pick<
    PendingNotification,
    'tenantId' | 'eventId' | 'userId' | 'reasons' | 'change' | 'followedSuccessor'
  >,
  origin: string,
): SuccessorChoice | undefined {
  const pair = n.change.successor;
  if (!pair || !n.reasons.some((r) => r.type === 'STANDARD' && r.value === pair.from.designation))
    return undefined;
  if (n.followedSuccessor) return { followed: true as const };
  const expires = new Date(Date.now() + env.NOTIFICATIONS_UNSUBSCRIBE_DAYS * 86_400_000);
  const token = signFollowSuccessorToken(env.NOTIFICATIONS_SECRET, n, expires);
  const url = `${origin}${FOLLOW_SUCCESSOR_PATH}?e=${n.eventId}&t=${encodeURIComponent(token)}`;
  return { followed: false as const, url };
}

/** The change e-mail's own headers: one-click unsubscribe, its language, automatic, which delivery. */
export function mailHeaders(
  unsubscribe: { token: string; url: string },
  mailto: string,
  language: string,
  id: number | string,
) {
  return {
    // RFC 2369 + RFC 8058: the https link answers a one-click POST; the mailto is the fallback.
    'List-Unsubscribe': `<${unsubscribe.url}>, <mailto:${mailto}?subject=${encodeURIComponent(`unsubscribe ${unsubscribe.token}`)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    'Content-Language': language.replace('_', '-'),
    'Auto-Submitted': 'auto-generated',
    'X-Trackwell-Delivery': String(id),
  };
}

/** The From address, the Message-ID domain and the unsubscribe mailbox (the digests use them too). */
export function mailIdentity(env: Env) {
  const address = fromAddress(env.MAIL_FROM);
  const domain = address.split('@')[1] ?? 'trackwell.example';
  return { address, domain, mailto: env.NOTIFICATIONS_UNSUBSCRIBE_MAILTO ?? `unsubscribe@${domain}` };
}

export type Sender = ReturnType<typeof createSender>;

export function createSender({ db, env, transport, content, log }: SenderOptions) {
  const { address, domain, mailto } = mailIdentity(env);

  async function sendOne(
    n: PendingNotification,
    finalAttempt: boolean,
    recordSent: (sent: SentMark) => void,
  ): Promise<SendOutcome> {
    const store = await content.storeMail(n.tenantId);
    const language = resolveEmailLanguage(n.locale, store.store);
    const message = await content.message(n, language, store);
    const unsubscribe = unsubscribeLink(env, n, store.origin);
    const { subject, htmlQuotedPrintable, text } = message.renderEncoded({
      name: `${n.firstName} ${n.lastName}`.trim(),
      reasons: n.reasons,
      unsubscribeUrl: unsubscribe.url,
      successor: successorChoice(env, n, store.origin),
    });
    const messageId = `<notification.${n.id}.${n.eventId}@${domain}>`;
    let sent: { raw: string };
    try {
      sent = await transport.send({
        from: { name: store.branding.tenantName, address },
        to: n.login,
        subject,
        text,
        html: { quotedPrintable: htmlQuotedPrintable },
        messageId,
        headers: mailHeaders(unsubscribe, mailto, language, n.id),
      });
    } catch (error) {
      const transient = isTransientSmtpError(error) && !finalAttempt;
      await markDeliveryAttemptFailed(db, n.id, (error as Error).message, !transient);
      return transient ? 'retry' : 'failed';
    }
    recordSent({ id: n.id, messageId, message: sent.raw });
    return 'sent';
  }

  /**
   * Sends these outbox rows once each; a temporary SMTP failure is counted as `retry` (the job retries). Once
   * `signal` aborts, no new e-mail starts: the ones on the wire finish and are marked, the rest are released
   * and counted as `retry`.
   */
  async function sendBatch(ids: number[], opts: { finalAttempt?: boolean; signal?: AbortSignal } = {}) {
    // Taken before the claim, so never later than the database's end of it.
    const claimEnds = Date.now() + env.NOTIFICATIONS_CLAIM_SECONDS * 1000;
    const { rows, until } = await claimPendingNotifications(db, ids, env.NOTIFICATIONS_CLAIM_SECONDS);
    const counts: Record<SendOutcome, number> = { sent: 0, failed: 0, retry: 0 };
    const marks = startSentMarks(
      (batch) => markDeliveriesSent(db, batch),
      claimEnds,
      (error) => log.warn({ err: error }, 'could not mark e-mails sent yet (retrying)'),
    );
    const send = (n: PendingNotification, record: (sent: SentMark) => void) =>
      sendOne(n, opts.finalAttempt ?? false, record);
    const left = await sendInLanes(
      rows,
      env.NOTIFICATIONS_SMTP_CONNECTIONS,
      marks,
      send,
      counts,
      opts.signal,
      claimEnds - claimMarginMs(env.NOTIFICATIONS_CLAIM_SECONDS),
    );
    await releaseNotificationClaims(
      db,
      left.map((n) => n.id),
      until,
    );
    counts.retry += left.length;
    return counts;
  }

  return { sendBatch };
}
