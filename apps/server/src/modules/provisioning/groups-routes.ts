import {
  oktaCreateGroupBody,
  oktaError,
  oktaGroup,
  oktaGroupParams,
  oktaGroupUserParams,
  oktaListGroupsQuery,
  oktaListGroupUsersQuery,
  oktaUser,
  OKTA_GROUPS_PATHS as PATHS,
} from '@trackwell/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NO_CONTENT, noContent, oktaSchemaFrame } from '../identity/okta-answers.ts';
import { OKTA_ERROR_RESPONSES } from '../identity/okta-errors.ts';
import { provisioningContext as ctx } from './api-token.ts';
import {
  addGroupUser,
  createGroup,
  listGroups,
  listGroupUsers,
  readGroup,
  removeGroup,
  removeGroupUser,
} from './groups.ts';

/**
 * Okta's Groups API (groups.ts does the work): create, read, list and delete groups — the store's
 * organisations — and list, add and remove their users. Registered inside the Users API's plugin: the same
 * SSWS authentication, rate limit, JSON parser and error JSON.
 */

const schema = oktaSchemaFrame(
  'users',
  {
    ...OKTA_ERROR_RESPONSES,
    400: oktaError.meta({
      description: 'E0000001 a field is refused (a name taken, no seat free); E0000031 search or filter.',
    }),
    401: oktaError.meta({ description: 'E0000011 no live API token of this store.' }),
    404: oktaError.meta({ description: 'E0000007 this store has no such group or user.' }),
    429: oktaError.meta({ description: 'E0000047 the token’s calls a minute are spent.' }),
  },
  { security: [{ apiToken: [] }] },
);

const json = (reply: FastifyReply, status: number, body: unknown) =>
  reply.code(status).header('cache-control', 'no-store').type('application/json').send(body);

type GroupsApp = Parameters<FastifyPluginAsyncZod>[0];

export function registerGroupRoutes(app: GroupsApp) {
  app.post(
    PATHS.groups,
    {
      schema: schema('Create a group (an organisation of the store)', {
        body: oktaCreateGroupBody,
        response: { 200: oktaGroup },
      }),
    },
    async (request, reply) => json(reply, 200, await createGroup(ctx(request), request.body.profile)),
  );
  app.get(
    PATHS.groups,
    {
      schema: schema('List groups: q (name prefix); paged by limit and after (Link: rel="next")', {
        querystring: oktaListGroupsQuery,
        response: { 200: z.array(oktaGroup) },
      }),
    },
    async (request, reply) => {
      const page = await listGroups(ctx(request), request.query);
      return json(reply.header('link', page.links), 200, page.items);
    },
  );
  app.get(
    PATHS.group,
    { schema: schema('A group', { params: oktaGroupParams, response: { 200: oktaGroup } }) },
    async (request, reply) => json(reply, 200, await readGroup(ctx(request), request.params.groupId)),
  );
  app.delete(
    PATHS.group,
    {
      schema: schema('Delete a group (its memberships and lists)', {
        params: oktaGroupParams,
        response: { 204: NO_CONTENT },
      }),
    },
    async (request, reply) => {
      await removeGroup(ctx(request), request.params.groupId);
      return noContent(reply);
    },
  );
  registerGroupUserRoutes(app);
}

function registerGroupUserRoutes(app: GroupsApp) {
  app.get(
    PATHS.groupUsers,
    {
      schema: schema('A group’s users, paged by limit and after (Link: rel="next")', {
        params: oktaGroupParams,
        querystring: oktaListGroupUsersQuery,
        response: { 200: z.array(oktaUser) },
      }),
    },
    async (request, reply) => {
      const page = await listGroupUsers(ctx(request), request.params.groupId, request.query);
      return json(reply.header('link', page.links), 200, page.items);
    },
  );
  app.put(
    PATHS.groupUser,
    {
      schema: schema('Add a user to a group (joins as a reader, within the seat limit)', {
        params: oktaGroupUserParams,
        response: { 204: NO_CONTENT },
      }),
    },
    async (request, reply) => {
      await addGroupUser(ctx(request), request.params.groupId, request.params.userId);
      return noContent(reply);
    },
  );
  app.delete(
    PATHS.groupUser,
    {
      schema: schema('Remove a user from a group', {
        params: oktaGroupUserParams,
        response: { 204: NO_CONTENT },
      }),
    },
    async (request, reply) => {
      await removeGroupUser(ctx(request), request.params.groupId, request.params.userId);
      return noContent(reply);
    },
  );
}
