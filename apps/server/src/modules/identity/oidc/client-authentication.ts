import type { FastifyRequest } from 'fastify';

/**
 * The client of a revoke or introspect call, as okta-auth-js authenticates it: HTTP Basic with
 * `base64(clientId)` and no colon (a public client has no secret), `base64(clientId:secret)`, or `client_id`
 * in the body.
 */
export function clientIdOf(request: FastifyRequest, body: { client_id?: string }): string | undefined {
  const auth = request.headers.authorization;
  if (auth?.startsWith('Basic ')) {
    const decoded = Buffer.from(auth.slice(6).trim(), 'base64').toString('utf8');
    const id = decoded.includes(':') ? decoded.slice(0, decoded.indexOf(':')) : decoded;
    return decodeURIComponent(id);
  }
  return body.client_id;
}

/** A JWT (our access tokens), as opposed to an opaque refresh token. */
export const isJwt = (token: string) => /^eyJ[\w-]*\.[\w-]+\.[\w-]+$/.test(token);
