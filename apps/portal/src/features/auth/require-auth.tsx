import { useOktaAuth } from '@okta/okta-react';
import type { UserInfo } from '@trackwell/contracts';
import { createContext, type ReactNode, use, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import { useTenantConfig } from '../tenant/index.ts';
import { useGetUserInfoQuery } from './api.ts';
import { signOutToRoot, startSignIn } from './session.ts';
import { rememberSignedOutReason } from './signed-out-reason.ts';

/** spec §3, §6: users of this type are signed out and sent to the site root. */
export const SUBSCRIBER_COMPANY = 'subscriber company';

const CurrentUserContext = createContext<UserInfo | null>(null);

/** The signed-in user; only screens inside `RequireAuth` may ask. */
export function useCurrentUser(): UserInfo {
  const user = use(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser() must be used inside <RequireAuth>.');
  return user;
}

/**
 * Only an authenticated user sees what it wraps (spec §6). On the first auth state that is not authenticated it
 * starts the sign-in (spec §4 "Auth flow", see `startSignIn`); meanwhile, and until the user info has loaded,
 * the app mask covers the page (spec §4 "The app mask hides after authentication"; §2 "Sections appear only
 * after the user profile is loaded"). A `subscriber company` user with no organisation is signed out and sent to the root.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { oktaAuth, authState } = useOktaAuth();
  const tenant = useTenantConfig();
  const started = useRef(false);
  const [signInError, setSignInError] = useState<Error | null>(null);
  const authenticated = authState?.isAuthenticated === true;
  const user = useGetUserInfoQuery(undefined, { skip: !authenticated });
  // A company's user who belongs to one of the store's organisations has a place here; without one, signed out.
  const isSubscriberCompany =
    user.data?.userType === SUBSCRIBER_COMPANY && user.data.organisationMember !== true;

  useEffect(() => {
    if (!authState || authState.isAuthenticated || started.current) return;
    started.current = true;
    startSignIn(oktaAuth, tenant).catch((error: unknown) => {
      setSignInError(error instanceof Error ? error : new Error(String(error)));
    });
  }, [authState, oktaAuth, tenant]);

  // Authenticated again after having lost it (a failed renewal): read the user again.
  const wasAuthenticated = useRef(authenticated);
  useEffect(() => {
    if (authenticated && !wasAuthenticated.current && user.data) void user.refetch();
    wasAuthenticated.current = authenticated;
  }, [authenticated, user]);

  useEffect(() => {
    if (!isSubscriberCompany) return;
    // The sign-in page this ends on says why.
    rememberSignedOutReason('subscriberCompany');
    void signOutToRoot(oktaAuth);
  }, [isSubscriberCompany, oktaAuth]);

  if (signInError) {
    return (
      <div className="tw-page" role="alert">
        <h1 className="tw-page__title">{t('callbackError.title')}</h1>
        <p>{`${signInError.name}: ${signInError.message}`}</p>
      </div>
    );
  }
  if (authenticated && user.isError) {
    return (
      <div className="tw-page" role="alert">
        <h1 className="tw-page__title">{t('callbackError.title')}</h1>
        <p>{t('errors.unexpected')}</p>
        <button type="button" className="btn btn-primary" onClick={() => void user.refetch()}>
          {t('callbackError.retry')}
        </button>
      </div>
    );
  }
  if (!authenticated || !user.data || isSubscriberCompany) {
    return <LoadingScreen label={t(authenticated ? 'auth.signingIn' : 'auth.redirecting')} />;
  }
  return <CurrentUserContext value={user.data}>{children}</CurrentUserContext>;
}
