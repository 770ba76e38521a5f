import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers for every document answer. The CSP is what the portal needs and no more: its own scripts and
 * styles, images from its origin (tenant logos live there) or data: URIs, API calls to its own origin,
 * and same-origin frames (the identity provider's hidden-iframe token renewal).
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  styleSrcAttr: ["'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ["'self'"],
  frameAncestors: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  // Local installs are plain http; upgrading would break every sub-resource there. Production terminates
  // TLS at the load balancer and sends HSTS from there.
  upgradeInsecureRequests: null,
};

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  hsts: false,
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet sets with these options, worked out once: without nonces they are the same for every
 * request (helmet's Fastify plugin built its middleware, the CSP string included, anew for each page).
 */
export const DOCUMENT_HEADERS: Readonly<Record<string, string>> = (() => {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(HELMET_OPTIONS)(undefined as never, collector as unknown as ServerResponse, () => {});
  return Object.freeze(headers);
})();
const DOCUMENT_HEADER_LIST = Object.entries(DOCUMENT_HEADERS);

/**
 * JSON answers for API clients: a document policy (CSP and friends) means nothing there. Their routes get a small
 * fixed set instead, including no-store: the answers are one user's data.
 */
export const API_ANSWER_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers API clients (JSON, http/api-scope.ts): API_ANSWER_HEADERS, not the document headers. */
    apiAnswers?: boolean;
  }
}

/**
 * Every answer gets its kind's headers in one synchronous hook:
 * - an API scope's route the API answer headers, as the reply's own (a route may change or remove one: the
 *   console's e-mail preview lets its CSP decide on framing);
 * - any other the document headers, on the raw response as helmet's plugin set them: a route that hands the raw
 *   response to another framework (the identity provider's pages) sees and may change them, and a route's own
 *   `reply.header` still overrides one (the API reference page's CSP).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.apiAnswers === true) reply.headers(API_ANSWER_HEADERS);
    else for (const [name, value] of DOCUMENT_HEADER_LIST) reply.raw.setHeader(name, value);
    done();
  });
}
