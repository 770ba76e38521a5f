import type { Language } from '@trackwell/contracts';
import {
  type ClaimedDigest,
  claimDigests,
  createDueDigests,
  createDueStatusReports,
  type DatabaseHandle,
  markDigestAttemptFailed,
  markDigestsSent,
  releaseDigestClaims,
} from '@trackwell/db';
import {
  type CompiledDigest,
  compileDigest,
  type DigestEntry,
  type DigestFrequency,
  resolveEmailLanguage,
} from '@trackwell/email';
import type { Env } from '../../config/env.ts';
import { frameCache, frameLinks } from './frame-cache.ts';
import type { MailContent, StoreMail } from './mail-content.ts';
import { claimMarginMs, mailHeaders, mailIdentity, successorChoice, unsubscribeLink } from './sender.ts';
import { type SentMark, sendInLanes, startSentMarks } from './sent-marks.ts';
import { statusReportMessages } from './status-reports.ts';
import { isTransientSmtpError, type MailTransport } from './transport.ts';

/**
 * The digest run, framework-free, given the clock (`now`). 1. the digests due at `now` are
 * created with their changes, set-based, one per user and period (db notification-digests.ts: the UNIQUE
 * period key is the idempotency key); 2. pending digests are claimed, rendered in the user's language and
 * sent with a stable Message-ID (`<digest.{id}@domain>`), then marked sent with their changes. A run that
 * dies after the claim leaves the digest pending: the next run after the claim ends sends it, once.
 * The monthly status reports (status-reports.ts) are created in the same run and travel the
 * same way: a notification_digests row of kind 'status', one per user and month.
 */

export interface DigestDeps {
  db: DatabaseHandle;
  env: Env;
  transport: MailTransport;
  content: MailContent;
}

const CLAIM_BATCH = 100;

export interface DigestRunResult {
  created: number;
  sent: number;
  failed: number;
  retry: number;
}

/** The compiled digest frames, per (store, language, frequency) (frame-cache.ts). */
function digestFrames() {
  const frames = frameCache<CompiledDigest>();
  return (tenantId: string, language: Language, frequency: DigestFrequency, store: StoreMail) =>
    frames(`${tenantId}:${language}:${frequency}`, () =>
      compileDigest({ language, branding: store.branding, frequency, links: frameLinks(store) }),
    );
}

/**
 * A digest's changes as its e-mail lists them: each with a link to its standard's page, and for a replacement
 * of a standard the user tracks, its "Track <new> instead" link or "You now track".
 */
export function digestEntries(
  env: Env,
  d: Pick<ClaimedDigest, 'tenantId' | 'userId' | 'items'>,
  store: StoreMail,
): DigestEntry[] {
  return d.items.map((item) => ({
    change: item.change,
    reasons: item.reasons,
    successor: successorChoice(env, { ...item, tenantId: d.tenantId, userId: d.userId }, store.origin),
    standardUrl: item.change.standard
      ? new URL(
          `${store.publicURL}${encodeURIComponent(item.change.standard.assetId)}.html`,
          store.origin,
        ).toString()
      : undefined,
  }));
}

/** A digest's message (its frame compiled once per store, language and frequency). */
function digestMessages(env: Env) {
  const frame = digestFrames();
  return async (d: ClaimedDigest, store: StoreMail, language: Language, unsubscribeUrl: string) => {
    const frequency: DigestFrequency = d.period.startsWith('weekly') ? 'weekly' : 'daily';
    const m = (await frame(d.tenantId, language, frequency, store)).renderEncoded({
      name: `${d.firstName} ${d.lastName}`.trim(),
      unsubscribeUrl,
      entries: digestEntries(env, d, store),
    });
    // Sent as its quoted-printable body: nodemailer neither scans nor re-encodes it (transport.ts).
    return { subject: m.subject, text: m.text, html: { quotedPrintable: m.htmlQuotedPrintable } };
  };
}

type Outcome = 'sent' | 'failed' | 'retry';

/** A claimed batch: `until` names its claim in the database, `claimEnds` is its end on this process's clock. */
interface Claim {
  rows: ClaimedDigest[];
  until: Date;
  claimEnds: number;
}

/**
 * Sends a claimed batch over one lane per SMTP connection; resolves once every sent one is marked. No digest
 * starts in the claim's last fifth (sender.ts `claimMarginMs`: a later run may claim it once the claim ends,
 * and both would send it) or once `signal` aborts: those are given back for the next run and counted as `retry`.
 */
