import { findTenantUser, findTenantUserByLogin, type Tenant } from '@trackwell/db';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../../http/errors.ts';
import {
  type AccessTokenVerifier,
  createAccessTokenVerifier,
  InvalidAccessTokenError,
} from './access-token.ts';

/** The signed-in user of a request, once `authenticate` has run. */
export interface AuthenticatedUser {
  /** users.id: the portal's MAEUserID, the `userId` the calls name. */
  id: string;
  login: string;
  tenantId: string;
  /** The tenant of the request's host, which issued the token. */
  tenant: Tenant;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`; null on routes that do not require a token. */
    user: AuthenticatedUser | null;
  }
  interface FastifyInstance {
    /**
     * onRequest: requires a valid bearer access token of the host's tenant and a user of that tenant. It runs
     * before the body is parsed and validated, so an anonymous caller gets 401 whatever it sends.
     */
    authenticate: onRequestAsyncHookHandler;
    accessTokens: AccessTokenVerifier;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const USER_CACHE_MS = 30_000;
const USER_CACHE_MAX = 20_000;

/**
 * Authentication for the tracker-style APIs, as a checklist:
 *  1. the host names a tenant (else 404, the full-page error);
 *  2. `Authorization: Bearer <token>` is present (else 401);
 *  3. the token verifies against THIS tenant's issuer (its `issuer-uri` resolved against the store's
 *     canonical origin), JWKS, audience, expiry, client id and scopes (else 401 — a token of another tenant's
 *     issuer fails here);
 *  4. the token's user exists in this tenant: by `uid` when it is a users.id (a uuid), else by `sub` (the
 *     login) for issuers whose `uid` is their own id, such as a real Okta org (else 401);
 *  5. the token is not revoked: its `jti`, or its user's tokens issued before a sign-out, password reset or
 *     deactivation (auth/revocation-list.ts: an in-memory copy kept within seconds of the database in every
 *     process; else 401). Checked on every request, after the caches below.
 *     For an external issuer (a real Okta org) only our own cut-offs apply: a token revoked at Okta stays
 *     valid here until it expires (we verify its signature locally and do not call Okta's introspection).
 * A user looked up is remembered for 30 s, so a deleted user's still-valid token stops working within that.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const verifier = createAccessTokenVerifier();
    const users = new Map<string, { user: { id: string; login: string } | undefined; until: number }>();

    const findUser = async (tenantId: string, uid: string | undefined, login: string) => {
      const key = `${tenantId}\n${uid ?? ''}\n${login}`;
      const now = Date.now();
      const hit = users.get(key);
      if (hit && hit.until > now) return hit.user;
      // A uuid `uid` is our users.id (the embedded IdP): it alone decides. Any other uid is the issuer's own
      // id (a real Okta org's 00u…), so the login names the user.
      const user =
        uid && UUID.test(uid)
          ? await findTenantUser(app.db, tenantId, uid)
          : await findTenantUserByLogin(app.db, tenantId, login);
      if (users.size >= USER_CACHE_MAX) users.delete(users.keys().next().value!);
      users.set(key, { user, until: now + USER_CACHE_MS });
      return user;
    };

    async function authenticate(request: FastifyRequest, reply: FastifyReply) {
      const tenant = await app.requireTenant(request);
      const refuse = (message: string) => {
        reply.header('www-authenticate', `Bearer error="invalid_token", error_description="${message}"`);
        return unauthorized(message);
      };
      const header = request.headers.authorization;
      const match = header ? /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(header) : null;
      if (!match) {
        reply.header('www-authenticate', 'Bearer');
        throw unauthorized('A bearer access token is required (Authorization: Bearer <token>).');
      }
      const issuer = resolveIssuer(tenant.config['issuer-uri'], app.publicUrls.origin(tenant));
      let claims: Awaited<ReturnType<AccessTokenVerifier['verify']>>;
      try {
        claims = await verifier.verify(match[1]!, { issuer, clientId: tenant.config['client-id'] });
      } catch (error) {
        if (error instanceof InvalidAccessTokenError) throw refuse(error.message);
        throw error;
      }
      const user = await findUser(tenant.id, claims.uid, claims.sub);
      if (!user) throw refuse("The access token's user is not a user of this store.");
      if (
        app.revocations.isRevoked(tenant.id, {
          jti: claims.jti,
          userId: user.id,
          iat: claims.iat,
          rev: claims.rev,
        })
      )
        throw refuse('The access token has been revoked.');
      request.user = { id: user.id, login: user.login, tenantId: tenant.id, tenant };
    }

    app.decorateRequest('user', null);
    app.decorate('accessTokens', verifier);
    app.decorate('authenticate', authenticate);
  },
  { name: 'trackwell-auth' },
);

/** The tenant's issuer: its `issuer-uri`, resolved against the request origin when it is a path. */
export const resolveIssuer = (issuerUri: string, origin: string) =>
  issuerUri.startsWith('/') ? `${origin}${issuerUri}` : issuerUri;

/** The authenticated user of a request that passed `authenticate`. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * A `userId` named in a query or body must be the token's user (spec §6: calls carry the signed-in user's
 * token). Otherwise 403, before anything is read or changed.
 */
export function assertOwnUserId(request: FastifyRequest, ...userIds: Array<string | undefined | null>) {
  const user = currentUser(request);
  for (const id of userIds) {
    if (id != null && id.toLowerCase() !== user.id.toLowerCase()) {
      throw forbidden(
        'The userId is not the signed-in user: a user can only read and change their own tracking.',
      );
    }
  }
  return user;
}
