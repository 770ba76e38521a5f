import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import { usePageOrigin } from '../../lib/server-page.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { oktaAuthFor } from '../auth/index.ts';
import { useTenantConfig } from '../tenant/index.ts';
import { SignInFlow, type StartAction } from './components/sign-in-flow.tsx';
import { returnUrlFrom } from './lib/return-url.ts';
import type { AuthnTransaction } from './lib/types.ts';
import './signin.css';

/**
 * The tenant sign-in page: `/signin` (the default `login-page-url`), and the pages the
 * e-mailed links open: `/signin/reset-password/:token` and `/signin/unlock/:token`.
 */
function SignInPage({ start }: { start?: StartAction }) {
  // The sign-in words are fetched when this page first needs them (not with every page's first load).
  const { t, ready } = useTranslation('signin');
  const tenant = useTenantConfig();
  useDocumentTitle(ready ? `${t('documentTitle')} – ${tenant.tenantName}` : tenant.tenantName);
  // The server draws this page too (entry-server.tsx): the origin and query come from the router and the page.
  const origin = usePageOrigin();
  const { search } = useLocation();
  const oktaAuth = oktaAuthFor(tenant, origin);
  const returnUrl = useMemo(() => returnUrlFrom(search, origin), [search, origin]);
  if (!ready) return <LoadingScreen label={t('app.loading', { ns: 'common' })} />;
  return (
    <div className="tw-page tw-signin">
      <div className="tw-signin__card">
        <SignInFlow
          oktaAuth={oktaAuth}
          tenantName={tenant.tenantName}
          returnUrl={returnUrl}
          start={start}
          origin={origin}
          registrationTermsUrl={tenant.registrationTermsUrl}
        />
      </div>
    </div>
  );
}

/** `/signin`: resumes a stored transaction, else asks for the username and password. */
export function SignInRoute() {
  return <SignInPage />;
}

/** `/signin/reset-password/:token`: the e-mailed reset link (RECOVERY question if any → new password). */
export function ResetPasswordRoute() {
  return <SignInPage start={useVerifiedLink()} />;
}

/** `/signin/unlock/:token`: the e-mailed unlock link (RECOVERY question if any → unlocked → sign in). */
export function UnlockRoute() {
  return <SignInPage start={useVerifiedLink()} />;
}

/**
 * An e-mailed link's token is good for one use: it is verified once per page, whatever mounts the flow
 * (a second start — the flow mounted again — takes the same answer instead of spending the token and being
 * told it was used). A failed verification may be tried again.
 */
const verifications = new Map<string, Promise<AuthnTransaction>>();

function useVerifiedLink(): StartAction {
  const { token = '' } = useParams();
  return useMemo<StartAction>(
    () => (oktaAuth) => {
      let verified = verifications.get(token);
      if (!verified) {
        verified = oktaAuth.verifyRecoveryToken({ recoveryToken: token });
        verifications.set(token, verified);
        verified.catch(() => verifications.delete(token));
      }
      return verified;
    },
    [token],
  );
}
