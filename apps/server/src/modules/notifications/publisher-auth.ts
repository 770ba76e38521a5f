import { catalogPublisherClientExists, findCatalogApiKeyTenant, type Tenant } from '@trackwell/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../../http/errors.ts';
import { resolveIssuer } from '../auth/plugin.ts';
import { createPublisherTokenVerifier, looksLikeJwt, PublisherTokenError } from './publisher-token.ts';

const apiKeyOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header) return header.trim();
  const auth = request.headers.authorization;
  return auth?.startsWith('Bearer ') ? auth.slice(7).trim() : undefined;
};

/**
 * The publisher feed's authentication, in onRequest (before the body is parsed and validated: an anonymous
 * caller learns nothing of the API, whatever it sends). `authenticate` is the hook; `publisherOf` the
 * authenticated store in the handler.
 */
export function publisherAuthentication(app: FastifyInstance) {
  const publisherTokens = createPublisherTokenVerifier();
  /**
   * authenticate → authorize, for either credential:
   * - an API key (`twc_…`): its tenant must be this host's tenant (else 403);
   * - a client-credentials access token (a JWT): issued by this host's tenant issuer (else 401), to a
   *   publisher client that still exists in this tenant (else 401), with scope catalog.changes (else 403).
   */
  const publisherTenant = async (request: FastifyRequest): Promise<Tenant> => {
    const key = apiKeyOf(request);
    if (!key)
      throw unauthorized(
        'A publisher API key or access token is required (Authorization: Bearer <key or token>, or X-Api-Key).',
      );
    if (looksLikeJwt(key)) {
      const tenant = await app.requireTenant(request);
      const issuer = resolveIssuer(tenant.config['issuer-uri'], app.publicUrls.origin(tenant));
      let claims: Awaited<ReturnType<typeof publisherTokens.verify>>;
      try {
        claims = await publisherTokens.verify(key, issuer);
      } catch (error) {
        if (!(error instanceof PublisherTokenError)) throw error;
        throw error.status === 401 ? unauthorized(error.message) : forbidden(error.message);
      }
      if (!(await catalogPublisherClientExists(app.db, tenant.id, claims.clientId)))
        throw unauthorized('The publisher client of this access token no longer exists in this store.');
      return tenant;
    }
    const keyTenant = await findCatalogApiKeyTenant(app.db, key);
    if (!keyTenant) throw unauthorized('This publisher API key is not valid.');
    const tenant = await app.requireTenant(request);
    if (tenant.id !== keyTenant) throw forbidden('This API key belongs to another store.');
    return tenant;
  };

  const publisherTenants = new WeakMap<FastifyRequest, Tenant>();
  const authenticatePublisher = async (request: FastifyRequest) => {
    publisherTenants.set(request, await publisherTenant(request));
  };
  const authenticatedPublisher = (request: FastifyRequest): Tenant => {
    const tenant = publisherTenants.get(request);
    if (!tenant) throw unauthorized();
    return tenant;
  };

  return { authenticate: authenticatePublisher, publisherOf: authenticatedPublisher };
}
