import { oauthError, oktaError } from '@trackwell/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { oktaSchemaFrame } from '../okta-answers.ts';

/** What the OAuth route files share: their app type, the OAuth error answer, and their schemas' frame. */

export type OAuthApp = Parameters<FastifyPluginAsyncZod>[0];

/** An OAuth error (RFC 6749 §5.2), never cached. */
export const sendOAuthError = (reply: FastifyReply, status: number, error: string, description: string) =>
  reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/json')
    .send({ error, error_description: description });

/** The answer on a host that is no store of the embedded identity provider. */
export const noIssuerHere = (reply: FastifyReply) =>
  sendOAuthError(reply, 404, 'not_found', 'No issuer here.');

const NOT_FOUND = oauthError.meta({
  description: 'not_found: this host is no store of the embedded identity provider.',
});

/**
 * A 400 of these routes: OAuth's `invalid_request` from the route, or Okta's E0000001 from the input guard
 * that runs before every route (a NUL or invalid UTF-8 in a header, parameter or body field, named).
 */
export const badRequest = (description: string) =>
  z.union([oauthError, oktaError]).meta({
    description: `${description} E0000001 (Okta error body) when the input guard refuses a field: NUL or invalid UTF-8.`,
  });

/** A route's schema: tag `oauth2`, the "no issuer here" answer, a 400, and the parts given. */
export const oauthSchema = oktaSchemaFrame('oauth2', { 400: badRequest('invalid_request.'), 404: NOT_FOUND });

export { htmlAnswer } from '../okta-answers.ts';

/** The path parameter every issuer route has: the authorization server (`default`). */
export const serverParams = z.object({
  server: z.string().meta({ description: 'The authorization server: `default`.' }),
});
