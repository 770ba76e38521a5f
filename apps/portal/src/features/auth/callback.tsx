import type { OktaAuth } from '@okta/okta-auth-js';
import { useOktaAuth } from '@okta/okta-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PendingMessage } from '../../components/ui/spinner.tsx';
import { leavePage } from '../../lib/leave-page.ts';
import { useTenantConfig } from '../tenant/index.ts';
import { loginPageUrl } from './okta.ts';

/** The identity provider's own explanation of a failed redirect (`error_description` in the callback URL). */
export function providerDescriptionFrom(search: string): string | undefined {
  const description = new URLSearchParams(search).get('error_description')?.trim();
  return description ? description.slice(0, 500) : undefined;
}

/**
 * A failed sign-in callback: first a sentence a person understands and a "Sign in again"
 * action, with the identity provider's own `error_description` when it sent one; then the spec §2
 * 'name: message' line as the technical detail. An `AuthSdkError` is the SDK losing its own state (the PKCE
 * verifier of a sign-in started in another tab, or expired): that case is named.
 */
export function CallbackError({
  error,
  providerDescription,
}: {
  error: Error;
  providerDescription?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="tw-page tw-callback-error" role="alert">
      <h1 className="tw-page-title">{t('callbackError.title')}</h1>
      <p className="tw-lead">
        {error.name === 'AuthSdkError' ? t('callbackError.sessionLost') : t('callbackError.generic')}
      </p>
      {providerDescription ? (
        <p>{t('callbackError.providerSaid', { description: providerDescription })}</p>
      ) : null}
      <p>
        <Link to="/" className="btn btn-primary">
          {t('callbackError.retry')}
        </Link>
      </p>
      <p className="tw-callback-error__details">
        <span>{t('callbackError.details')}</span> <code>{`${error.name}: ${error.message}`}</code>
      </p>
    </div>
  );
}

/** The code in the URL is single-use: each SDK instance handles it once, whatever React re-runs. */
const handled = new WeakSet<OktaAuth>();

/**
 * `/implicit/callback` (spec §2): finishes the login redirect (the SDK exchanges the code, stores the tokens and
 * calls `restoreOriginalUri`), shows a failure as 'name: message', and when the identity provider answers that
 * the user must interact again (`error=interaction_required`) sends them to the tenant's login page to resume.
 * okta-react's LoginCallback does the same, but reads the SDK's IDX part, which this portal does not load.
 */
export function AuthCallback() {
  const { t } = useTranslation();
  const tenant = useTenantConfig();
  const { oktaAuth, authState } = useOktaAuth();
  const [error, setError] = useState<Error | null>(null);
  // Read before the SDK clears the callback's query string.
  const { search } = useLocation(); // the router's (the server draws this page too: no `window` there)
  const [providerDescription] = useState(() => providerDescriptionFrom(search));
  const navigate = useNavigate();

  useEffect(() => {
    // Nothing to finish (a bookmark, a reload after the fact): the tracker decides what comes next.
    if (!handled.has(oktaAuth) && !oktaAuth.isLoginRedirect()) {
      void navigate('/', { replace: true });
      return;
    }
    if (new URLSearchParams(window.location.search).get('error') === 'interaction_required') {
      leavePage(loginPageUrl(tenant, `${window.location.origin}/`));
      return;
    }
    if (handled.has(oktaAuth)) return;
    handled.add(oktaAuth);
    oktaAuth
      .handleLoginRedirect()
      .catch((e: unknown) => setError(e instanceof Error ? e : new Error(String(e))));
  }, [oktaAuth, tenant, navigate]);

  const shown = error ?? authState?.error;
  return (
    <div className="tw-page tw-page--centered">
      {shown ? (
        <CallbackError error={shown} providerDescription={providerDescription} />
      ) : (
        <PendingMessage>{t('callback.completing')}</PendingMessage>
      )}
    </div>
  );
}
