import { createHash } from 'node:crypto';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { CONTENT_SECURITY_POLICY } from '../http/security.ts';
import { lazyScalarReference } from './api-reference-lazy.ts';

/** The tracker API's webhook routes, as the reference introduces them. */
const WEBHOOKS_TAG =
  "A signed-in user's own webhook endpoints: each change matched to the user's trackings " +
  'is POSTed as `{ type: "standard.changed", timestamp, data }`, signed per Standard Webhooks ' +
  '(`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>`, ' +
  "key: the base64 part of the `whsec_` secret shown once at creation). A store's endpoints: the console " +
  'routes `/api/console/v1/stores/{code}/webhooks` (every change of the store).';

/** How the documented APIs authenticate: the store's access token, or a store's Users API token. */
const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: "An access token of the store's issuer (RS256, audience api://default).",
  },
  apiToken: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: "`SSWS <token>`: a store's Users API token (console: the store's API tokens; shown once).",
  },
} as const;
/** The in-app notification centre and the private feed. */
const NOTIFICATION_CENTRE_TAG =
  "The signed-in user's notifications: one per change matched to their trackings, with what " +
  'changed (old → new) and why (the trackings that matched); read marks; the private Atom feed at a ' +
  'secret URL made and reset here and read without a token.';

/** The reference's sections, in the order it shows them. */
const API_TAGS = [
  {
    name: 'tracker',
    description: 'Tracked standards and content sources (spec §7 tracker service).',
  },
  { name: 'catalog', description: 'Finding standards to track.' },
  { name: 'flags', description: 'Feature flags (spec §3).' },
  { name: 'members', description: 'Member service (spec §7).' },
  { name: 'resolver', description: 'Platform admin content resolver (spec §7).' },
  { name: 'tenants', description: 'Tenant configuration and assets.' },
  { name: 'webhooks', description: WEBHOOKS_TAG },
  { name: 'notification-centre', description: NOTIFICATION_CENTRE_TAG },
  {
    name: 'organisations',
    description:
      'A company’s organisation in the store: members with a role (owner, editor, reviewer, reader), e-mailed ' +
      'invitations within a seat limit, and named watch lists with a responsible person. Only members reach ' +
      'an organisation (others get 404); what a role may not do is 403.',
  },
  {
    name: 'console',
    description:
      'The operator console: stores, roles, publisher API keys, webhooks and the audit log, under ' +
      "`/api/console/v1` on any store host, with the store's access token. Roles (platform_operator, " +
      'store_admin, catalog_editor) are checked against the database on every call.',
  },
  {
    name: 'users',
    description:
      "Okta's Users API (`/api/v1/users*`) on the embedded identity provider, for a store's " +
      'back office with the unchanged `@okta/okta-sdk-nodejs`: create, read, list (q, filter, search, ' +
      '`Link` paging), update, lifecycle and delete, with `Authorization: SSWS <token>`. Errors are Okta ' +
      'error bodies; `X-Rate-Limit-*` headers on every answer.',
  },
  {
    name: 'authn',
    description:
      "The embedded identity provider's Okta Authentication API (`/api/v1/authn*`), as okta-auth-js calls it: " +
      'answers are Okta transactions (`stateToken`, `status`, `_embedded`, `_links`); errors are Okta error ' +
      'bodies (`errorCode`, `errorSummary`, `errorCauses`).',
  },
  {
    name: 'registration',
    description:
      'Self-registration on the sign-in page (`/api/v1/registration*`), for stores on the ' +
      'embedded identity provider that give a terms link (`registrationTermsUrl`; any other store: 404). ' +
      'The same answer whether or not the address has an account; the e-mailed six-digit code makes it ACTIVE.',
  },
  {
    name: 'sessions',
    description:
      "The embedded identity provider's Okta session endpoints (`/api/v1/sessions/me`, " +
      '`/login/sessionCookieRedirect`), over the session cookie, as okta-auth-js `session.*` calls them.',
  },
  {
    name: 'oauth2',
    description:
      "The embedded identity provider's OpenID Connect and OAuth 2.0 endpoints under each store's issuer " +
      '(`/oauth2/default`), Okta paths: discovery, authorize, token, keys, logout, userinfo, revoke, ' +
      'introspect. Errors are OAuth error bodies (`error`, `error_description`).',
  },
  {
    name: 'myaccount',
    description:
      "The embedded identity provider's Okta MyAccount API (`/idp/myaccount/*`) for the bearer's own account " +
      '(profile, e-mails, phones, password), as okta-auth-js/myaccount calls it: each call needs an access token ' +
      'with its scope; answers carry `_links` and the media type `application/json; okta-version=1.0.0`.',
  },
];

