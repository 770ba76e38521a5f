import { type Introspection, introspection, oauthError, tokenRequestBody } from '@trackwell/contracts';
import { findIdentityUserById, revokeOidcPayloadsByGrantId } from '@trackwell/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idpFor } from '../context.ts';
import type { ProviderRegistry, TenantIdp } from '../provider.ts';
import { verifyAccessToken } from '../tokens.ts';
import { clientIdOf, isJwt } from './client-authentication.ts';
import {
  badRequest,
  noIssuerHere,
  type OAuthApp,
  oauthSchema,
  sendOAuthError,
  serverParams,
} from './oauth-answers.ts';

/**
 * Revocation (RFC 7009) and introspection (RFC 7662), answered here rather than by the provider: the
 * provider refuses our JWT access tokens and okta-auth-js's colon-less Basic client authentication.
 */

/**
 * A JWT access token is remembered as revoked until it expires (token_revocations): every verifier, in every
 * process, refuses it from then on. Only a token of this client that verifies with this issuer's key is
 * recorded; an unknown or foreign one is ignored (still 200: RFC 7009 §2.2). A refresh token is deleted with
 * its grant.
 */
export async function revokeToken(app: FastifyInstance, idp: TenantIdp, token: string): Promise<void> {
  if (isJwt(token)) {
    const claims = await verifyAccessToken(idp, app.revocations, `Bearer ${token}`).catch(() => undefined);
    if (claims) await app.revocations.revokeToken(idp.tenant.id, { jti: claims.jti, exp: claims.exp });
    return;
  }
  const rt = await idp.provider.RefreshToken.find(token).catch(() => undefined);
  if (rt && rt.clientId === idp.clientId) {
    await rt.destroy();
    if (rt.grantId) await revokeOidcPayloadsByGrantId(app.db, idp.tenant.id, rt.grantId);
  }
}

/** What a token is, for its own client: `{ active: false }` for anything unknown, expired or revoked. */
export async function introspectToken(
  app: FastifyInstance,
  idp: TenantIdp,
  token: string,
): Promise<Introspection> {
  if (isJwt(token)) {
    const c = await verifyAccessToken(idp, app.revocations, `Bearer ${token}`).catch(() => undefined);
    if (!c) return { active: false };
    return {
      active: true,
      token_type: 'Bearer',
      scope: c.scp.join(' '),
      client_id: c.cid,
      username: c.sub,
      exp: c.exp,
      iat: c.iat,
      sub: c.sub,
      aud: c.aud,
      iss: c.iss,
      jti: c.jti,
      uid: c.uid,
    };
  }
  const rt = token ? await idp.provider.RefreshToken.find(token).catch(() => undefined) : undefined;
  if (!rt || rt.clientId !== idp.clientId || rt.isExpired || rt.consumed) return { active: false };
  const user = await findIdentityUserById(app.db, idp.tenant.id, String(rt.accountId));
  return {
    active: true,
    token_type: 'refresh_token',
    scope: rt.scope,
    client_id: rt.clientId,
    username: user?.login,
    exp: rt.exp,
    iat: rt.iat,
    sub: user?.login,
    uid: rt.accountId,
    iss: idp.issuer,
  };
}

const CLIENT_ERRORS = {
  400: badRequest('invalid_request: the body is not a form of strings, or lacks `token`.'),
  401: oauthError.meta({ description: 'invalid_client: not this store’s client.' }),
};

/**
 * The prologue both routes share: the store's issuer (404 elsewhere), a body of strings (400), this store's
 * client (401). Answers and returns undefined when the call goes no further.
 */
async function tokenCall(
  app: FastifyInstance,
  registry: ProviderRegistry,
  request: FastifyRequest<{ Body: z.infer<typeof tokenRequestBody> }>,
  reply: FastifyReply,
) {
  const idp = await idpFor(app, registry, request).catch(() => undefined);
  if (!idp) return void noIssuerHere(reply);
  if (request.validationError)
    return void sendOAuthError(
      reply,
      400,
      'invalid_request',
      'The body must be a form of string parameters.',
    );
  const body = request.body ?? {};
  if (clientIdOf(request, body) !== idp.clientId)
    return void sendOAuthError(reply, 401, 'invalid_client', 'Client authentication failed.');
  return { idp, token: body.token };
}

export function tokenRoutes(app: OAuthApp, registry: ProviderRegistry) {
  app.post(
    '/oauth2/:server/v1/revoke',
    {
      attachValidation: true,
      schema: oauthSchema('Revoke an access or refresh token (RFC 7009)', {
        params: serverParams,
        body: tokenRequestBody,
        response: {
          200: z.string().meta({ description: 'Revoked, or not a token of this client: an empty body.' }),
          ...CLIENT_ERRORS,
        },
      }),
    },
    async (request, reply) => {
      const call = await tokenCall(app, registry, request, reply);
      if (!call) return reply;
      if (!call.token)
        return sendOAuthError(reply, 400, 'invalid_request', 'The token parameter is missing.');
      await revokeToken(app, call.idp, call.token);
      // 200 for unknown tokens too (RFC 7009); no JSON content type on an empty body.
      return reply.code(200).header('cache-control', 'no-store').send('');
    },
  );

  app.post(
    '/oauth2/:server/v1/introspect',
    {
      attachValidation: true,
      schema: oauthSchema('What a token is: active, its scopes, user and expiry (RFC 7662)', {
        params: serverParams,
        body: tokenRequestBody,
        response: { 200: introspection, ...CLIENT_ERRORS },
      }),
    },
    async (request, reply) => {
      const call = await tokenCall(app, registry, request, reply);
      if (!call) return reply;
      reply.header('cache-control', 'no-store');
      return reply.send(await introspectToken(app, call.idp, call.token ?? ''));
    },
  );
}
