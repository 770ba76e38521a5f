import {
  AUTHN_PATHS,
  type AuthnTransactionAnswer,
  authnTransaction,
  type CancelledTransaction,
} from '@trackwell/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { DEVICE_COOKIE } from '../context.ts';
import { oktaSchemaFrame } from '../okta-answers.ts';
import { OKTA_ERROR_RESPONSES } from '../okta-errors.ts';
import type { AuthnResult } from './authn-context.ts';
import { DEVICE_TTL_SECONDS } from './sign-in-outcome.ts';

/** What every authn route file shares: its app type, its schema's frame, and how an answer is sent. */

export type AuthnApp = Parameters<FastifyPluginAsyncZod>[0];

/** A POST step's schema: its body, its answer (a transaction unless said otherwise) and Okta's error bodies. */
const authnSchema = oktaSchemaFrame('authn', OKTA_ERROR_RESPONSES);

export const stepSchema = <Body extends ZodType, Answer extends ZodType = typeof authnTransaction>(
  summary: string,
  body: Body,
  response?: Answer,
) => authnSchema(summary, { body, response: { 200: (response ?? authnTransaction) as Answer } });

/** The answer, never cached; a verified factor with `rememberDevice` also sets the remember-device cookie. */
export function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  result: AuthnResult<AuthnTransactionAnswer | CancelledTransaction>,
) {
  if (result.deviceToken) {
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header(
      'set-cookie',
      `${DEVICE_COOKIE}=${result.deviceToken}; Path=${AUTHN_PATHS.authn}; Max-Age=${DEVICE_TTL_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
    );
  }
  return reply.code(200).header('cache-control', 'no-store').send(result.body);
}
