import type { AccessTokenClaims } from '@trackwell/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { idpFor } from '../context.ts';
import type { ProviderRegistry, TenantIdp } from '../provider.ts';
import { InvalidAccessToken, verifyAccessToken, wwwAuthenticate } from '../tokens.ts';

/**
 * Bearer authentication of userinfo and `/me`, in onRequest: before the body is parsed and validated, so an
 * anonymous caller gets 401 whatever it sends. The route's `refuse` writes its own 401 (or its 404 when the
 * host is no store of this identity provider); a handler reads the caller with `bearerOf`.
 */

type Bearer = { idp: TenantIdp; claims: AccessTokenClaims };
type Refuse = (request: FastifyRequest, reply: FastifyReply, error?: InvalidAccessToken) => unknown;

const bearers = new WeakMap<FastifyRequest, Bearer>();

export function bearerOf(request: FastifyRequest): Bearer {
  const bearer = bearers.get(request);
  if (!bearer) throw new InvalidAccessToken('missing', 'No bearer access token.');
  return bearer;
}

export const authenticateBearer =
  (app: FastifyInstance, registry: ProviderRegistry, refuse: Refuse) =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    const idp = await idpFor(app, registry, request).catch(() => undefined);
    if (!idp) return refuse(request, reply);
    try {
      const claims = await verifyAccessToken(idp, app.revocations, request.headers.authorization);
      bearers.set(request, { idp, claims });
    } catch (error) {
      if (!(error instanceof InvalidAccessToken)) throw error;
      reply.header('www-authenticate', wwwAuthenticate(error));
      return refuse(request, reply, error);
    }
  };
