/**
 * The language codes and what goes with them, without Zod (the portal's first screen reads them and carries
 * no Zod); their schema is `language` in ./language-schema.ts.
 */

/** spec §3 "Supported languages", in the spec's order. */
export const SUPPORTED_LANGUAGES = [
  'en',
  'ar',
  'ru',
  'fr_CA',
  'zh_Hans',
  'fr_FR',
  'de',
  'it',
  'ja',
  'ko',
  'pt',
  'es',
  'tr',
  'es_ES',
] as const;

export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/** Whether a value is one of the language codes, checked without Zod (the portal's first screen has none). */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** spec §9: fallback language. */
export const FALLBACK_LANGUAGE: Language = 'en';

/** spec §9 "Locale code map": the code sent to the store and the identity provider for each language. */
export const LOCALE_CODE_MAP: Record<Language, string> = {
  en: 'en',
  ar: 'ar',
  ru: 'ru',
  fr_CA: 'cf',
  zh_Hans: 'zh-hans',
  fr_FR: 'fr',
  de: 'de',
  it: 'it',
  ja: 'ja',
  ko: 'ko',
  pt: 'pt',
  es: 'es',
  tr: 'tr',
  es_ES: 'es-es',
};

/** Languages written right to left (spec §4 "Language": Arabic and similar). */
export const RTL_LANGUAGES: ReadonlySet<Language> = new Set<Language>(['ar']);
