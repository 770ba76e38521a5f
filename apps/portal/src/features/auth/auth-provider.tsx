import type { OktaAuth } from '@okta/okta-auth-js';
import { toRelativeUrl } from '@okta/okta-auth-js/authn';
import { Security } from '@okta/okta-react';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'react-redux';
import { useNavigate } from 'react-router';
import { usePageOrigin } from '../../lib/server-page.ts';
import type { AppStore } from '../../lib/store.ts';
import { useTenantConfig } from '../tenant/index.ts';
import { oktaAuthFor } from './okta.ts';
import { applyStoredLanguage } from './sign-in-language.ts';

/**
 * The Okta SDK for the tenant (features/auth/okta.ts), given to okta-react's `Security` with the route to go back
 * to after the callback; and the API calls' bearer token read from the SDK's token storage (spec §6).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const tenant = useTenantConfig();
  const oktaAuth = oktaAuthFor(tenant, usePageOrigin());
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const { apiContext } = useStore() as AppStore;
  // Set while rendering, before any child's query runs.
  apiContext.tenant = tenant;
  apiContext.accessToken = () => oktaAuth.tokenManager.getTokensSync().accessToken?.accessToken;

  const restoreOriginalUri = useCallback(
    async (signedIn: OktaAuth, originalUri: string | undefined) => {
      // Called once per sign-in, when the callback has stored the tokens: the person's language applies now.
      await applyStoredLanguage(signedIn, i18n, tenant.ui);
      await navigate(toRelativeUrl(originalUri || '/', window.location.origin), { replace: true });
    },
    [navigate, i18n, tenant.ui],
  );
  return (
    <Security oktaAuth={oktaAuth} restoreOriginalUri={restoreOriginalUri}>
      {children}
    </Security>
  );
}
