import type { Tenant } from '@trackwell/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthnContext } from './authn.ts';
import { OktaApiError, oktaErrors } from './okta-errors.ts';
import type { ProviderRegistry, TenantIdp } from './provider.ts';

/**
 * Per-request context of the embedded IdP: the tenant (by host), the origin the browser used (the issuer is
 * `${origin}/oauth2/default`) and that tenant's provider. A tenant whose `issuer-uri` names an external
 * issuer (a real Okta org) is not served here: its users sign in there.
 */

export const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * oidc-provider (Koa, `proxy = true`) reads the host and protocol from the raw request. Rewrite those headers
 * to what Fastify resolved, which honours TRUST_PROXY: a client cannot steer the IdP's URLs with its own
 * X-Forwarded-* headers unless the proxy is trusted.
 */
export function pinForwardedHeaders(request: FastifyRequest): void {
  const headers = request.raw.headers;
  headers.host = request.host;
  headers['x-forwarded-proto'] = request.protocol;
  delete headers['x-forwarded-host'];
}

export async function embeddedTenant(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<Tenant | undefined> {
  const tenant = await app.tenants.resolve(request.hostname);
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
  pinForwardedHeaders(request);
  return registry.get(tenant, requestOrigin(request));
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
    origin: requestOrigin(request),
    mailer: app.mailer,
    ip: request.ip,
    lockoutThreshold: app.env.IDP_LOCKOUT_THRESHOLD,
    rateLimitPerIp: app.env.IDP_RATE_LIMIT_PER_IP,
    rateLimitPerUser: app.env.IDP_RATE_LIMIT_PER_USER,
    deviceToken: readCookie(request, DEVICE_COOKIE),
    revocations: app.revocations,
  };
}

export async function requireEmbeddedTenant(app: FastifyInstance, request: FastifyRequest): Promise<Tenant> {
  const tenant = await embeddedTenant(app, request);
  if (!tenant) throw new OktaApiError(404, 'E0000007', 'Not found: Resource not found: authn (Tenant)');
  return tenant;
}
