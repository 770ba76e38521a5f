import type { OktaAuth } from '@okta/okta-auth-js';
import { useOktaAuth } from '@okta/okta-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, Route, Routes, useLocation } from 'react-router';
import { LoadingScreen, PendingMessage } from '../../components/ui/spinner.tsx';
import { useAccessTokenClaims, useGetFeatureFlagsQuery } from '../auth/index.ts';
import { useTenantConfig } from '../tenant/index.ts';
import './account.css';
import { AccountContext } from './account-context.ts';
import { DevicesScreen } from './components/devices-screen.tsx';
import { EmailsScreen } from './components/emails-screen.tsx';
import { FeedScreen } from './components/feed-screen.tsx';
import { PasskeysScreen } from './components/passkeys-screen.tsx';
import { PasswordScreen } from './components/password-screen.tsx';
import { PhonesScreen } from './components/phones-screen.tsx';
import { PreferencesScreen } from './components/preferences-screen.tsx';
import { ProfileScreen } from './components/profile-screen.tsx';
import { AccountScreen } from './components/screen.tsx';
import { YourDataScreen } from './components/your-data-screen.tsx';
import { createMyAccountClient } from './lib/myaccount.ts';

// The webhooks screen and its shared panel (features/webhooks) load on first visit.
const WebhooksScreen = lazy(() => import('./components/webhooks-screen.tsx'));

/**
 * `/account/*` — the account area (spec §1 "A profile and account management area exists", §7 "Account
 * management"). The shell renders it only for a signed-in user (router handle `requiresAuth`) and shows the
 * footer here (spec §2 Footer "shown on the profile manage screens").
 */
export function AccountRoute() {
  const okta = useOktaAuth();
  // The user's id (MAEUserID) is the access token's `uid` claim (contracts: accessTokenClaims).
  const { uid } = useAccessTokenClaims();
  if (!okta?.oktaAuth) return null;
  const userId = typeof uid === 'string' ? uid : undefined;
  return <AccountArea oktaAuth={okta.oktaAuth} userId={userId} />;
}

/** The screens, each at its own path under /account. */
export const ACCOUNT_SCREENS = [
  'profile',
  'emails',
  'phones',
  'password',
  'preferences',
  'feed',
  'webhooks',
  'devices',
  'passkeys',
  'data',
] as const;
export type AccountScreenName = (typeof ACCOUNT_SCREENS)[number];

/**
 * Devices, passkeys and "your data" are the embedded identity provider's own operations (a store on a
 * real Okta org has no such API), so they are offered only when the store's issuer is the embedded one (the
 * issuer on this page's own origin).
 */
const EMBEDDED_ONLY: ReadonlySet<AccountScreenName> = new Set(['devices', 'passkeys', 'data']);
const isEmbeddedIssuer = (issuerUri: string) =>
  new URL(issuerUri, window.location.origin).origin === window.location.origin;

export function AccountArea({ oktaAuth, userId }: { oktaAuth: OktaAuth; userId: string | undefined }) {
  const { t, ready } = useTranslation('account');
  const client = useMemo(() => createMyAccountClient(oktaAuth), [oktaAuth]);
  const navigated = useNavigated();
  const value = useMemo(
    () => ({ client, oktaAuth, userId, navigated }),
    [client, oktaAuth, userId, navigated],
  );
  // The account strings load with the language (their own file); until then, the shell's spinner.
  if (!ready) return <LoadingScreen label={t('state.loading')} />;
  return (
    <AccountContext value={value}>
      <Routes>
        <Route element={<AccountLayout />}>
          <Route index element={<Navigate to="/account/profile" replace />} />
          <Route path="profile" element={<ProfileScreen />} />
          <Route path="emails" element={<EmailsScreen />} />
          <Route path="phones" element={<PhonesScreen />} />
          <Route path="password" element={<PasswordScreen />} />
          <Route path="preferences" element={<PreferencesScreen />} />
          <Route path="feed" element={<FeedScreen />} />
          <Route path="webhooks" element={<WebhooksRoute />} />
          <Route path="devices" element={<DevicesScreen />} />
          <Route path="passkeys" element={<PasskeysScreen />} />
          <Route path="data" element={<YourDataScreen />} />
          <Route path="*" element={<Navigate to="/account/profile" replace />} />
        </Route>
      </Routes>
    </AccountContext>
  );
}

/**
 * Account › Webhooks, when the store lets its users register endpoints (feature flag `user_webhooks`); a
 * store that does not says so here, for whoever follows an old link.
 */
function WebhooksRoute() {
  const { t } = useTranslation('account');
  const { data: flags, isLoading } = useGetFeatureFlagsQuery();
  if (isLoading) return <PendingMessage>{t('state.loading')}</PendingMessage>;
  if (!flags?.user_webhooks.enabled)
    return (
      <AccountScreen title={t('webhooks.title')}>
        <p>{t('webhooks.off')}</p>
      </AccountScreen>
    );
  return (
    <Suspense fallback={<PendingMessage>{t('state.loading')}</PendingMessage>}>
      <WebhooksScreen />
    </Suspense>
  );
}

/** True once the location has changed inside the area (not on arrival): screens then focus their heading. */
function useNavigated(): boolean {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  const [navigated, setNavigated] = useState(false);
  useEffect(() => {
    if (pathname !== first.current) setNavigated(true);
  }, [pathname]);
  return navigated;
}

/** The area's heading and its navigation (a list of links; the current one has aria-current="page"). */
function AccountLayout() {
  const { t } = useTranslation('account');
  const embedded = isEmbeddedIssuer(useTenantConfig()['issuer-uri']);
  const { data: flags } = useGetFeatureFlagsQuery();
  const screens = ACCOUNT_SCREENS.filter(
    (screen) =>
      (embedded || !EMBEDDED_ONLY.has(screen)) && (screen !== 'webhooks' || flags?.user_webhooks.enabled),
  );
  return (
    <div className="tw-account">
      <h1 className="tw-page-title">{t('title')}</h1>
      <div className="tw-account__layout">
        <nav className="tw-account__nav" aria-label={t('nav.label')}>
          <ul>
            {screens.map((screen) => (
              <li key={screen}>
                <NavLink to={`/account/${screen}`} className="tw-account__nav-link">
                  {t(`nav.${screen}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="tw-account__content">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