async function sendClaimed(
  db: DatabaseHandle,
  env: Env,
  claim: Claim,
  send: (d: ClaimedDigest, record: (sent: SentMark) => void) => Promise<Outcome>,
  result: DigestRunResult,
  signal?: AbortSignal,
) {
  const marks = startSentMarks((sent) => markDigestsSent(db, sent), claim.claimEnds);
  const left = await sendInLanes(
    claim.rows,
    env.NOTIFICATIONS_SMTP_CONNECTIONS,
    marks,
    send,
    result,
    signal,
    claim.claimEnds - claimMarginMs(env.NOTIFICATIONS_CLAIM_SECONDS),
  );
  await releaseDigestClaims(
    db,
    left.map((d) => d.id),
    claim.until,
  );
  result.retry += left.length;
}

/**
 * Claims the next batch of a run at its `now` advanced by the time it has taken since `started` (on this
 * process's clock), so a long run's later claims last as long as its first.
 */
async function claimNext(db: DatabaseHandle, env: Env, now: Date, started: number): Promise<Claim> {
  // Taken before the claim, so never later than its end in the database.
  const claimEnds = Date.now() + env.NOTIFICATIONS_CLAIM_SECONDS * 1000;
  const at = new Date(now.getTime() + (Date.now() - started));
  return { ...(await claimDigests(db, at, env.NOTIFICATIONS_CLAIM_SECONDS, CLAIM_BATCH)), claimEnds };
}

export function createDigestRunner({ db, env, transport, content }: DigestDeps) {
  const { address, domain, mailto } = mailIdentity(env);
  const digestMessage = digestMessages(env);
  const statusReport = statusReportMessages(db);

  /**
   * Renders and sends one claimed digest (or monthly status report); records it for its sent mark, or
   * records why not.
   */
  async function sendDigest(d: ClaimedDigest, now: Date, record: (sent: SentMark) => void): Promise<Outcome> {
    const store = await content.storeMail(d.tenantId);
    const language = resolveEmailLanguage(d.locale, store.store);
    const unsubscribe = unsubscribeLink(env, d, store.origin);
    const message = await (d.kind === 'status' ? statusReport : digestMessage)(
      d,
      store,
      language,
      unsubscribe.url,
    );
    const messageId = `<${d.kind === 'status' ? 'status' : 'digest'}.${d.id}@${domain}>`;
    let sent: { raw: string };
    try {
      sent = await transport.send({
        from: { name: store.branding.tenantName, address },
        to: d.login,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId,
        headers: mailHeaders(unsubscribe, mailto, language, `digest-${d.id}`),
      });
    } catch (error) {
      const permanent = !isTransientSmtpError(error);
      const retryAt = new Date(now.getTime() + env.NOTIFICATIONS_RETRY_DELAY_SECONDS * 1000);
      await markDigestAttemptFailed(db, d.id, (error as Error).message, { permanent, retryAt });
      return permanent ? 'failed' : 'retry';
    }
    // Marked in a group commit (sent-marks.ts): a crash before the mark re-sends this digest, with the same
    // Message-ID, after its claim ends; at most UNMARKED_LIMIT + one per SMTP connection, the change
    // e-mails' honest bound (this module's README, "Delivery guarantees").
    record({ id: d.id, messageId, message: sent.raw });
    return 'sent';
  }

  /**
   * One run at `now`: create what is due, then send every pending digest this run can claim (claimNext).
   * Once `signal` aborts (the worker is shutting down) no new digest starts; the claimed ones not sent
   * are given back and go out with the next run.
   */
  async function run(now: Date, signal?: AbortSignal): Promise<DigestRunResult> {
    const started = Date.now();
    const result: DigestRunResult = {
      created: (await createDueDigests(db, now)) + (await createDueStatusReports(db, now)),
      sent: 0,
      failed: 0,
      retry: 0,
    };
    // One send in flight per SMTP connection, as the change e-mails' sender. The next batch is claimed while
    // this one is sent, so the lanes do not stand idle during the claim (bench/digest).
    const claim = () => claimNext(db, env, now, started);
    let next: Promise<Claim> | undefined = claim();
    while (next) {
      const batch: Claim = await next;
      next = batch.rows.length === CLAIM_BATCH && !signal?.aborted ? claim() : undefined;
      // Awaited on the next turn; should this batch's sending throw first, it must not go unhandled.
      next?.catch(() => {});
      await sendClaimed(db, env, batch, (d, record) => sendDigest(d, now, record), result, signal);
    }
    return result;
  }

  return { run };
}
export type DigestRunner = ReturnType<typeof createDigestRunner>;
