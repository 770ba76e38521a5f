import {
  MYACCOUNT_MANAGE as MANAGE,
  myAccountPassword,
  myAccountProfile,
  myAccountProfileSchema,
  MYACCOUNT_PATHS as PATHS,
  passwordBody,
  profileUpdateBody,
  MYACCOUNT_READ as READ,
} from '@trackwell/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkedSerializerCompiler } from '../../../http/checked-serializer.ts';
import type { ProviderRegistry } from '../provider.ts';
import { registerAccountDataRoutes } from './account-data-routes.ts';
import { type MyAccountApp, NO_CONTENT, noContent, myAccountSchema as schema, send } from './answers.ts';
import { authenticateCaller, callerOf as caller, checkAccess } from './caller.ts';
import { registerContactRoutes } from './contact-routes.ts';
import { registerPasskeyRoutes } from './passkey-routes.ts';
import { changePassword, deletePassword, enrolPassword, readPassword } from './password.ts';
import { readProfile, readProfileSchema, updateProfile } from './profile.ts';

/**
 * The Okta MyAccount API (`/idp/myaccount/*`) for the bearer's own account, each route a schema and one call:
 * the bearer token and its user (onRequest, so an anonymous caller gets 401 whatever it sends), the route's
 * scopes and step-up (`config.myAccount`, preValidation), the body's shape (contracts), the operation (a
 * domain function of this folder), the answer (checked against the contracts' shapes, written as built).
 */
export const myAccountRoutes: FastifyPluginAsyncZod<{ registry: ProviderRegistry }> = async (
  app,
  { registry },
) => {
  app.setSerializerCompiler(checkedSerializerCompiler);
  app.addHook('onRequest', authenticateCaller(app, registry));
  app.addHook('preValidation', checkAccess(app));
  registerProfileRoutes(app);
  registerContactRoutes(app);
  registerPasswordRoutes(app);
  registerAccountDataRoutes(app);
  registerPasskeyRoutes(app);
};

function registerProfileRoutes(app: MyAccountApp) {
  app.get(
    PATHS.profile,
    {
      config: { myAccount: { scopes: READ.profile } },
      schema: schema('The profile', { response: { 200: myAccountProfile } }),
    },
    async (request, reply) => send(reply, 200, await readProfile(caller(request))),
  );
  app.put(
    PATHS.profile,
    {
      config: { myAccount: { scopes: MANAGE.profile } },
      schema: schema('Change profile attributes', {
        body: profileUpdateBody,
        response: { 200: myAccountProfile },
      }),
    },
    async (request, reply) => send(reply, 200, await updateProfile(caller(request), request.body?.profile)),
  );
  app.get(
    PATHS.profileSchema,
    {
      config: { myAccount: { scopes: READ.profile } },
      schema: schema('What each profile attribute is and who may change it', {
        response: { 200: myAccountProfileSchema },
      }),
    },
    async (request, reply) => send(reply, 200, await readProfileSchema(caller(request))),
  );
}

function registerPasswordRoutes(app: MyAccountApp) {
  app.get(
    PATHS.password,
    {
      config: { myAccount: { scopes: READ.password } },
      schema: schema('The password’s state (ACTIVE or NOT_ENROLLED)', {
        response: { 200: myAccountPassword },
      }),
    },
    async (request, reply) => send(reply, 200, readPassword(caller(request))),
  );
  app.post(
    PATHS.password,
    {
      config: { myAccount: { scopes: MANAGE.password, stepUp: true } },
      schema: schema('Enrol a password (none yet)', {
        body: passwordBody,
        response: { 201: myAccountPassword },
      }),
    },
    async (request, reply) => send(reply, 201, await enrolPassword(caller(request), request.body?.profile)),
  );
  app.put(
    PATHS.password,
    {
      config: { myAccount: { scopes: MANAGE.password, stepUp: true } },
      schema: schema('Change the password (with the current one)', {
        body: passwordBody,
        response: { 201: myAccountPassword },
      }),
    },
    async (request, reply) => send(reply, 201, await changePassword(caller(request), request.body?.profile)),
  );
  app.delete(
    PATHS.password,
    {
      config: { myAccount: { scopes: MANAGE.password, stepUp: true } },
      schema: schema('Remove the password', { response: { 204: NO_CONTENT } }),
    },
    async (request, reply) => {
      await deletePassword(caller(request));
      return noContent(reply);
    },
  );
}
