import {
  type AuditEntryInput,
  catalogPublisherClientExists,
  findActiveCatalogApiKey,
  type Tenant,
} from '@trackwell/db';
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

/** The authenticated publisher: its store and the credential used. */
interface Publisher {
  tenant: Tenant;
  actor: AuditEntryInput['actor'];
}

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
  const publisherTenant = async (request: FastifyRequest): Promise<Publisher> => {
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
      return { tenant, actor: { kind: 'client', id: claims.clientId, login: claims.clientId } };
    }
    const found = await findActiveCatalogApiKey(app.db, key);
    if (!found) throw unauthorized('This publisher API key is not valid.');
    const tenant = await app.requireTenant(request);
    if (tenant.id !== found.tenantId) throw forbidden('This API key belongs to another store.');
    return { tenant, actor: { kind: 'api_key', id: found.id, login: found.label } };
  };

  const publishers = new WeakMap<FastifyRequest, Publisher>();
  const authenticatePublisher = async (request: FastifyRequest) => {
    publishers.set(request, await publisherTenant(request));
  };
  const authenticatedPublisher = (request: FastifyRequest): Publisher => {
    const publisher = publishers.get(request);
    if (!publisher) throw unauthorized();
    return publisher;
  };

  return {
    authenticate: authenticatePublisher,
    publisherOf: (request: FastifyRequest): Tenant => authenticatedPublisher(request).tenant,
    /** Who called, as the audit log names them: the API key (id, label) or the client. */
    actorOf: (request: FastifyRequest): AuditEntryInput['actor'] => authenticatedPublisher(request).actor,
  };
}
