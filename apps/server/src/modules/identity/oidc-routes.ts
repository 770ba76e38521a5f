import { type AccessTokenClaims, offeredLanguage, USER_INFO_PATH, type UserInfo } from '@trackwell/contracts';
import { findIdentityUserById, revokeOidcPayloadsByGrantId } from '@trackwell/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unsafeRequestField } from '../../http/unsafe-strings-guard.ts';
import { idpFor } from './context.ts';
import { SCOPE_CLAIMS, userClaims } from './oidc/claims.ts';
import { oktaErrors } from './okta-errors.ts';
import type { ProviderRegistry, TenantIdp } from './provider.ts';
import { checkProviderBody } from './provider-body.ts';
import { InvalidAccessToken, verifyAccessToken, wwwAuthenticate } from './tokens.ts';

/**
 * The OpenID Connect side of the embedded IdP on Fastify:
 * - `/oauth2/<server>/*` goes to the tenant's oidc-provider (discovery, authorize, token, keys, logout), with
 *   the request stream untouched (hijacked in onRequest, before Fastify parses a body: C15 "no body parser");
 * - userinfo (C8), revoke and introspect (C11) are answered here, ahead of the provider, because the
 *   provider refuses JWT access tokens and okta-auth-js's colon-less Basic client authentication there;
 * - `GET /api/identity/v1/me`: the spec's "User info" for the portal.
 */

const callbacks = new WeakMap<TenantIdp, (req: unknown, res: unknown) => Promise<void> | void>();

async function forwardToProvider(
  app: FastifyInstance,
  registry: ProviderRegistry,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  let idp: TenantIdp;
  try {
    idp = await idpFor(app, registry, request);
  } catch {
    return reply
      .code(404)
      .type('application/json')
      .send({ error: 'not_found', error_description: 'No issuer here.' });
  }
  const issuerPath = new URL(idp.issuer).pathname;
  const url = request.raw.url ?? '/';
  if (url !== issuerPath && !url.startsWith(`${issuerPath}/`) && !url.startsWith(`${issuerPath}?`)) {
    return reply
      .code(404)
      .type('application/json')
      .send({ error: 'not_found', error_description: 'No issuer here.' });
  }
  // The root guard's rule, for what the provider reads itself: OAuth's invalid_request, naming the field.
  const unsafe = unsafeRequestField(request, ['query']) ?? (await checkProviderBody(request.raw));
  if (unsafe) {
    return reply
      .code(400)
      .header('cache-control', 'no-store')
      .type('application/json')
      .send({
        error: 'invalid_request',
        error_description: `${unsafe}: contains a NUL character or invalid UTF-8`,
      });
  }
  let callback = callbacks.get(idp);
  if (!callback) {
    callback = idp.provider.callback() as unknown as (req: unknown, res: unknown) => Promise<void>;
    callbacks.set(idp, callback);
  }
  reply.hijack();
  const raw = request.raw as typeof request.raw & { originalUrl?: string };
  raw.originalUrl = url;
  raw.url = url.slice(issuerPath.length) || '/';
  await callback(raw, reply.raw);
}

