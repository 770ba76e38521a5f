import { ACCOUNT_PREFERENCES_PATH, type Language, type TenantConfig } from '@trackwell/contracts';
import { type DatabaseHandle, findTenantForMail, type PendingNotification } from '@trackwell/db';
import {
  brandingFromTenant,
  type CompiledNotification,
  compileNotification,
  type EmailBranding,
} from '@trackwell/email';
import type { EmailImages } from './email-images.ts';

/**
 * What a change e-mail says, cached: each store's branding and links for a minute (edits show within it), and
 * each compiled message per (store, event, language), so MJML runs once and recipients are filled in.
 */

export interface StoreMail {
  branding: EmailBranding;
  origin: string;
  publicURL: string;
  store: { languages: readonly Language[]; defaultLanguage: Language };
}

export interface MailContentOptions {
  db: DatabaseHandle;
  /** A store's canonical origin from its canonical host (app.publicUrls): every link in the e-mails. */
  origin: (canonicalHost: string) => string;
  /** The PNG logos of a store's e-mails (email-images.ts); without it, e-mails name the store in text. */
  emailImages?: (tenant: { code: string; config: TenantConfig }, origin: string) => Promise<EmailImages>;
  log: { warn(o: object, m: string): void };
}

const STORE_CACHE_MS = 60_000;
const MAX_COMPILED = 500;

export function createMailContent({ db, origin: originOf, emailImages, log }: MailContentOptions) {
  const compiled = new Map<string, Promise<CompiledNotification>>();
  const stores = new Map<string, Promise<StoreMail | undefined>>();

  async function loadStore(tenantId: string): Promise<StoreMail | undefined> {
    const t = await findTenantForMail(db, tenantId);
    if (!t) return undefined;
    const origin = originOf(t.host);
    const images = emailImages
      ? await emailImages(t, origin).catch((error: unknown) => {
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
  }

  /** The store's e-mail set-up; throws when the store is gone (the job fails and is retried, then dropped). */
  async function storeMail(tenantId: string): Promise<StoreMail> {
    let hit = stores.get(tenantId);
    if (!hit) {
      hit = loadStore(tenantId);
      stores.set(tenantId, hit);
      setTimeout(() => stores.delete(tenantId), STORE_CACHE_MS).unref(); // branding edits show within a minute
    }
    const store = await hit;
    if (!store) throw new Error(`tenant ${tenantId} is gone`);
    return store;
  }

  /** The compiled message of this row's event in this language. */
  function message(n: PendingNotification, language: Language, t: StoreMail): Promise<CompiledNotification> {
    const key = `${n.tenantId}:${n.eventId}:${language}`;
    let m = compiled.get(key);
    if (!m) {
      if (compiled.size > MAX_COMPILED) compiled.clear();
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
          preferencesUrl: new URL(ACCOUNT_PREFERENCES_PATH, t.origin).toString(),
        },
      });
      compiled.set(key, m);
      m.catch(() => compiled.delete(key)); // a failed compile is tried again by the job's retry
    }
    return m;
  }

  return { storeMail, message };
}
export type MailContent = ReturnType<typeof createMailContent>;
