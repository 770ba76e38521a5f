import { type CatalogEventKind, changeTitleIn, LIST_RECIPIENT_UNSUBSCRIBE_PATH } from '@trackwell/contracts';
import {
  claimListMails,
  type DatabaseHandle,
  type ListMail,
  markListMailFailed,
  markListMailSent,
} from '@trackwell/db';
import { renderListRecipientMail, resolveEmailLanguage } from '@trackwell/email';
import { z } from 'zod';
import type { Env } from '../../config/env.ts';
import type { JobContext, JobDefinition } from '../jobs/definition.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { signListRecipientToken } from './list-recipient-token.ts';
import type { MailContent } from './mail-content.ts';
import { mailHeaders, mailIdentity } from './sender.ts';
import type { MailTransport } from './transport.ts';

/**
 * The organisation lists' e-mails to outside recipients: claim pending rows (queued set-based with each
 * change, db organisation-list-recipients.ts), render each in the store's language (the address has no
 * account, so no language of its own), send with the RFC 8058 one-click unsubscribe headers and a link in
 * the body, and mark it sent. The Message-ID is the row's, the same on every attempt. A failed send is
 * tried again in a later run, up to NOTIFICATIONS_RETRY_LIMIT attempts.
 */
export interface ListRecipientMailDeps {
  db: DatabaseHandle;
  env: Env;
  transport: MailTransport;
  content: Pick<MailContent, 'storeMail'>;
}

const BATCH = 100;

export function createListRecipientMailer({ db, env, transport, content }: ListRecipientMailDeps) {
  const { address, domain, mailto } = mailIdentity(env);

  async function send(mail: ListMail) {
    const store = await content.storeMail(mail.tenantId);
    const language = resolveEmailLanguage(undefined, store.store);
    const expires = new Date(Date.now() + env.NOTIFICATIONS_UNSUBSCRIBE_DAYS * 86_400_000);
    const token = signListRecipientToken(env.NOTIFICATIONS_SECRET, mail.tenantId, mail.recipientId, expires);
    const unsubscribe = {
      token,
      url: `${store.origin}${LIST_RECIPIENT_UNSUBSCRIBE_PATH}?t=${encodeURIComponent(token)}`,
    };
    const standard = mail.change.standard;
    const message = renderListRecipientMail(language, {
      tenantName: store.branding.tenantName,
      organisation: mail.organisationName,
      list: mail.listName,
      email: mail.email,
      kind: mail.kind as CatalogEventKind,
      designation: standard?.designation ?? mail.change.workItem?.number ?? '',
      title: changeTitleIn(language, mail.change),
      standardUrl: standard
        ? new URL(`${store.publicURL}${encodeURIComponent(standard.assetId)}.html`, store.origin).toString()
        : undefined,
      unsubscribeUrl: unsubscribe.url,
    });
    const id = `list-mail.${mail.id}`;
    await transport.send({
      from: { name: store.branding.tenantName, address },
      to: mail.email,
      subject: message.subject,
      text: message.text,
      html: message.html,
      messageId: `<${id}.${mail.eventId}@${domain}>`,
      headers: mailHeaders(unsubscribe, mailto, language, id),
    });
  }

  /** Sends what is pending now, batch after batch, until nothing is left to claim. */
  async function run(): Promise<{ sent: number; failed: number }> {
    const result = { sent: 0, failed: 0 };
    for (;;) {
      const batch = await claimListMails(db, BATCH, env.NOTIFICATIONS_CLAIM_SECONDS);
      for (const mail of batch) {
        try {
          await send(mail);
          await markListMailSent(db, mail.id);
          result.sent++;
        } catch (error) {
          const final = mail.attempts > env.NOTIFICATIONS_RETRY_LIMIT;
          await markListMailFailed(db, mail.id, (error as Error).message, final);
          result.failed++;
        }
      }
      if (batch.length < BATCH) return result;
    }
  }
  return { run };
}
export type ListRecipientMailer = ReturnType<typeof createListRecipientMailer>;

interface ListRecipientJobDeps extends JobContext {
  mailer: Pick<ListRecipientMailer, 'run'>;
}

export const listRecipientJob: JobDefinition<Record<string, never>, ListRecipientJobDeps> = {
  name: 'list-recipient-mails',
  version: 1,
  payload: z.object({}).strict(),
  policy: (env) => ({ retryLimit: 2, retryDelay: 30, expireInSeconds: env.NOTIFICATIONS_CLAIM_SECONDS }),
  handle:
    ({ mailer }) =>
    async () => {
      await mailer.run();
    },
};

/** The job, worked by this process; queued after each dispatched change and by every sweep (one at a time). */
export function registerListRecipientJob(jobs: JobQueue, mailer: ListRecipientJobDeps['mailer']) {
  jobs.register(listRecipientJob, { pollingIntervalSeconds: 2 }, { mailer });
  jobs.addSweepStep(async () => {
    await queueListRecipientJob(jobs);
  });
}

export const queueListRecipientJob = (jobs: JobQueue) =>
  jobs.send(listRecipientJob, {}, { singletonKey: 'list-recipient-mails', singletonSeconds: 2 });
