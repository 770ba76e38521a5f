import { isLanguage, type Language, LOCALE_CODE_MAP, SUPPORTED_LANGUAGES } from './languages.ts';

/**
 * One language preference per person ("the language follows the person"): the header's
 * selector, Account › Preferences and the profile's `locale` are one value, a language code of spec §3 that
 * the store offers (`users.locale`). The rules for reading, writing and choosing it live here, once.
 */

/** The query parameter e-mailed links carry so the page they open shows the e-mail's language (`?lang=ar`). */
export const LANGUAGE_QUERY_PARAM = 'lang';

const byLowerCode = new Map<string, Language>(SUPPORTED_LANGUAGES.map((code) => [code.toLowerCase(), code]));
const byLocaleCode = new Map<string, Language>(
  SUPPORTED_LANGUAGES.map((code) => [LOCALE_CODE_MAP[code], code]),
);

/**
 * A code from outside read leniently: a language code in any case with `_` or `-` (`fr_CA`, `fr-ca`), or a
 * spec §9 locale code (`cf`, `zh-hans`). Anything else — old free text such as "English" — is undefined.
 */
export function languageOfCode(value: unknown): Language | undefined {
  if (typeof value !== 'string' || value.length > 16) return undefined;
  const exact = isLanguage(value) ? value : byLocaleCode.get(value);
  return exact ?? byLowerCode.get(value.replace('-', '_').toLowerCase());
}

/** The stored preference as a language the store offers; unknown or not offered reads as unset. */
export function offeredLanguage(value: unknown, offered: readonly Language[]): Language | undefined {
  const code = languageOfCode(value);
  return code && offered.includes(code) ? code : undefined;
}

/**
 * The write rule of the profile's `locale`: null (unset) or exactly one of the store's language codes. Returns
 * the Okta errorCause naming the field, or undefined when the value may be stored.
 */
export function profileLocaleProblem(value: unknown, offered: readonly Language[]): string | undefined {
  if (value === null) return undefined;
  if (typeof value === 'string' && (offered as readonly string[]).includes(value)) return undefined;
  return `locale: must be one of the store's languages (${offered.join(', ')})`;
}

/** A language family: es/es_ES and fr_CA/fr_FR stand in for each other (as in localized-text.ts). */
const familyOf = (tag: string) => tag.split(/[-_]/)[0]?.toLowerCase() ?? '';

/**
 * The first language of an `Accept-Language` header (by q, then order) that the store offers: the exact
 * language, else one of its family (`es-MX` → `es`, `fr` → `fr_FR` or `fr_CA`). The portal sends the page's
 * language in it (features/auth/okta.ts), so sign-in e-mails are written in the language the page shows.
 */
export function languageFromAcceptLanguage(
  header: string | undefined,
  offered: readonly Language[],
): Language | undefined {
  if (!header || header.length > 512) return undefined;
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.tag && r.tag !== '*' && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    const exact = offeredLanguage(tag, offered);
    if (exact) return exact;
    const sibling = offered.find((code) => familyOf(code) === familyOf(tag));
    if (sibling) return sibling;
  }
  return undefined;
}

/**
 * The language to write to a person in (e-mails, the pages their links open): the one they are looking at
 * when they asked (`requested`), else their stored preference, else the store's default. Only languages the
 * store offers count.
 */
export function personLanguage(input: {
  requested?: unknown;
  stored?: unknown;
  store: { languages: readonly Language[]; defaultLanguage: Language };
}): Language {
  const { languages, defaultLanguage } = input.store;
  return (
    offeredLanguage(input.requested, languages) ?? offeredLanguage(input.stored, languages) ?? defaultLanguage
  );
}