export async function registerOidcRoutes(app: FastifyInstance, registry: ProviderRegistry): Promise<void> {
  // Every method under the issuer, handled before body parsing.
  app.route({
    method: ['GET', 'POST', 'OPTIONS', 'HEAD'],
    url: '/oauth2/*',
    onRequest: async (request, reply) => forwardToProvider(app, registry, request, reply),
    handler: async () => undefined, // never reached: onRequest answered
  });

  // Form bodies for the routes answered here (the provider reads its own).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const oauthError = (reply: FastifyReply, status: number, error: string, description: string) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('application/json')
      .send({ error, error_description: description });

  /**
   * Bearer authentication of userinfo and `/me`, in onRequest (issue 11 §3): before the body is parsed and
   * validated, so an anonymous caller gets 401 whatever it sends. `answer` writes the route's own 401.
   */
  const bearers = new WeakMap<FastifyRequest, { idp: TenantIdp; claims: AccessTokenClaims }>();
  const bearerOf = (request: FastifyRequest) => {
    const bearer = bearers.get(request);
    if (!bearer) throw new InvalidAccessToken('missing', 'No bearer access token.');
    return bearer;
  };
  const authenticateBearer =
    (answer: (request: FastifyRequest, reply: FastifyReply, error?: InvalidAccessToken) => unknown) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const idp = await idpFor(app, registry, request).catch(() => undefined);
      if (!idp) return answer(request, reply);
      try {
        bearers.set(request, {
          idp,
          claims: await verifyAccessToken(idp, app.revocations, request.headers.authorization),
        });
      } catch (error) {
        if (!(error instanceof InvalidAccessToken)) throw error;
        reply.header('www-authenticate', wwwAuthenticate(error));
        return answer(request, reply, error);
      }
    };

  /** C8: userinfo for our JWT access tokens; `sub` equals the ID token's `sub` (the user id). */
  const userinfoAuth = authenticateBearer((_request, reply, error) =>
    error
      ? oauthError(reply, 401, 'invalid_token', error.message)
      : oauthError(reply, 404, 'not_found', 'No issuer here.'),
  );
  const userinfo = async (request: FastifyRequest, reply: FastifyReply) => {
    const { idp, claims } = bearerOf(request);
    if (!claims.scp.includes('openid')) {
      reply.header('www-authenticate', 'Bearer error="insufficient_scope", scope="openid"');
      return oauthError(reply, 403, 'insufficient_scope', 'The access token must carry the openid scope.');
    }
    const user = await findIdentityUserById(app.db, idp.tenant.id, claims.uid);
    if (!user) return oauthError(reply, 401, 'invalid_token', 'The access token is invalid.');
    const all = userClaims(user) as Record<string, unknown>;
    const allowed = new Set<string>(['sub']);
    for (const scope of ['profile', 'email'] as const)
      if (claims.scp.includes(scope)) for (const c of SCOPE_CLAIMS[scope]) allowed.add(c);
    return reply
      .header('cache-control', 'no-store')
      .send(Object.fromEntries(Object.entries(all).filter(([k]) => allowed.has(k))));
  };
  app.get('/oauth2/:server/v1/userinfo', { onRequest: userinfoAuth }, userinfo);
  app.post('/oauth2/:server/v1/userinfo', { onRequest: userinfoAuth }, userinfo);

  /** C11: client authentication as okta-auth-js sends it — `Basic base64(clientId)`, no colon — or client_id. */
  const clientIdOf = (request: FastifyRequest, body: Record<string, string>) => {
    const auth = request.headers.authorization;
    if (auth?.startsWith('Basic ')) {
      const decoded = Buffer.from(auth.slice(6).trim(), 'base64').toString('utf8');
      const id = decoded.includes(':') ? decoded.slice(0, decoded.indexOf(':')) : decoded;
      return decodeURIComponent(id);
    }
    return body.client_id;
  };

  const isJwt = (token: string) => /^eyJ[\w-]*\.[\w-]+\.[\w-]+$/.test(token);

  app.post('/oauth2/:server/v1/revoke', async (request, reply) => {
    const idp = await idpFor(app, registry, request).catch(() => undefined);
    if (!idp) return oauthError(reply, 404, 'not_found', 'No issuer here.');
    const body = (request.body ?? {}) as Record<string, string>;
    if (clientIdOf(request, body) !== idp.clientId)
      return oauthError(reply, 401, 'invalid_client', 'Client authentication failed.');
    if (typeof body.token !== 'string' || !body.token)
      return oauthError(reply, 400, 'invalid_request', 'The token parameter is missing.');
    // Issue 11 §4: a JWT access token is remembered as revoked until it expires (token_revocations): every
    // verifier, in every process, refuses it from then on. Only a token of this client, that verifies with
    // this issuer's key, is recorded (an unknown or foreign one is ignored, still 200: RFC 7009 §2.2).
    // Refresh tokens are deleted with their grant.
    if (isJwt(body.token)) {
      const claims = await verifyAccessToken(idp, app.revocations, `Bearer ${body.token}`).catch(
        () => undefined,
      );
      if (claims) await app.revocations.revokeToken(idp.tenant.id, { jti: claims.jti, exp: claims.exp });
    } else {
      const rt = await idp.provider.RefreshToken.find(body.token).catch(() => undefined);
      if (rt && rt.clientId === idp.clientId) {
        await rt.destroy();
        if (rt.grantId) await revokeOidcPayloadsByGrantId(app.db, idp.tenant.id, rt.grantId);
      }
    }
    // RFC 7009: 200 for unknown tokens too; no JSON content type on an empty body (okta-compat §1.4).
    return reply.code(200).header('cache-control', 'no-store').send('');
  });

  app.post('/oauth2/:server/v1/introspect', async (request, reply) => {
    const idp = await idpFor(app, registry, request).catch(() => undefined);
    if (!idp) return oauthError(reply, 404, 'not_found', 'No issuer here.');
    const body = (request.body ?? {}) as Record<string, string>;
    if (clientIdOf(request, body) !== idp.clientId)
      return oauthError(reply, 401, 'invalid_client', 'Client authentication failed.');
    const token = body.token ?? '';
    reply.header('cache-control', 'no-store');
    if (isJwt(token)) {
      try {
        const c = await verifyAccessToken(idp, app.revocations, `Bearer ${token}`);
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
      } catch {
        return { active: false };
      }
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
  });

  /** spec §3 "User info" (MAEUserID, MAETenantID, userType, firstName, lastName) for the bearer's user. */
  const meAuth = authenticateBearer((_request, _reply, error) => {
    throw error ? oktaErrors.invalidToken() : oktaErrors.notFound('me (User)');
  });
  app.get(USER_INFO_PATH, { onRequest: meAuth }, async (request, reply) => {
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
    };
    return reply.header('cache-control', 'no-store').send(info);
  });
}
