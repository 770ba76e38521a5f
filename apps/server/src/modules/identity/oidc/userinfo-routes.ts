import {
  oauthError,
  offeredLanguage,
  oktaError,
  USER_INFO_PATH,
  type UserInfo,
  userInfo,
  userinfoClaims,
} from '@trackwell/contracts';
import { findIdentityUserById, isOrganisationMember } from '@trackwell/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OKTA_ERROR_RESPONSES, oktaErrors } from '../okta-errors.ts';
import type { ProviderRegistry } from '../provider.ts';
import { authenticateBearer, bearerOf } from './bearer.ts';
import { SCOPE_CLAIMS, userClaims } from './claims.ts';
import { noIssuerHere, type OAuthApp, oauthSchema, sendOAuthError, serverParams } from './oauth-answers.ts';

/**
 * Who the bearer is: OpenID userinfo (answered here, not by the provider, because the provider refuses our
 * JWT access tokens there), and the portal's "User info" (spec §3).
 */

/** The standard claims the token's scopes release; `sub` (the user's id) always, as in the ID token. */
export function releasedClaims(claims: ReturnType<typeof userClaims>, scopes: string[]) {
  const allowed = new Set<string>(['sub']);
  for (const scope of ['profile', 'email'] as const)
    if (scopes.includes(scope)) for (const c of SCOPE_CLAIMS[scope]) allowed.add(c);
  return Object.fromEntries(Object.entries(claims).filter(([k]) => allowed.has(k)));
}

export function userinfoRoutes(app: OAuthApp, registry: ProviderRegistry) {
  const onRequest = authenticateBearer(app, registry, (_request, reply, error) =>
    error ? sendOAuthError(reply, 401, 'invalid_token', error.message) : noIssuerHere(reply),
  );
  const schema = oauthSchema('The signed-in user’s standard claims (OpenID userinfo)', {
    params: serverParams,
    security: [{ bearerAuth: [] }],
    response: {
      200: userinfoClaims,
      401: oauthError.meta({ description: 'invalid_token: no valid access token (see WWW-Authenticate).' }),
      403: oauthError.meta({ description: 'insufficient_scope: the token lacks the openid scope.' }),
    },
  });
  const userinfo = async (request: FastifyRequest, reply: FastifyReply) => {
    const { idp, claims } = bearerOf(request);
    if (!claims.scp.includes('openid')) {
      reply.header('www-authenticate', 'Bearer error="insufficient_scope", scope="openid"');
      return sendOAuthError(
        reply,
        403,
        'insufficient_scope',
        'The access token must carry the openid scope.',
      );
    }
    const user = await findIdentityUserById(app.db, idp.tenant.id, claims.uid);
    if (!user) return sendOAuthError(reply, 401, 'invalid_token', 'The access token is invalid.');
    return reply.header('cache-control', 'no-store').send(releasedClaims(userClaims(user), claims.scp));
  };
  app.get('/oauth2/:server/v1/userinfo', { onRequest, schema }, userinfo);
  app.post('/oauth2/:server/v1/userinfo', { onRequest, schema }, userinfo);
}

/** spec §3 "User info" (MAEUserID, MAETenantID, userType, firstName, lastName) for the bearer's user. */
export function meRoute(app: OAuthApp, registry: ProviderRegistry) {
  const onRequest = authenticateBearer(app, registry, (_request, _reply, error) => {
    throw error ? oktaErrors.invalidToken() : oktaErrors.notFound('me (User)');
  });
  const schema = {
    tags: ['sessions'],
    summary: 'The signed-in user for the portal (spec §3 “User info”)',
    security: [{ bearerAuth: [] }],
    response: {
      200: userInfo,
      401: oktaError.meta({ description: 'E0000011 no valid access token of this store’s issuer.' }),
      400: OKTA_ERROR_RESPONSES[400],
      404: OKTA_ERROR_RESPONSES[404],
    },
  };
  app.get(USER_INFO_PATH, { onRequest, schema }, async (request, reply) => {
    const { idp, claims } = bearerOf(request);
    const user = await findIdentityUserById(app.db, idp.tenant.id, claims.uid);
    if (!user) throw oktaErrors.invalidToken();
    const info: UserInfo = {
      MAEUserID: user.id,
      MAETenantID: idp.tenant.id,
      userType: user.userType,
      firstName: user.firstName,
      lastName: user.lastName,
      login: user.login,
      locale: offeredLanguage(user.locale, idp.tenant.config.ui.languages) ?? null,
      organisationMember: await isOrganisationMember(app.db, idp.tenant.id, user.id),
    };
    return reply.header('cache-control', 'no-store').send(info);
  });
}
