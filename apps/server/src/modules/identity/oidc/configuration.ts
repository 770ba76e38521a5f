import {
  ACCESS_TOKEN_AUDIENCE,
  CATALOG_CHANGES_SCOPE,
  CONSOLE_ROLES_CLAIM,
  isCatalogPublisherClientId,
  MYACCOUNT_SCOPES,
  maySignIn,
} from '@trackwell/contracts';
import { type DatabaseHandle, findIdentityUserById, type Tenant } from '@trackwell/db';
import type { JWK } from 'jose';
import type { Configuration } from 'oidc-provider';
import { createOidcAdapterFactory } from '../oidc-adapter.ts';
import { accessTokenClaims, consoleRolesClaim, OIDC_SCOPES, SCOPE_CLAIMS, userClaims } from './claims.ts';
import { issueRefreshToken, loadExistingGrant, sessionTokenParam } from './grants.ts';
import { errorPage, logoutPages } from './pages.ts';
import {
  ACCESS_TOKEN_TTL,
  OIDC_ROUTES,
  postLogoutUrisFor,
  REFRESH_TOKEN_TTL,
  redirectUrisFor,
  SESSION_COOKIE,
  SESSION_TTL_SECONDS,
} from './settings.ts';

/**
 * oidc-provider's configuration for one store's issuer, set so the unchanged okta-auth-js 8 works against it
 * as against an Okta authorization server (Okta: "OpenID Connect & OAuth 2.0 API"): Okta's endpoint paths,
 * the store's public SPA client with PKCE, JWT access tokens for api://default, no consent screen.
 */

const TTL: Configuration['ttl'] = {
  AccessToken: ACCESS_TOKEN_TTL,
  IdToken: ACCESS_TOKEN_TTL,
  AuthorizationCode: 300,
  RefreshToken: REFRESH_TOKEN_TTL,
  Grant: REFRESH_TOKEN_TTL,
  Interaction: 60 * 60,
  Session: SESSION_TTL_SECONDS,
};

export interface IssuerSetting {
  db: DatabaseHandle;
  tenant: Tenant;
  origin: string;
  issuer: string;
  /** Current first (it signs), then a rotation's previous ones (they only verify). */
  keys: { privateJwks: JWK[]; cookieSecrets: string[] };
}

/** What the issuer offers beyond the defaults: refresh by grant, introspection, revocation, sign-out, JWTs. */
function features({ tenant, origin }: IssuerSetting): Configuration['features'] {
  const resourceScopes = MYACCOUNT_SCOPES.join(' ');
  return {
    devInteractions: { enabled: false },
    revocation: { enabled: true }, // answered by hand: oidc/token-routes.ts
    introspection: { enabled: true },
    // Publisher clients (stored per store, see notifications/publisher-clients.ts) get access tokens for the
    // catalogue change feed with the client_credentials grant.
    clientCredentials: { enabled: true },
    userinfo: { enabled: false }, // our own /v1/userinfo: oidc/userinfo-routes.ts
    rpInitiatedLogout: { enabled: true, ...logoutPages(origin, tenant.config.tenantName) },
    // JWT access tokens for api://default that the tracker API verifies from the JWKS.
    resourceIndicators: {
      enabled: true,
      defaultResource: () => ACCESS_TOKEN_AUDIENCE,
      useGrantedResource: () => true,
      getResourceServerInfo: (_ctx, _resource, client) => ({
        scope: isCatalogPublisherClientId(client.clientId) ? CATALOG_CHANGES_SCOPE : resourceScopes,
        audience: ACCESS_TOKEN_AUDIENCE,
        accessTokenFormat: 'jwt',
        accessTokenTTL: ACCESS_TOKEN_TTL,
        jwt: { sign: { alg: 'RS256' } },
      }),
    },
  };
}

export function issuerConfiguration(setting: IssuerSetting): Configuration {
  const { db, tenant, origin, issuer, keys } = setting;
  const findUser = (id: string) => findIdentityUserById(db, tenant.id, id);
  const cookie = { httpOnly: true, sameSite: 'lax', signed: true } as const;
  return {
    adapter: createOidcAdapterFactory(db, tenant.id) as unknown as Configuration['adapter'],
    // The store's public SPA client; redirect and sign-out URIs compared exactly.
    clients: [
      {
        client_id: tenant.config['client-id'],
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: redirectUrisFor(origin),
        post_logout_redirect_uris: postLogoutUrisFor(origin),
      },
    ],
    jwks: { keys: keys.privateJwks } as Configuration['jwks'],
    cookies: {
      keys: keys.cookieSecrets,
      names: { session: SESSION_COOKIE, interaction: '_interaction', resume: '_interaction_resume' },
      long: cookie,
      short: cookie,
    },
    routes: OIDC_ROUTES,
    scopes: OIDC_SCOPES,
    // The ID token carries amr (how the session signed in: pwd, mfa), auth_time and the profile claims, as
    // Okta's do (hence conformIdTokenClaims off).
    claims: {
      acr: null,
      auth_time: null,
      iss: null,
      sid: null,
      openid: ['sub', 'amr', 'auth_time', CONSOLE_ROLES_CLAIM],
      profile: [...SCOPE_CLAIMS.profile],
      email: [...SCOPE_CLAIMS.email],
    },
    conformIdTokenClaims: false,
    issueRefreshToken,
    extraParams: {
      sessionToken: sessionTokenParam(db, tenant.id),
    } as unknown as Configuration['extraParams'],
    async findAccount(_ctx, sub) {
      const user = await findUser(sub);
      if (!user || !maySignIn(user.status)) return undefined;
      return {
        accountId: user.id,
        claims: async () => ({ ...userClaims(user), ...(await consoleRolesClaim(db, tenant.id, user.id)) }),
      };
    },
    loadExistingGrant,
    // CORS for the provider's own endpoints: the store's client, from its redirect URIs' origin.
    clientBasedCORS: (_ctx, requestOrigin, client) =>
      client.redirectUris?.some((uri) => new URL(uri).origin === requestOrigin) ?? false,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: features(setting),
    formats: { customizers: { jwt: accessTokenClaims(db, tenant, findUser) } },
    discovery: { userinfo_endpoint: `${issuer}${OIDC_ROUTES.userinfo}` } as Configuration['discovery'],
    pkce: { required: () => true }, // S256 only (the only method oidc-provider 9 supports)
    ttl: TTL,
    renderError: errorPage(origin, tenant.config.tenantName),
  };
}
