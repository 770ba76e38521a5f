import type { Language, TenantConfig } from '@trackwell/contracts';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { languageSelectorVisible } from '../../lib/language.ts';
import { useToastsWanted } from '../../lib/toasts-wanted.ts';
import { LanguageSelector } from './language-selector.tsx';
import { SiteHeader } from './site-header.tsx';
import { SiteSidebar } from './site-sidebar.tsx';

// Not needed for the first paint: the footer loads right after it; the toasts' container once a toast is
// coming (lib/toasts-wanted.ts), so a page that shows none never downloads it.
const SiteFooter = lazy(() => import('./site-footer.tsx'));
const Toaster = lazy(() => import('../ui/toaster.tsx'));

type AppLayoutProps = {
  tenant: TenantConfig;
  /** Whether the tenant may be translated (see lib/language.ts); off hides the language selector. */
  translationEnabled: boolean;
  /** spec §2 Footer "It is shown on the profile manage screens". */
  showFooter?: boolean;
  /** An admin app (the console): full width, no sidebar; the screen draws its own navigation. */
  admin?: boolean;
  /** The signed-in user's menu (spec §2 Header), when there is one. */
  userMenu?: ReactNode;
  /** Signed in: saves a language chosen in the header as the profile's language. */
  saveLanguage?: ((lng: Language) => Promise<void>) | undefined;
  children: ReactNode;
};

/**
 * The page frame of every screen inside the shell: skip link, header, the sidebar where the tenant has one
 * (not in the admin app, which is full width and draws its own navigation), main content, the footer where the screen shows it (the account screens), and the toasts.
 */
export function AppLayout({
  tenant,
  translationEnabled,
  showFooter = false,
  admin = false,
  userMenu,
  saveLanguage,
  children,
}: AppLayoutProps) {
  const { t } = useTranslation();
  const toasts = useToastsWanted();
  const { ui } = tenant;
  const sidebar = ui.sidebar.enabled && !admin;
  const body = admin
    ? 'container-fluid tw-body tw-body--admin'
    : `container tw-body${sidebar ? ' tw-body--with-sidebar' : ''}`;
  return (
    <div className={admin ? 'tw-app tw-app--admin' : 'tw-app'}>
      <a className="tw-skip-link" href="#main-content">
        {t('app.skipToContent')}
      </a>
      <SiteHeader
        tenantName={tenant.tenantName}
        logoUrl={ui.logoUrl}
        contactUrl={ui.contactUrl}
        wide={admin}
        userMenu={userMenu}
        languageSelector={
          languageSelectorVisible(ui, translationEnabled) ? (
            <LanguageSelector
              languages={ui.languages}
              cookieEnv={ui.localeCookieEnv}
              saveToProfile={saveLanguage}
            />
          ) : null
        }
      />
      <div className={body}>
        {sidebar ? <SiteSidebar compassUrl={tenant['compass-uri']} publicUrl={tenant['public-uri']} /> : null}
        <main id="main-content" className="tw-main" tabIndex={-1}>
          {children}
        </main>
      </div>
      <Suspense fallback={null}>
        {showFooter ? <SiteFooter tenantName={tenant.tenantName} footer={tenant.footer} ui={ui} /> : null}
        {toasts ? <Toaster /> : null}
      </Suspense>
    </div>
  );
}