/**
 * One OpenAPI 3.1 document of every route, generated from the routes' Zod schemas, served at
 * /docs/openapi.json (and .yaml) with Scalar's interactive reference at /docs.
 * Register before the routes it should describe (it collects them as they are added).
 */
export const openApiDocument = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Trackwell APIs',
          version: '0.1.0',
          description:
            "The services the Trackwell portal calls. Each store (tenant) answers on its own host; calls carry the signed-in user's access token from that store's identity provider. " +
            "Tracker answers use the envelope `{ status: '200', responseData: { value } }`; errors `{ status, error, message }`.",
        },
        components: {
          securitySchemes: SECURITY_SCHEMES,
        },
        tags: API_TAGS,
      },
      transform: (input) => {
        // Routes without any schema (the portal's page fallback) are internals, not API: left out.
        if (!input.schema) return { schema: { hide: true }, url: input.url };
        return usesZodSchemas(input.schema) ? jsonSchemaTransform(input) : input;
      },
    });
  },
  { name: 'trackwell-openapi' },
);

/** Routes described with plain JSON Schema (or none) are documented as they are; Zod ones are converted. */
function usesZodSchemas(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  const parts = ['body', 'querystring', 'params', 'headers'].map(
    (k) => (schema as Record<string, unknown>)[k],
  );
  const response = (schema as { response?: Record<string, unknown> }).response;
  const all = [...parts, ...Object.values(response ?? {})].filter((p) => p !== undefined);
  return all.length > 0 && all.every((p) => isZod(p) || isZodByContentType(p));
}

const isZod = (p: unknown) => typeof p === 'object' && p !== null && '_zod' in p;

/** A response given per content type (`{ description, content: { 'text/html': { schema } } }`) with Zod schemas. */
const isZodByContentType = (p: unknown) => {
  const content = (p as { content?: Record<string, { schema?: unknown }> } | null)?.content;
  return !!content && Object.values(content).every((c) => isZod(c.schema));
};

/**
 * The reference page. Scalar's page has one inline script (its configuration) and injects its own <style>
 * elements, which the site-wide CSP forbids; for /docs/ only, the CSP allows exactly that inline script (by
 * hash) and inline styles. Everything else about the policy stays (no other origins, no eval).
 */
export async function apiReferencePage(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url !== '/docs/' || typeof payload !== 'string') return payload;
    const hashes = [...payload.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
    );
    const directives = {
      ...CONTENT_SECURITY_POLICY,
      scriptSrc: ["'self'", ...hashes],
      styleSrc: ["'self'", "'unsafe-inline'"],
    };
    reply.header('content-security-policy', serialiseCsp(directives));
    return payload;
  });
  await cacheDocumentForms(app);
  await lazyScalarReference(app, {
    routePrefix: '/docs',
    configuration: {
      withDefaultFonts: false, // no font CDN: the CSP allows no other origin
      showDeveloperTools: 'never',
      agent: { disabled: true },
      telemetry: false,
    },
  });
}

/** The document's two forms, as Scalar's routes serve them. */
const DOCUMENT_URLS: ReadonlySet<string> = new Set(['/docs/openapi.yaml', '/docs/openapi.json']);

/**
 * Scalar writes the document anew for every request: YAML (`yaml.stringify` of the whole document, about half
 * a second of the server's time each) and JSON (the whole document stringified, a tenth of that). The document
 * cannot change while the app runs, so each form's first answer (to GET or HEAD) is kept and given again, with
 * the same headers.
 */
async function cacheDocumentForms(app: FastifyInstance): Promise<void> {
  const kept = new Map<string, { body: string; headers: Record<string, string> }>();
  app.addHook('onRequest', async (request, reply) => {
    const answer = kept.get(request.routeOptions.url ?? '');
    if (!answer) return;
    return reply.headers(answer.headers).send(answer.body);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url ?? '';
    if (!DOCUMENT_URLS.has(url) || kept.has(url) || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' || payload.length === 0) return payload;
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    const headers: Record<string, string> = {};
    for (const name of [
      'content-type',
      'content-disposition',
      'access-control-allow-origin',
      'access-control-allow-methods',
    ]) {
      const value = reply.getHeader(name);
      if (typeof value === 'string') headers[name] = value;
    }
    kept.set(url, { body: payload, headers });
    return payload;
  });
}

const serialiseCsp = (directives: Record<string, string[] | null>) =>
  Object.entries(directives)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${v!.join(' ')}`)
    .join('; ');
