import {
  REGISTRATION_PATHS,
  registerBody,
  registrationPending,
  registrationVerified,
  verifyRegistrationBody,
} from '@trackwell/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkedSerializerCompiler } from '../../../http/checked-serializer.ts';
import { authnContextOf, resolveAuthnContext } from '../../identity/authn/request-context.ts';
import { oktaSchemaFrame } from '../../identity/okta-answers.ts';
import { OKTA_ERROR_RESPONSES, oktaErrors } from '../../identity/okta-errors.ts';
import { registerAccount, verifyRegistration } from './register.ts';

/**
 * Self-registration on the sign-in page, for stores on the embedded identity provider whose
 * configuration enables it (`registrationTermsUrl`); any other store answers 404 E0000007, whatever the body.
 * The body's schema (contracts registration.ts) refuses bad input with 400 E0000001 naming the field.
 */
const schema = oktaSchemaFrame('registration', OKTA_ERROR_RESPONSES);

function enabledContext(request: FastifyRequest) {
  const ctx = authnContextOf(request);
  if (!ctx.tenant.config.registrationTermsUrl) throw oktaErrors.notFound('registration (Store)');
  return ctx;
}

export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.setSerializerCompiler(checkedSerializerCompiler);
  app.addHook('preValidation', resolveAuthnContext(app));
  app.addHook('preValidation', async (request) => {
    enabledContext(request);
  });
  app.post(
    REGISTRATION_PATHS.register,
    {
      schema: schema('Create an account: a code is e-mailed (the same answer for a taken address)', {
        body: registerBody,
        response: { 200: registrationPending },
      }),
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await registerAccount(enabledContext(request), request.body)),
  );
  app.post(
    REGISTRATION_PATHS.verify,
    {
      schema: schema('The e-mailed code: the account becomes ACTIVE', {
        body: verifyRegistrationBody,
        response: { 200: registrationVerified },
      }),
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await verifyRegistration(enabledContext(request), request.body)),
  );
};
