import { useOktaAuth } from '@okta/okta-react';
import type { Language } from '@trackwell/contracts';
import { lazy, Suspense, useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { AppLayout } from '../../components/layouts/app-layout.tsx';
import { UserMenu } from '../../components/layouts/user-menu.tsx';
import {
  AuthProvider,
  signOutToRoot,
  useAccessTokenClaims,
  useGetFeatureFlagsQuery,
  useGetUserInfoQuery,
  useTranslationEnabled,
} from '../../features/auth/index.ts';
import { rolesFromClaims } from '../../features/console/index.ts';
import { useTenantConfig } from '../../features/tenant/index.ts';
import { switchLanguage } from '../../lib/switch-language.ts';
import type { RouteHandle } from '../route-handle.ts';

// The bell's code loads after the first paint, for a signed-in user only.
const NotificationBell = lazy(async () => ({
  default: (await import('../../features/notifications/index.ts')).NotificationBell,
}));

/**
 * The shell with sign-in: the Okta SDK's context, then the tenant's header (with the user menu), sidebar and
 * footer around the matched route. The router's root route, loaded lazily (see app-root.tsx).
 */
export default function AuthShell() {
  return (
    <AuthProvider>
      <Shell />
    </AuthProvider>
  );
}

function Shell() {
  const tenant = useTenantConfig();
  const { i18n } = useTranslation();
  const { oktaAuth, authState } = useOktaAuth();
  const authenticated = authState?.isAuthenticated === true;
  // spec §6: only an authenticated user triggers the user-info and feature-flag calls.
  const { data: user } = useGetUserInfoQuery(undefined, { skip: !authenticated });
  const { data: flags } = useGetFeatureFlagsQuery(undefined, { skip: !authenticated });
  const translationEnabled = useTranslationEnabled(tenant.ui);
  // The console link is for a user whose token carries console roles (the server checks them on every call).
  const holdsConsoleRole = rolesFromClaims(useAccessTokenClaims()).length > 0;
  const handles = useMatches().map((match) => match.handle as RouteHandle | undefined);
  const showFooter = handles.some((handle) => handle?.footer);
  const admin = handles.some((handle) => handle?.admin);
  // A signed-in person's choice in the header is also their profile's language (e-mails follow it).
  const saveLanguage = useCallback(
    async (lng: Language) =>
      (await import('../../features/account/lib/profile-language.ts')).saveProfileLanguageWith(oktaAuth, lng),
    [oktaAuth],
  );

  // spec §4 "when the feature flag has loaded and translation is not enabled, the language is forced to en".
  useEffect(() => {
    if (flags && !flags.enable_translation.enabled && i18n.language !== 'en') void switchLanguage(i18n, 'en');
  }, [flags, i18n]);

  return (
    <AppLayout
      tenant={tenant}
      translationEnabled={translationEnabled}
      showFooter={showFooter}
      admin={admin}
      saveLanguage={authenticated ? saveLanguage : undefined}
      // The signed-in person's controls: the notification bell (lazy, so the header adds nothing to the first
      // download) and the user menu.
      userMenu={
        authenticated && user ? (
          <>
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
            <UserMenu
              firstName={user.firstName}
              lastName={user.lastName}
              accountHref="/account"
              organisationsHref="/organisations"
              consoleHref={holdsConsoleRole ? '/admin' : undefined}
              onSignOut={() => void signOutToRoot(oktaAuth)}
            />
          </>
        ) : null
      }
    >
      <Outlet />
    </AppLayout>
  );
}
