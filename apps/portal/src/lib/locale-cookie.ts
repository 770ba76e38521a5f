import {
  type Language,
  LOCALE_CODE_MAP,
  languageInLocaleCookie,
  localeCookieName,
} from '@trackwell/contracts';

/**
 * The stored language preference (spec §4 "The stored language is a cookie", §9 "Locale cookie"):
 * `locale_{env}`, 30 days, path /, SameSite=None, Secure, on the registrable parent domain so the tenant's
 * store on a sibling host reads the same choice. The value is the spec's locale code (fr_CA → cf), the code the
 * store and the identity provider understand.
 */
export const LOCALE_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

export { localeCookieName };

/** The `Set-Cookie`-style string written to `document.cookie`. `domain` undefined → a host-only cookie. */
export function localeCookieString(env: string, lng: Language, domain: string | undefined): string {
  const parts = [
    `${localeCookieName(env)}=${encodeURIComponent(LOCALE_CODE_MAP[lng])}`,
    `Max-Age=${LOCALE_COOKIE_MAX_AGE_S}`,
    'Path=/',
    'SameSite=None',
    'Secure',
  ];
  if (domain) parts.push(`Domain=${domain}`);
  return parts.join('; ');
}

export function writeLocaleCookie(env: string, lng: Language, domain: string | undefined): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the value is built and encoded by localeCookieString; the Cookie Store API is not in every browser the stores support, and the cookie must be read synchronously before the first paint.
  document.cookie = localeCookieString(env, lng, domain);
}

/** The language in the cookie (locale code or language code), or undefined when absent or unknown. */
export function readLocaleCookie(env: string, cookies: string = document.cookie): Language | undefined {
  return languageInLocaleCookie(cookies, env);
}
