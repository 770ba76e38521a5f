import { languageOfCode } from './language-preference.ts';
import type { Language } from './languages.ts';

/** spec §9 "Locale cookie": `locale_{env}`. */
export function localeCookieName(env: string): string {
  return `locale_${env}`;
}

/**
 * The language stored in the locale cookie of a `Cookie` header or `document.cookie` string (its value is a
 * locale code such as `cf`, or a language code), or undefined when absent, unknown or badly encoded. The
 * portal reads it to open in that language; the server reads it to hint what the portal will fetch.
 */
export function languageInLocaleCookie(cookies: string | undefined, env: string): Language | undefined {
  const name = localeCookieName(env);
  for (const pair of (cookies ?? '').split(';')) {
    const [key, ...rest] = pair.trim().split('=');
    if (key !== name) continue;
    let value: string;
    try {
      value = decodeURIComponent(rest.join('='));
    } catch {
      return undefined;
    }
    return languageOfCode(value);
  }
  return undefined;
}
