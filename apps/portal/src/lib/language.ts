import { FALLBACK_LANGUAGE, isLanguage, type Language, type TenantUi } from '@trackwell/contracts';

/**
 * Which language the portal shows (spec §4 "Language"): with translation off, always the fallback (en);
 * otherwise the stored preference (the locale cookie) when the tenant offers it, else the tenant default.
 */
export function resolveLanguage({
  stored,
  languages,
  defaultLanguage,
  translationEnabled,
}: {
  stored: Language | undefined;
  languages: readonly Language[];
  defaultLanguage: Language;
  translationEnabled: boolean;
}): Language {
  if (!translationEnabled) return FALLBACK_LANGUAGE;
  if (stored && languages.includes(stored)) return stored;
  return defaultLanguage;
}

/**
 * Whether the tenant may be translated. The real answer is the `enable_translation` feature flag (spec §3
 * "{hash}.enabled"), served by the tracker's app-config call, which needs a signed-in user. Before sign-in the
 * tenant configuration is all there is: a tenant that offers no choice (selector off) and only English is
 * treated as "translation off". A single non-English language is the tenant's language, not a translation
 * switch, so it stays. Once the flag is loaded, pass it to `resolveLanguage` instead of this.
 */
export function translationEnabledFromUi(ui: Pick<TenantUi, 'languageSelector' | 'languages'>): boolean {
  return !(ui.languageSelector.enabled === false && ui.languages.length === 1 && ui.languages[0] === 'en');
}

/** spec §2 Header "Optional language selector": only when the tenant allows it and there is a choice. */
export function languageSelectorVisible(
  ui: Pick<TenantUi, 'languageSelector' | 'languages'>,
  translationEnabled: boolean,
): boolean {
  return translationEnabled && ui.languageSelector.enabled && ui.languages.length > 1;
}

/** A string from outside (cookie, storage) as a supported language, or undefined. */
export function asLanguage(value: string | undefined): Language | undefined {
  return isLanguage(value) ? value : undefined;
}

/** Each language's own name, shown in the selector whatever the page's language (a reader finds their own). */
export const LANGUAGE_AUTONYMS: Record<Language, string> = {
  en: 'English',
  ar: 'العربية',
  ru: 'Русский',
  fr_CA: 'Français (Canada)',
  zh_Hans: '简体中文',
  fr_FR: 'Français (France)',
  de: 'Deutsch',
  it: 'Italiano',
  ja: '日本語',
  ko: '한국어',
  pt: 'Português',
  es: 'Español',
  tr: 'Türkçe',
  es_ES: 'Español (España)',
};
