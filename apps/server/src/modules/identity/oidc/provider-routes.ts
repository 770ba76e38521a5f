import { oauthError, oktaError } from '@trackwell/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { unsafeRequestField } from '../../../http/unsafe-strings-guard.ts';
import { idpFor } from '../context.ts';
import { rememberRequestIp } from '../devices/request-ip.ts';
import type { ProviderRegistry, TenantIdp } from '../provider.ts';
import { checkProviderBody } from '../provider-body.ts';
import {
  badRequest,
  htmlAnswer,
  noIssuerHere,
  type OAuthApp,
  oauthSchema,
  sendOAuthError,
  serverParams,
} from './oauth-answers.ts';
import { OIDC_ROUTES } from './settings.ts';

/**
 * What the store's oidc-provider answers itself under `/oauth2/<server>/`: discovery, authorize, token,
 * keys and logout (and whatever else lies under the issuer). Each is handed over in onRequest, with the
 * request stream untouched: the provider parses its own bodies, so Fastify must not. The schemas document
 * these endpoints; Fastify never validates them (the request is gone before validation).
 */

const callbacks = new WeakMap<TenantIdp, (req: unknown, res: unknown) => Promise<void> | void>();

function callbackOf(idp: TenantIdp) {
  let callback = callbacks.get(idp);
  if (!callback) {
    callback = idp.provider.callback() as unknown as (req: unknown, res: unknown) => Promise<void>;
    callbacks.set(idp, callback);
  }
  return callback;
}

const underIssuer = (url: string, issuerPath: string) =>
  url === issuerPath || url.startsWith(`${issuerPath}/`) || url.startsWith(`${issuerPath}?`);

async function forwardToProvider(
  app: FastifyInstance,
  registry: ProviderRegistry,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const idp = await idpFor(app, registry, request).catch(() => undefined);
  if (!idp) return noIssuerHere(reply);
  const issuerPath = new URL(idp.issuer).pathname;
  const url = request.raw.url ?? '/';
  if (!underIssuer(url, issuerPath)) return noIssuerHere(reply);
  // The root guard's rule, for what the provider reads itself: OAuth's invalid_request, naming the field.
  const unsafe = unsafeRequestField(request, ['query']) ?? (await checkProviderBody(request.raw));
  if (unsafe)
    return sendOAuthError(
      reply,
      400,
      'invalid_request',
      `${unsafe}: contains a NUL character or invalid UTF-8`,
    );
  reply.hijack();
  const raw = request.raw as typeof request.raw & { originalUrl?: string };
  raw.originalUrl = url;
  raw.url = url.slice(issuerPath.length) || '/';
  rememberRequestIp(raw, request.ip);
  await callbackOf(idp)(raw, reply.raw);
}

const INVALID_REQUEST = badRequest(
  'invalid_request: a parameter holds a NUL character or invalid UTF-8 (named).',
);

/** The provider's error page, or OAuth's JSON when the guard refused a parameter before the provider. */
const pageOrError = (description: string) => ({
  description: `${description} JSON when a field holds a NUL character or invalid UTF-8: OAuth invalid_request (query, body), Okta E0000001 (headers).`,
  content: {
    'text/html': { schema: z.string() },
    'application/json': { schema: z.union([oauthError, oktaError]) },
  },
});

const discovery = z.looseObject({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  jwks_uri: z.string(),
  userinfo_endpoint: z.string(),
  end_session_endpoint: z.string(),
  revocation_endpoint: z.string(),
  introspection_endpoint: z.string(),
});

/** The provider's endpoints as documented routes: method, path under the issuer, summary, answers. */
const PROVIDER_ENDPOINTS = [
  {
    methods: ['GET'],
    path: '/.well-known/openid-configuration',
    summary: 'OpenID discovery: the issuer and its endpoints, all on the store’s canonical origin',
    response: { 200: discovery, 400: INVALID_REQUEST },
  },
  {
    methods: ['GET'],
    path: '/.well-known/oauth-authorization-server',
    summary: 'OAuth authorization server metadata (RFC 8414)',
    response: { 200: discovery, 400: INVALID_REQUEST },
  },
  {
    methods: ['GET', 'POST'],
    path: OIDC_ROUTES.authorization,
    summary: 'Authorize (code flow with PKCE): on to the redirect URI, the sign-in form or the sign-in page',
    response: {
      302: htmlAnswer('On to the client’s redirect URI (code or error), or to the sign-in form (Location).'),
      400: pageOrError('The request cannot be answered to the client: an error page.'),
    },
  },
  {
    methods: ['POST'],
    path: OIDC_ROUTES.token,
    summary: 'Token: authorization code, refresh token or client credentials for tokens',
    response: {
      200: z.looseObject({
        token_type: z.string(),
        access_token: z.string(),
        expires_in: z.number(),
        scope: z.string().optional(),
        id_token: z.string().optional(),
        refresh_token: z.string().optional(),
      }),
      400: INVALID_REQUEST,
      401: oauthError.meta({ description: 'invalid_client: the client did not authenticate.' }),
    },
  },
  {
    methods: ['GET'],
    path: OIDC_ROUTES.jwks,
    summary: 'The issuer’s public signing keys (JWKS)',
    response: {
      200: z.object({ keys: z.array(z.looseObject({ kty: z.string(), kid: z.string() })) }),
      400: INVALID_REQUEST,
    },
  },
  {
    methods: ['GET', 'POST'],
    path: OIDC_ROUTES.end_session,
    summary: 'Sign out (RP-initiated logout): ends the session, then on to post_logout_redirect_uri',
    response: {
      200: htmlAnswer('The confirmation form, when the request cannot be trusted without it.'),
      303: htmlAnswer('Signed out: on to the post-logout redirect URI (Location).'),
      400: pageOrError('The request is refused: an error page.'),
    },
  },
] as const;

export function providerRoutes(app: OAuthApp, registry: ProviderRegistry) {
  const onRequest = async (request: FastifyRequest, reply: FastifyReply) =>
    forwardToProvider(app, registry, request, reply);
  const handler = async () => undefined; // never reached: onRequest answered
  for (const endpoint of PROVIDER_ENDPOINTS) {
    app.route({
      method: [...endpoint.methods],
      url: `/oauth2/:server${endpoint.path}`,
      schema: oauthSchema(endpoint.summary, {
        params: serverParams,
        response: endpoint.response,
      }),
      onRequest,
      handler,
    });
  }
  // Everything else under an issuer (CORS preflights, the logout confirmation, the authorize resume, and
  // the provider's own 404 for what it does not serve).
  app.route({
    method: ['GET', 'POST', 'OPTIONS', 'HEAD'],
    url: '/oauth2/*',
    schema: {
      hide: true,
      summary: 'The rest of the issuer, answered by the provider',
      params: z.object({ '*': z.string() }),
    },
    onRequest,
    handler,
  });
}
