import type { OktaAuth } from '@okta/okta-auth-js';
import { useOktaAuth } from '@okta/okta-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PendingMessage } from '../../components/ui/spinner.tsx';
import { leavePage } from '../../lib/leave-page.ts';
import { useTenantConfig } from '../tenant/index.ts';
import { loginPageUrl } from './okta.ts';

/** spec §2: a callback failure reads 'name: message'. */
export function CallbackError({ error }: { error: Error }) {
  const { t } = useTranslation();
  return (
    <div className="tw-page" role="alert">
      <h1 className="tw-page__title">{t('callbackError.title')}</h1>
      <p>{`${error.name}: ${error.message}`}</p>
      <p>
        <Link to="/">{t('callbackError.retry')}</Link>
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
      {shown ? <CallbackError error={shown} /> : <PendingMessage>{t('callback.completing')}</PendingMessage>}
    </div>
  );
}
