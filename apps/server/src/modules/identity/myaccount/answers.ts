import { MYACCOUNT_CONTENT_TYPE, oktaError } from '@trackwell/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { oktaSchemaFrame } from '../okta-answers.ts';
import { OKTA_ERROR_RESPONSES } from '../okta-errors.ts';

/** What every MyAccount route file shares: its app type, its schema's frame, and how an answer is sent. */

export type MyAccountApp = Parameters<FastifyPluginAsyncZod>[0];

const MYACCOUNT_ERRORS = {
  ...OKTA_ERROR_RESPONSES,
  401: oktaError.meta({
    description: 'E0000011 no valid access token of this store’s issuer (see WWW-Authenticate).',
  }),
  403: oktaError.meta({
    description:
      'E0000006 the token lacks the scope, or (password) the sign-in is too old: WWW-Authenticate says which; ' +
      'E0000068 wrong code; E0000080 the password policy; E0000014 wrong current password.',
  }),
  404: oktaError.meta({
    description:
      'E0000007 no such e-mail, phone, challenge or password of this user; (delete my account) already deleted.',
  }),
  406: oktaError.meta({
    description: 'E0000001 Accept allows no JSON, or names an okta-version other than 1.0.0.',
  }),
};

/** A route's schema: Okta's error answers, the bearer token, and the parts given. */
export const myAccountSchema = oktaSchemaFrame('myaccount', MYACCOUNT_ERRORS, {
  security: [{ bearerAuth: [] }],
});

/**
 * Okta's versioned JSON media type, with its charset named: without one, Fastify appends it after quoting
 * the version parameter (`okta-version="1.0.0"`), which clients that match the header as text do not expect.
 */
const CONTENT_TYPE = `${MYACCOUNT_CONTENT_TYPE}; charset=utf-8`;

/** An answer with a body: Okta's versioned JSON media type, never cached. */
export const send = (reply: FastifyReply, status: number, body: unknown) =>
  reply.code(status).header('cache-control', 'no-store').header('content-type', CONTENT_TYPE).send(body);

export { NO_CONTENT, noContent } from '../okta-answers.ts';
