import {
  FALLBACK_LANGUAGE,
  isLanguage,
  type Language,
  RTL_LANGUAGES,
  SUPPORTED_LANGUAGES,
} from '@trackwell/contracts';
import i18next, { type i18n } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import enCommon from '../../public/locales/en/common.json';
import {
  COMMON_NAMESPACE,
  LOCALES_LOAD_PATH,
  TRANSLATION_LOAD_RETRIES,
  TRANSLATION_NAMESPACES,
  TRANSLATION_PARALLEL_READS,
  TRANSLATION_RETRY_DELAY_MS,
} from '../config/constants.ts';

export type TextDirection = 'ltr' | 'rtl';

/** spec §4: right to left for Arabic and similar. */
export function directionOf(lng: string): TextDirection {
  return isLanguage(lng) && RTL_LANGUAGES.has(lng) ? 'rtl' : 'ltr';
}

/** The spec's language codes use "_" (fr_CA, zh_Hans); the `lang` attribute wants BCP 47 ("fr-CA", "zh-Hans"). */
export function toBcp47(lng: string): string {
  return lng.replaceAll('_', '-');
}

/** Keeps `<html lang dir>` in step with the resolved language (spec §4 "Language"). */
export function applyDocumentLanguage(lng: string): void {
  const root = document.documentElement;
  root.lang = toBcp47(lng);
  root.dir = directionOf(lng);
}

/** What a page the server drew brings (lib/first-screen.ts): its language's strings for the first screen. */
export interface PreloadedTranslations {
  language: Language;
  namespaces: Record<string, Record<string, unknown>>;
}

/**
 * Creates the i18next instance. English, the fallback language, is bundled so the shell and the full-page
 * error screen always have their text, even when the network is down; every other namespace and language is
 * fetched from `/locales/{lng}/{ns}.json` when needed. The loader's retry rules (spec §9) are set explicitly rather than
 * left to i18next's defaults, so a library upgrade cannot change them silently (lib/i18n.test.ts checks them).
 *
 * `preloaded`: the strings of the first screen, in the page the server drew. The instance then
 * starts with them and fetches nothing for that screen: no other namespace until a screen asks for it, and no
 * fallback language (every language is complete, lib/translations.test.ts). `withBackend: false` (the server's
 * rendering) never fetches at all.
 */
export function createI18n(
  initialLanguage: Language = FALLBACK_LANGUAGE,
  /** Extra bundled resources (tests bundle every English namespace read from disk). */
  bundled: Record<string, Record<string, unknown>> = {},
  { preloaded, withBackend = true }: { preloaded?: PreloadedTranslations; withBackend?: boolean } = {},
): i18n {
  const instance = i18next.createInstance();
  const resources: Record<string, Record<string, Record<string, unknown>>> = {
    [FALLBACK_LANGUAGE]: { [COMMON_NAMESPACE]: enCommon, ...bundled },
  };
  if (preloaded) {
    resources[preloaded.language] = { ...resources[preloaded.language], ...preloaded.namespaces };
  }
  if (withBackend) instance.use(HttpBackend);
  void instance.use(initReactI18next).init({
    lng: preloaded?.language ?? initialLanguage,
    fallbackLng: preloaded ? false : FALLBACK_LANGUAGE,
    supportedLngs: SUPPORTED_LANGUAGES,
    load: 'currentOnly',
    // Without a first screen in the page, every namespace loads with the page. (Loading a screen's namespace
    // only when the screen asks for it saved ~10 KB on /signin, but a screen then sometimes never saw its
    // namespace as ready.) With one, the first screen's namespaces are already there.
    ns: preloaded ? [COMMON_NAMESPACE, ...Object.keys(preloaded.namespaces)] : [...TRANSLATION_NAMESPACES],
    defaultNS: COMMON_NAMESPACE,
    partialBundledLanguages: true,
    resources,
    backend: { loadPath: LOCALES_LOAD_PATH },
    // spec §9 "Translation loader": at most 5 retries, 350 ms first delay (i18next doubles it), 10 parallel.
    maxRetries: TRANSLATION_LOAD_RETRIES,
    retryTimeout: TRANSLATION_RETRY_DELAY_MS,
    maxParallelReads: TRANSLATION_PARALLEL_READS,
    interpolation: { escapeValue: false }, // React escapes.
    react: { useSuspense: false },
    initAsync: false,
  });
  if (typeof document !== 'undefined') {
    instance.on('languageChanged', applyDocumentLanguage);
    applyDocumentLanguage(instance.language);
  }
  return instance;
}
