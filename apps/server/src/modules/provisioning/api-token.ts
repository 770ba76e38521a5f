import { findActiveCatalogApiKey, type Tenant } from '@trackwell/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authnContext, requireEmbeddedTenant, storeOriginOf } from '../identity/context.ts';
import { OktaApiError, oktaErrors } from '../identity/okta-errors.ts';
import type { ProvisioningContext } from './context.ts';

/**
 * onRequest, on every Users API route (before the body is read): the store of the request's exact host must
 * be one of the embedded identity provider, and `Authorization: SSWS <token>` one of its live provisioning
 * tokens (console: API tokens; only their SHA-256 is stored). Anything else is Okta's 401 E0000011 — a token
 * of another store included, so a store learns nothing of another's users. Then Okta's rate limit per token:
 * X-Rate-Limit-Limit, -Remaining and -Reset (epoch seconds) on every answer, 429 E0000047 beyond.
 */

const contexts = new WeakMap<FastifyRequest, ProvisioningContext>();

const tokenOf = (header: string | undefined) => /^SSWS\s+(\S{1,200})\s*$/i.exec(header ?? '')?.[1];

export function authenticateApiToken(app: FastifyInstance) {
  const limiter = app.rateLimits.limiter({
    name: 'provisioning',
    points: app.env.PROVISIONING_RATE_LIMIT_PER_TOKEN,
    durationSeconds: 60,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const tenant = await requireEmbeddedTenant(app, request);
    const token = tokenOf(request.headers.authorization);
    const found = token && (await findActiveCatalogApiKey(app.db, token, 'provisioning'));
    if (!found || found.tenantId !== tenant.id) throw oktaErrors.invalidToken();
    const verdict = await limiter.consume(`${tenant.id}:${found.id}`);
    const resetSeconds = Math.ceil((Date.now() + verdict.resetMs) / 1000);
    reply.headers({
      'x-rate-limit-limit': verdict.limit,
      'x-rate-limit-remaining': verdict.remaining,
      'x-rate-limit-reset': resetSeconds,
    });
    if (!verdict.allowed)
      throw new OktaApiError(429, 'E0000047', 'API call exceeded rate limit due to too many requests.', [], {
        'retry-after': String(Math.max(1, resetSeconds - Math.floor(Date.now() / 1000))),
      });
    contexts.set(request, {
      ...contextOf(app, request, tenant),
      apiKey: { id: found.id, label: found.label },
    });
  };
}

function contextOf(app: FastifyInstance, request: FastifyRequest, tenant: Tenant): ProvisioningContext {
  return {
    db: app.db,
    tenant,
    origin: storeOriginOf(app, tenant),
    revocations: app.revocations,
    mail: authnContext(app, request, tenant),
  };
}

export function provisioningContext(request: FastifyRequest): ProvisioningContext {
  const ctx = contexts.get(request);
  if (!ctx) throw oktaErrors.invalidToken();
  return ctx;
}
