/**
 * The identity provider's paths, lifetimes and URIs that other code reads without the provider itself: the
 * Fastify routes in front of it, the key schedule and the session endpoints. Kept apart from configuration.ts,
 * which imports oidc-provider: that is loaded with a store's first issuer (provider.ts), not at start.
 */

/** Okta's endpoint paths, relative to the issuer. */
export const OIDC_ROUTES = {
  authorization: '/v1/authorize',
  token: '/v1/token',
  jwks: '/v1/keys',
  userinfo: '/v1/userinfo',
  end_session: '/v1/logout',
  revocation: '/v1/revoke',
  introspection: '/v1/introspect',
} as const;

export const SESSION_COOKIE = '_session';
/** Session lifetime (Okta's default org session: 2 hours). */
export const SESSION_TTL_SECONDS = 2 * 60 * 60;
/** Well above okta-auth-js's expireEarlySeconds (30 s; the portal uses 60). */
export const ACCESS_TOKEN_TTL = 60 * 60;
export const REFRESH_TOKEN_TTL = 30 * 24 * 60 * 60;
/**
 * How long what a signing key or cookie secret signed stays valid: the longest of the access and ID tokens'
 * and the session cookie's lives. A rotation keeps the previous key this long, plus the clock skew relying
 * parties allow (okta-auth-js: 300 s). Refresh tokens are stored, not signed.
 */
export const SIGNED_LIFETIME_SECONDS = Math.max(ACCESS_TOKEN_TTL, SESSION_TTL_SECONDS);

export const redirectUrisFor = (origin: string) => [`${origin}/implicit/callback`];
export const postLogoutUrisFor = (origin: string) => [origin, `${origin}/`];
