import { FALLBACK_LANGUAGE, type TenantConfig } from '@trackwell/contracts';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../../components/ui/spinner.tsx';
import { loadBootstrap } from '../../../lib/bootstrap-stylesheet.ts';
import {
  type SupportLinks,
  supportLinksFrom,
  useGetTenantConfigurationQuery,
} from '../api/get-tenant-configuration.ts';
import { useTenantDocument } from '../lib/use-tenant-document.ts';
import { TenantConfigContext } from '../tenant-context.ts';

/**
 * Loads the tenant configuration once, then renders its children with it (spec §3, §7). While it loads:
 * an accessible spinner. When it cannot be loaded (unknown host, network, invalid answer): the full-page
 * 404 screen (spec §8 "A tenant config load failure").
 */
export function TenantGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { data, error, isError } = useGetTenantConfigurationQuery();

  if (isError) return <ConfigErrorScreen links={supportLinksFrom(error)} />;
  if (!data) return <LoadingScreen label={t('app.loading')} />;
  return <TenantDocument config={data}>{children}</TenantDocument>;
}

function TenantDocument({ config, children }: { config: TenantConfig; children: ReactNode }) {
  const { t } = useTranslation();
  const ready = useTenantDocument(config);
  if (!ready) return <LoadingScreen label={t('app.loading')} />;
  return <TenantConfigContext value={config}>{children}</TenantConfigContext>;
}

/** The error screen has no tenant and so no tenant language: it shows in the fallback language, left to right. */
function ConfigErrorScreen({ links }: { links: SupportLinks }) {
  const { t, i18n } = useTranslation();
  // The screen's code is not part of the first download: it loads with the styles it needs.
  const [Screen, setScreen] = useState<ComponentType<SupportLinks> | null>(null);

  useEffect(() => {
    let active = true;
    const screen = import('../../../components/errors/full-page-error.tsx');
    void Promise.allSettled([i18n.changeLanguage(FALLBACK_LANGUAGE), loadBootstrap('ltr'), screen])
      .then(() => screen)
      .then(({ FullPageError }) => {
        if (active) setScreen(() => FullPageError);
      });
    return () => {
      active = false;
    };
  }, [i18n]);

  if (!Screen) return <LoadingScreen label={t('app.loading')} />;
  return <Screen {...links} />;
}
