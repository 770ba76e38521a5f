import {
  type FeatureFlags,
  NOTIFICATION_CENTRE_PATHS,
  type NotificationUnread,
  type TenantConfig,
  TRACKER_PATHS,
  USER_INFO_PATH,
  type UserInfo,
} from '@trackwell/contracts';
import { TOKEN_STORAGE_KEY } from '../features/auth/okta.ts';
import type { ExtraRoutes } from './extra-routes.ts';

export const TEST_USER: UserInfo = {
  MAEUserID: '3f2b6c1e-8d4a-4c2e-9b7a-1f0e2d3c4b5a',
  MAETenantID: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  userType: 'subscriber',
  firstName: 'Ada',
  lastName: 'Lovelace',
  login: 'ada@example.test',
  locale: null,
};

/**
 * Puts tokens in the SDK's session storage as a finished sign-in leaves them (spec §9: `okta-token-storage`), so
 * the app starts authenticated. The tokens are opaque to the portal: only the server checks them.
 */
export function seedSignedInSession(
  tenant: Pick<TenantConfig, 'issuer-uri' | 'client-id'> = {
    'issuer-uri': '/oauth2/default',
    'client-id': 'test-client',
  },
  origin = window.location.origin,
): void {
  const issuer = new URL(tenant['issuer-uri'], `${origin}/`).href.replace(/\/$/, '');
  const expiresAt = Math.floor(Date.now() / 1000) + 3600;
  const scopes = ['openid', 'profile', 'email'];
  window.sessionStorage.setItem(
    TOKEN_STORAGE_KEY,
    JSON.stringify({
      accessToken: {
        accessToken: 'test-access-token',
        claims: { sub: TEST_USER.login, uid: TEST_USER.MAEUserID },
        expiresAt,
        tokenType: 'Bearer',
        scopes,
        authorizeUrl: `${issuer}/v1/authorize`,
        userinfoUrl: `${issuer}/v1/userinfo`,
      },
      idToken: {
        idToken: 'test-id-token',
        claims: { sub: TEST_USER.MAEUserID, email: TEST_USER.login, iss: issuer, aud: tenant['client-id'] },
        expiresAt,
        scopes,
        authorizeUrl: `${issuer}/v1/authorize`,
        issuer,
        clientId: tenant['client-id'],
      },
    }),
  );
}

/** The feature-flag call's answer: every flag on unless `flags` says otherwise. */
export function flagsAnswer(flags: Partial<Record<keyof FeatureFlags, boolean>> = {}) {
  const on = (name: keyof FeatureFlags) => ({ enabled: flags[name] ?? true });
  const value: FeatureFlags = {
    enable_resolver_DP_for_content: on('enable_resolver_DP_for_content'),
    track_by_publishers: on('track_by_publishers'),
    enable_translation: on('enable_translation'),
    user_webhooks: on('user_webhooks'),
  };
  return { status: '200', responseData: { value } };
}

/**
 * The signed-in calls of the shell: user info and feature flags (all on unless overridden); then `more`; then
 * the header bell's unread count (nothing unread) when `more` did not answer it.
 */
export function signedInRoutes({
  user = TEST_USER,
  flags = {},
  more,
}: {
  user?: UserInfo;
  flags?: Partial<Record<keyof FeatureFlags, boolean>>;
  more?: ExtraRoutes;
} = {}): ExtraRoutes {
  return async (url, request) => {
    if (url.pathname === USER_INFO_PATH) return { status: 200, body: user };
    if (url.pathname === TRACKER_PATHS.featureFlags) return { status: 200, body: flagsAnswer(flags) };
    const answered = await more?.(url, request);
    if (answered) return answered;
    if (url.pathname === NOTIFICATION_CENTRE_PATHS.unread) {
      const nothingUnread: NotificationUnread = { unread: 0, changedAssetIds: [] };
      return { status: 200, body: nothingUnread };
    }
    return undefined;
  };
}
