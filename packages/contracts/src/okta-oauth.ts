import { z } from 'zod';

/**
 * The OAuth 2.0 endpoints the embedded identity provider answers itself, ahead of its OpenID provider
 * (Okta OpenID Connect & OAuth 2.0 API: `/v1/userinfo`, `/v1/revoke`, `/v1/introspect`), and the error body
 * every OAuth endpoint writes (RFC 6749 §5.2).
 */

/** An OAuth error: `invalid_client`, `invalid_request`, `invalid_token`, `insufficient_scope`, `not_found`. */
export const oauthError = z.object({
  error: z.string(),
  error_description: z.string(),
});
export type OAuthError = z.infer<typeof oauthError>;

/**
 * The form (or JSON) body of revoke and introspect: the token, an optional hint, and the client's id when
 * the client does not authenticate with HTTP Basic (okta-auth-js sends `Basic base64(clientId)`).
 */
export const tokenRequestBody = z.looseObject({
  token: z.string().optional().meta({ description: 'The access or refresh token; required.' }),
  token_type_hint: z.string().optional().meta({ description: 'access_token or refresh_token (ignored).' }),
  client_id: z.string().optional().meta({ description: 'The client, unless given by HTTP Basic.' }),
});

/**
 * The user's standard claims as userinfo releases them: `sub` (the user's id, as in the ID token) always;
 * the `profile` and `email` claims only with those scopes.
 */
export const userinfoClaims = z.object({
  sub: z.string(),
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  preferred_username: z.string().optional(),
  locale: z.string().optional(),
  zoneinfo: z.string().optional(),
  updated_at: z.number().optional(),
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
});

const activeAccessToken = z.object({
  active: z.literal(true),
  token_type: z.literal('Bearer'),
  scope: z.string(),
  client_id: z.string(),
  username: z.string(),
  exp: z.number(),
  iat: z.number(),
  sub: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  iss: z.string(),
  jti: z.string(),
  uid: z.string().optional(),
});

const activeRefreshToken = z.object({
  active: z.literal(true),
  token_type: z.literal('refresh_token'),
  scope: z.string().optional(),
  client_id: z.string(),
  username: z.string().optional(),
  exp: z.number().optional(),
  iat: z.number().optional(),
  sub: z.string().optional(),
  uid: z.string().optional(),
  iss: z.string(),
});

/** RFC 7662: `{ active: false }` for a token that is unknown, expired, revoked or another client's. */
export const introspection = z.union([
  z.object({ active: z.literal(false) }),
  activeAccessToken,
  activeRefreshToken,
]);
export type Introspection = z.infer<typeof introspection>;
