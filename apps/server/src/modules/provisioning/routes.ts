import {
  oktaCreateUserBody,
  oktaCreateUserQuery,
  oktaDeleteUserQuery,
  oktaError,
  oktaLifecycleAnswer,
  oktaLifecycleParams,
  oktaLifecycleQuery,
  oktaListUsersQuery,
  oktaReplaceUserBody,
  oktaUpdateUserBody,
  oktaUser,
  oktaUserParams,
  OKTA_USERS_PATHS as PATHS,
} from '@trackwell/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkedSerializerCompiler } from '../../http/checked-serializer.ts';
import { NO_CONTENT, noContent, oktaSchemaFrame } from '../identity/okta-answers.ts';
import { OKTA_ERROR_RESPONSES } from '../identity/okta-errors.ts';
import { authenticateApiToken, provisioningContext as ctx } from './api-token.ts';
import { registerGroupRoutes } from './groups-routes.ts';
import { deleteUser, runLifecycle } from './lifecycle.ts';
import { listUsers } from './list-users.ts';
import { createUser, readUser, updateUser } from './users.ts';

/**
 * Okta's Users API on the embedded identity provider, for a store's back office with the
 * unchanged `@okta/okta-sdk-nodejs`: each route a schema and one domain call (users.ts, list-users.ts,
 * lifecycle.ts). Registered inside the identity plugin: its JSON parser (bodiless JSON requests) and Okta's
 * error JSON apply. Authentication and the rate limit are api-token.ts (onRequest).
 */

const schema = oktaSchemaFrame(
  'users',
  {
    ...OKTA_ERROR_RESPONSES,
    400: oktaError.meta({
      description:
        'E0000001 a field is refused (the cause names it); E0000031 a filter or search that is not Okta’s grammar.',
    }),
    401: oktaError.meta({
      description: 'E0000011 no live API token of this store (`Authorization: SSWS <token>`).',
    }),
    403: oktaError.meta({ description: 'E0000016 activating a user that is already active.' }),
    404: oktaError.meta({ description: 'E0000007 this store has no such user.' }),
    429: oktaError.meta({
      description: 'E0000047 the token’s calls a minute are spent (X-Rate-Limit-Reset).',
    }),
  },
  { security: [{ apiToken: [] }] },
);

const json = (reply: FastifyReply, status: number, body: unknown) =>
  reply.code(status).header('cache-control', 'no-store').type('application/json').send(body);

export const provisioningRoutes: FastifyPluginAsyncZod = async (app) => {
  app.setSerializerCompiler(checkedSerializerCompiler);
  app.addHook('onRequest', authenticateApiToken(app));
  registerUserRoutes(app);
  registerLifecycleRoutes(app);
  registerGroupRoutes(app);
};

type UsersApp = Parameters<FastifyPluginAsyncZod>[0];

/** Create, list, read, update and replace. */
function registerUserRoutes(app: UsersApp) {
  app.post(
    PATHS.users,
    {
      schema: schema('Create a user (activate=true: ACTIVE with a password, else PROVISIONED and e-mailed)', {
        querystring: oktaCreateUserQuery,
        body: oktaCreateUserBody,
        response: { 200: oktaUser },
      }),
    },
    async (request, reply) =>
      json(reply, 200, await createUser(ctx(request), request.body, request.query.activate)),
  );
  app.get(
    PATHS.users,
    {
      schema: schema('List users: q, filter, search; paged by limit and after (Link: rel="next")', {
        querystring: oktaListUsersQuery,
        response: { 200: z.array(oktaUser) },
      }),
    },
    async (request, reply) => {
      const page = await listUsers(ctx(request), request.query);
      return json(reply.header('link', page.links), 200, page.users);
    },
  );
  app.get(
    PATHS.user,
    { schema: schema('A user, by id or login', { params: oktaUserParams, response: { 200: oktaUser } }) },
    async (request, reply) => json(reply, 200, await readUser(ctx(request), request.params.userId)),
  );
  app.post(
    PATHS.user,
    {
      schema: schema('Update a user: the profile attributes and credentials given', {
        params: oktaUserParams,
        body: oktaUpdateUserBody,
        response: { 200: oktaUser },
      }),
    },
    async (request, reply) =>
      json(reply, 200, await updateUser(ctx(request), request.params.userId, request.body, 'partial')),
  );
  app.put(
    PATHS.user,
    {
      schema: schema('Replace a user’s profile (attributes not given are cleared)', {
        params: oktaUserParams,
        body: oktaReplaceUserBody,
        response: { 200: oktaUser },
      }),
    },
    async (request, reply) =>
      json(reply, 200, await updateUser(ctx(request), request.params.userId, request.body, 'replace')),
  );
}

/** The lifecycle operations and DELETE (which deactivates first). */
function registerLifecycleRoutes(app: UsersApp) {
  app.post(
    PATHS.lifecycle,
    {
      schema: schema(
        'A lifecycle operation (activate, deactivate, suspend, unsuspend, unlock, reset, expire)',
        {
          params: oktaLifecycleParams,
          querystring: oktaLifecycleQuery,
          response: { 200: oktaLifecycleAnswer },
        },
      ),
    },
    async (request, reply) => {
      const { userId, operation } = request.params;
      return json(reply, 200, await runLifecycle(ctx(request), userId, operation, request.query.sendEmail));
    },
  );
  app.delete(
    PATHS.user,
    {
      schema: schema('Delete a DEPROVISIONED user; any other is deactivated (call twice to delete)', {
        params: oktaUserParams,
        querystring: oktaDeleteUserQuery,
        response: { 204: NO_CONTENT },
      }),
    },
    async (request, reply) => {
      await deleteUser(ctx(request), request.params.userId);
      return noContent(reply);
    },
  );
}
