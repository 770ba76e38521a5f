import {
  AUTHN_PATHS,
  authnStateBody,
  cancelledTransaction,
  changePasswordBody,
  primaryAuthBody,
} from '@trackwell/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkedSerializerCompiler } from '../../../http/checked-serializer.ts';
import { registerFactorRoutes } from './factor-routes.ts';
import { changePassword } from './password-change.ts';
import { authenticate } from './primary-authentication.ts';
import { registerRecoveryRoutes } from './recovery-routes.ts';
import { authnContextOf as ctx, resolveAuthnContext } from './request-context.ts';
import { type AuthnApp, sendAnswer as send, stepSchema } from './route-answers.ts';
import { cancel, currentState, previous, skip } from './transaction-steps.ts';

/**
 * The Okta Authentication API, each route a schema and one call: the store (a
 * preValidation hook), the body's shape (contracts), the step (a domain function of this folder), the answer
 * (checked against the contracts' transaction shapes, written in Okta's field order, never cached).
 */
export const authnRoutes: FastifyPluginAsyncZod = async (app) => {
  app.setSerializerCompiler(checkedSerializerCompiler);
  app.addHook('preValidation', resolveAuthnContext(app));
  registerTransactionRoutes(app);
  registerFactorRoutes(app);
  registerRecoveryRoutes(app);
};

/** Primary authentication and the steps of any transaction (Okta Authentication API: Transaction Operations). */
function registerTransactionRoutes(app: AuthnApp) {
  app.post(
    AUTHN_PATHS.authn,
    { schema: stepSchema('Primary authentication, or a transaction’s current state', primaryAuthBody) },
    async (request, reply) => send(request, reply, await authenticate(ctx(request), request.body ?? {})),
  );
  app.post(
    AUTHN_PATHS.introspect,
    { schema: stepSchema('The transaction as it stands', authnStateBody) },
    async (request, reply) =>
      send(request, reply, await currentState(ctx(request), request.body?.stateToken)),
  );
  app.post(
    AUTHN_PATHS.cancel,
    { schema: stepSchema('End the transaction', authnStateBody, cancelledTransaction) },
    async (request, reply) => send(request, reply, await cancel(ctx(request), request.body?.stateToken)),
  );
  app.post(
    AUTHN_PATHS.previous,
    { schema: stepSchema('Back to the factor choice (or to enrolment)', authnStateBody) },
    async (request, reply) => send(request, reply, await previous(ctx(request), request.body?.stateToken)),
  );
  app.post(
    AUTHN_PATHS.skip,
    { schema: stepSchema('PASSWORD_WARN: sign in without changing the password', authnStateBody) },
    async (request, reply) => send(request, reply, await skip(ctx(request), request.body?.stateToken)),
  );
  app.post(
    AUTHN_PATHS.changePassword,
    { schema: stepSchema('PASSWORD_EXPIRED / PASSWORD_WARN: a new password', changePasswordBody) },
    async (request, reply) => send(request, reply, await changePassword(ctx(request), request.body ?? {})),
  );
}
