import { languageFromAcceptLanguage } from '@trackwell/contracts';
import type { Tenant } from '@trackwell/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthnContext } from './authn/authn-context.ts';
import { OktaApiError, oktaErrors } from './okta-errors.ts';
import type { ProviderRegistry, TenantIdp } from './provider.ts';

/**
 * Per-request context of the embedded IdP: the tenant (by the request's exact host and port), the store's
 * canonical origin (configuration: the issuer is `${origin}/oauth2/default`, whatever Host the request
 * named) and that tenant's provider. A tenant whose `issuer-uri` names an external issuer (a real Okta
 * org) is not served here: its users sign in there.
 */

/** The store's canonical origin: every absolute URL the IdP emits for this tenant starts with it. */
export const storeOriginOf = (app: FastifyInstance, tenant: Tenant) => app.publicUrls.origin(tenant);

/**
 * oidc-provider (Koa, `proxy = true`) builds its URLs (issuer, discovery, redirects) from the raw request's
 * host and protocol. Rewrite those headers to the store's canonical origin, so neither a forged Host nor
 * X-Forwarded-* headers can steer them.
 */
export function pinForwardedHeaders(request: FastifyRequest, origin: string): void {
  const url = new URL(origin);
  const headers = request.raw.headers;
  headers.host = url.host;
  headers['x-forwarded-proto'] = url.protocol.slice(0, -1);
  delete headers['x-forwarded-host'];
  delete headers.forwarded;
}

export async function embeddedTenant(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<Tenant | undefined> {
  const tenant = await app.tenants.ofRequest(request);
  if (!tenant?.config['issuer-uri'].startsWith('/')) return undefined;
  return tenant;
}

export async function idpFor(
  app: FastifyInstance,
  registry: ProviderRegistry,
  request: FastifyRequest,
): Promise<TenantIdp> {
  const tenant = await embeddedTenant(app, request);
  if (!tenant) throw oktaErrors.notFound('issuer (AuthorizationServer)');
  const origin = storeOriginOf(app, tenant);
  pinForwardedHeaders(request, origin);
  return registry.get(tenant, origin);
}

export const DEVICE_COOKIE = 'DT';

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function authnContext(app: FastifyInstance, request: FastifyRequest, tenant: Tenant): AuthnContext {
  return {
    db: app.db,
    tenant,
    origin: storeOriginOf(app, tenant),
    mailer: app.mailer,
    ip: request.ip,
    lockoutThreshold: app.env.IDP_LOCKOUT_THRESHOLD,
    rateLimitPerIp: app.env.IDP_RATE_LIMIT_PER_IP,
    rateLimitPerUser: app.env.IDP_RATE_LIMIT_PER_USER,
    deviceToken: readCookie(request, DEVICE_COOKIE),
    revocations: app.revocations,
    requestedLanguage: languageFromAcceptLanguage(
      request.headers['accept-language'],
      tenant.config.ui.languages,
    ),
  };
}

export async function requireEmbeddedTenant(app: FastifyInstance, request: FastifyRequest): Promise<Tenant> {
  const tenant = await embeddedTenant(app, request);
  if (!tenant) throw new OktaApiError(404, 'E0000007', 'Not found: Resource not found: authn (Tenant)');
  return tenant;
}
