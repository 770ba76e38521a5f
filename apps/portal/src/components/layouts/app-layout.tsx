import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteHeader } from './site-header.tsx';

type AppLayoutProps = {
  tenantName: string;
  logoUrl: string;
  children: ReactNode;
};

/** The page frame of every screen inside the shell: skip link, header, main content. */
export function AppLayout({ tenantName, logoUrl, children }: AppLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className="tw-app">
      <a className="tw-skip-link" href="#main-content">
        {t('app.skipToContent')}
      </a>
      <SiteHeader tenantName={tenantName} logoUrl={logoUrl} />
      <main id="main-content" className="tw-main" tabIndex={-1}>
        <div className="container">{children}</div>
      </main>
    </div>
  );
}
