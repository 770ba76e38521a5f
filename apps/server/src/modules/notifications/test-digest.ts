import { randomUUID } from 'node:crypto';
import { type DatabaseHandle, heldDigestOf } from '@trackwell/db';
import { type CompiledDigest, compileDigest, resolveEmailLanguage } from '@trackwell/email';
import type { Env } from '../../config/env.ts';
import { digestEntries } from './digests.ts';
import { frameCache, frameLinks } from './frame-cache.ts';
import type { MailContent } from './mail-content.ts';
import { mailHeaders, mailIdentity, unsubscribeLink } from './sender.ts';
import type { MailTransport } from './transport.ts';

/**
 * "Send me a test digest now" (the account): the user's digest of the current period, sent now to the user
 * only, marked as a test in its subject and first line. Nothing is claimed or marked (db test-digests.ts):
 * the real digest still comes at its time. Rate-limited by the route.
 */
export interface TestDigestDeps {
  db: DatabaseHandle;
  env: Env;
  transport: MailTransport;
  content: MailContent;
}

/** Answers how many changes it listed, or undefined when the user is not in the store. */
export type SendTestDigest = (tenantId: string, userId: string) => Promise<{ changes: number } | undefined>;

export function createTestDigestSender({ db, env, transport, content }: TestDigestDeps): SendTestDigest {
  const { address, domain, mailto } = mailIdentity(env);
  const frames = frameCache<CompiledDigest>();
  return async (tenantId, userId) => {
    const held = await heldDigestOf(db, tenantId, userId);
    if (!held) return undefined;
    const store = await content.storeMail(tenantId);
    const language = resolveEmailLanguage(held.locale, store.store);
    const frequency = held.frequency === 'weekly' ? 'weekly' : 'daily';
    const frame = await frames(`${tenantId}:${language}:${frequency}`, () =>
      compileDigest({ language, branding: store.branding, frequency, links: frameLinks(store), test: true }),
    );
    const unsubscribe = unsubscribeLink(env, held, store.origin);
    const m = frame.renderEncoded({
      name: `${held.firstName} ${held.lastName}`.trim(),
      unsubscribeUrl: unsubscribe.url,
      entries: digestEntries(env, held, store),
    });
    await transport.send({
      from: { name: store.branding.tenantName, address },
      to: held.login,
      subject: m.subject,
      text: m.text,
      html: { quotedPrintable: m.htmlQuotedPrintable },
      messageId: `<test-digest.${randomUUID()}@${domain}>`,
      headers: mailHeaders(unsubscribe, mailto, language, `test-digest-${userId}`),
    });
    return { changes: held.items.length };
  };
}
