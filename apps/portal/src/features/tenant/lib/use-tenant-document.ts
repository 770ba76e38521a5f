import type { TenantConfig } from '@trackwell/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadBootstrap } from '../../../lib/bootstrap-stylesheet.ts';
import { directionOf } from '../../../lib/i18n.ts';
import { loadStylesheet } from '../../../lib/stylesheets.ts';

/**
 * Dresses the document for the tenant: title, language and direction (via i18next's languageChanged,
 * see lib/i18n.ts), the Bootstrap build for that direction, then the tenant theme stylesheet after it.
 * Returns true once all of these have settled, so the shell never shows unthemed or untranslated.
 */
export function useTenantDocument(config: TenantConfig): boolean {
  const { i18n } = useTranslation();
  const [readyFor, setReadyFor] = useState<TenantConfig | null>(null);

  useEffect(() => {
    let active = true;
    // For now the tenant's default language; the language selector comes with the header (spec §2).
    const lng = config.ui.defaultLanguage;
    document.title = config.tenantName;
    void Promise.allSettled([
      i18n.changeLanguage(lng),
      loadBootstrap(directionOf(lng)),
      loadStylesheet('theme', config.ui.themeStylesheetUrl),
    ]).then(() => {
      if (active) setReadyFor(config);
    });
    return () => {
      active = false;
    };
  }, [config, i18n]);

  return readyFor === config;
}
