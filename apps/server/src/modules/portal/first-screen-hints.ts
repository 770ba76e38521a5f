import { readdir } from 'node:fs/promises';
import {
  type Language,
  languageInLocaleCookie,
  personLanguage,
  RTL_LANGUAGES,
  type TenantConfig,
} from '@trackwell/contracts';
import { escapeHtml } from '../store/page.ts';

/**
 * A preload hint for what the portal's first screen asks for once its script runs: the
 * Bootstrap build of the page's direction. Without it the stylesheet starts only after the bundle has loaded
 * and run; with it, it loads beside the bundle. A hint is only a head start: the portal makes the same
 * request either way, and a wrong guess costs one small download. (Translations are not hinted: the
 * portal's i18n set-up starts every namespace as soon as it runs, see apps/portal/src/lib/i18n.ts.)
 *
 * The language is the portal's choice (spec §4 "Language"): an e-mailed link's `?lang=`, else the locale
 * cookie's language, when the store offers it, else the store's default (`initialTenantLanguage` in
 * apps/portal/src/features/tenant/lib/use-tenant-document.ts).
 */
export function pageLanguage(
  config: TenantConfig,
  cookieHeader: string | undefined,
  linked?: unknown,
): Language {
  return personLanguage({
    requested: linked,
    stored: languageInLocaleCookie(cookieHeader, config.ui.localeCookieEnv),
    store: config.ui,
  });
}

/** The hashed Bootstrap builds in the portal's bundle folder, found once per bundle folder listing. */
export async function bootstrapFiles(bundleDir: string): Promise<{ ltr?: string; rtl?: string }> {
  const names = await readdir(bundleDir).catch(() => [] as string[]);
  return {
    ltr: names.find((n) => /^bootstrap\.min-[\w-]+\.css$/.test(n)),
    rtl: names.find((n) => /^bootstrap\.rtl\.min-[\w-]+\.css$/.test(n)),
  };
}

export function firstScreenHints(
  language: Language,
  bootstrap: { ltr?: string | undefined; rtl?: string | undefined },
): string {
  const css = RTL_LANGUAGES.has(language) ? bootstrap.rtl : bootstrap.ltr;
  return css ? `<link rel="preload" as="style" href="/app/${escapeHtml(css)}">` : '';
}
