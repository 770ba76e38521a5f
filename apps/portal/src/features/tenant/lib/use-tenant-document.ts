import { LANGUAGE_QUERY_PARAM, offeredLanguage, type TenantConfig } from '@trackwell/contracts';
import type { i18n as I18n } from 'i18next';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIRST_SCREEN_ID } from '../../../lib/first-screen.ts';
import { resolveLanguage, translationEnabledFromUi } from '../../../lib/language.ts';
import { readLocaleCookie } from '../../../lib/locale-cookie.ts';
import { useServerPage } from '../../../lib/server-page.ts';
import { loadStylesheet } from '../../../lib/stylesheets.ts';
import { switchLanguage } from '../../../lib/switch-language.ts';

/**
 * The language a tenant's pages open in (spec §4 "Language"): English with translation off, else the language
 * an e-mailed link names (`?lang=`: the page opens in its e-mail's language; it is not saved as
 * a choice), else the locale cookie's language, if the tenant offers it, else the tenant default.
 */
export function initialTenantLanguage(config: TenantConfig, search = window.location.search) {
  const linked = offeredLanguage(new URLSearchParams(search).get(LANGUAGE_QUERY_PARAM), config.ui.languages);
  return resolveLanguage({
    stored: linked ?? readLocaleCookie(config.ui.localeCookieEnv),
    languages: config.ui.languages,
    defaultLanguage: config.ui.defaultLanguage,
    translationEnabled: translationEnabledFromUi(config.ui),
  });
}

/**
 * Dresses the document for the tenant: title, language and direction (via i18next's languageChanged,
 * see lib/i18n.ts), the Bootstrap build for that direction, then the tenant theme stylesheet after it.
 * Returns true once all of these have settled, so the shell never shows unthemed or untranslated.
 *
 * Keyed by the configuration's content, not its object: an answer equal to the one in use (the same
 * configuration read again, a refetch) changes nothing. Keyed by identity it dressed the page again, so the
 * shell went back to its loading screen and the title reverted to the store's name over the screen's own
 * (a not-found page titled "Acme Standards" for a moment: seen as a flaky test on a busy machine).
 */
export function useTenantDocument(config: TenantConfig): boolean {
  const { i18n } = useTranslation();
  // react-i18next hands out a new `i18n` wrapper on every language change: dressing the document again then
  // would undo the reader's choice of language. Only a new configuration does that.
  const i18nRef = useRef(i18n);
  i18nRef.current = i18n;
  const configRef = useRef(config);
  configRef.current = config;
  const key = useMemo(() => JSON.stringify(config), [config]);
  // A page the server drew comes dressed: its language's strings are in the page and its
  // stylesheets in <head>, so the first render shows the screen, as the server's HTML does (hydration).
  const serverPage = useServerPage();
  const [readyFor, setReadyFor] = useState<string | null>(() =>
    serverPage || isDressed(config, i18n) ? key : null,
  );
  // The configuration the server dressed the page for, if it did.
  const dressedByServer = useRef(readyFor);

  useEffect(() => {
    let active = true;
    const dressed = configRef.current;
    // The server wrote the title, and the screen has already set its own (its effect runs first).
    if (dressedByServer.current !== key) document.title = dressed.tenantName;
    void Promise.allSettled([
      switchLanguage(i18nRef.current, initialTenantLanguage(dressed)),
      loadStylesheet('theme', dressed.ui.themeStylesheetUrl),
    ]).then(() => {
      if (active) setReadyFor(key);
    });
    return () => {
      active = false;
    };
  }, [key]);

  return readyFor === key;
}

/**
 * Whether the document is already dressed for `config`: a page the server drew (it writes the stylesheets
 * into it) has the theme's stylesheet in <head>, and i18next was given its strings at start (main.tsx).
 */
function isDressed(config: TenantConfig, i18n: I18n): boolean {
  if (!document.getElementById(FIRST_SCREEN_ID)) return false;
  const theme = document.head.querySelector('link[data-tw-slot="theme"]');
  return (
    theme?.getAttribute('href') === config.ui.themeStylesheetUrl &&
    document.head.querySelector('link[data-tw-slot="base"]') !== null &&
    i18n.hasResourceBundle(i18n.language, 'common')
  );
}
