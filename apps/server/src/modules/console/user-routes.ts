import {
  CONSOLE_PATHS,
  consoleUserActionParams,
  consoleUserDetail,
  consoleUserList,
  consoleUserParams,
  consoleUsersQuery,
  errorEnvelope,
  storeCodeParams,
} from '@trackwell/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authnContext, storeOriginOf } from '../identity/context.ts';
import type { ProvisioningContext } from '../provisioning/context.ts';
import { consoleCaller, consoleStore } from './caller.ts';
import { type ConsoleApp, consoleDocs, consoleErrors } from './schemas.ts';
import { actOnStoreUser, deleteStoreUser, readStoreUser, searchStoreUsers } from './user-admin.ts';

/**
 * A store's users in the console (user-admin.ts does the work with the Users API's own domain
 * functions): search, read one, act on one (activate, lock, unlock, reset password, reset factors, deactivate,
 * reactivate), delete a deactivated one. Store administrators of the store and operators.
 */

const conflict = errorEnvelope.meta({
  description: 'The user’s status does not allow this (e.g. delete before deactivating): nothing changed.',
});

export function registerUserAdminRoutes(app: ConsoleApp) {
  const ctx = (request: FastifyRequest): ProvisioningContext => {
    const store = consoleStore(request);
    return {
      db: app.db,
      tenant: store,
      origin: storeOriginOf(app, store),
      revocations: app.revocations,
      mail: authnContext(app, request, store),
    };
  };
  const actor = (request: FastifyRequest) => consoleCaller(request).user;

  app.get(
    CONSOLE_PATHS.storeUsers,
    {
      config: { consoleAction: 'users.read' },
      schema: {
        ...consoleDocs,
        summary: "Search the store's users by login, e-mail, name and status (cursor pages)",
        params: storeCodeParams,
        querystring: consoleUsersQuery,
        response: { 200: consoleUserList, ...consoleErrors },
      },
    },
    async (request) => searchStoreUsers(ctx(request), request.query),
  );
  app.get(
    CONSOLE_PATHS.storeUser,
    {
      config: { consoleAction: 'users.read' },
      schema: {
        ...consoleDocs,
        summary: 'One user: profile, factors, sessions, trackings, recent deliveries',
        params: consoleUserParams,
        response: { 200: consoleUserDetail, ...consoleErrors },
      },
    },
    async (request) => readStoreUser(ctx(request), actor(request), request.params.userId),
  );
  app.post(
    CONSOLE_PATHS.storeUserAction,
    {
      config: { consoleAction: 'users.manage' },
      schema: {
        ...consoleDocs,
        summary:
          'Activate, lock, unlock, send a password reset, reset MFA factors, deactivate or reactivate a user (409: not for its status, or your own account)',
        params: consoleUserActionParams,
        response: { 200: consoleUserDetail, 409: conflict, ...consoleErrors },
      },
    },
    async (request) =>
      actOnStoreUser(ctx(request), actor(request), request.params.userId, request.params.action),
  );
  app.delete(
    CONSOLE_PATHS.storeUser,
    {
      config: { consoleAction: 'users.manage' },
      schema: {
        ...consoleDocs,
        summary: 'Delete a deactivated user (409 while it is not deactivated)',
        params: consoleUserParams,
        response: { 204: z.null(), 409: conflict, ...consoleErrors },
      },
    },
    async (request, reply) => {
      await deleteStoreUser(ctx(request), actor(request), request.params.userId);
      return reply.code(204).send(null);
    },
  );
}
