import {
  CONSOLE_PATHS,
  type ConsoleRole,
  type consoleApiKey,
  type consoleApiKeyCreated,
  type consolePublisherClient,
  type consolePublisherClientCreated,
  type consoleRoleGrant,
} from '@trackwell/contracts';
import type { z } from 'zod';
import { api } from '../../../../lib/api.ts';
import { silenceErrorToasts } from '../../../../lib/api-error-toasts.ts';
import { consolePath } from './paths.ts';

export type RoleGrant = z.infer<typeof consoleRoleGrant>;
export type ApiKey = z.infer<typeof consoleApiKey>;
export type ApiKeyCreated = z.infer<typeof consoleApiKeyCreated>;
export type PublisherClient = z.infer<typeof consolePublisherClient>;
export type PublisherClientCreated = z.infer<typeof consolePublisherClientCreated>;
type RoleChange = { code: string; login: string; role: ConsoleRole };
/** The two kinds of store key: the change feed's publisher API keys and the Users API's `SSWS` tokens. */
export type StoreKeyKind = 'publisher' | 'provisioning';
const KEY_PATHS = {
  publisher: { list: CONSOLE_PATHS.storeApiKeys, item: CONSOLE_PATHS.storeApiKey },
  provisioning: { list: CONSOLE_PATHS.storeProvisioningTokens, item: CONSOLE_PATHS.storeProvisioningToken },
} as const;
type KeysOf = { code: string; kind: StoreKeyKind };
/** A grant; with names, a login that is no user of the store yet is invited by e-mail. */
type RoleGrantRequest = RoleChange & { firstName?: string; lastName?: string };
export type RoleGrantAnswer = { grants: RoleGrant[]; invited?: string };
const grantsOf = (body: { grants: RoleGrant[] }) => body.grants;

/**
 * A store's console role grants, publisher API keys and client-credentials clients, and its Users
 * API tokens.
 */
export const consoleAccessApi = api
  .enhanceEndpoints({ addTagTypes: ['ConsoleRoles', 'ConsoleApiKeys', 'ConsoleClients', 'ConsoleAudit'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listRoleGrants: build.query<RoleGrant[], string>({
        query: (code) => ({ url: consolePath(CONSOLE_PATHS.storeRoles, code) }),
        transformResponse: grantsOf,
        providesTags: ['ConsoleRoles'],
      }),
      grantRole: build.mutation<RoleGrantAnswer, RoleGrantRequest>({
        query: ({ code, ...body }) => ({
          url: consolePath(CONSOLE_PATHS.storeRoles, code),
          method: 'POST',
          body,
        }),
        invalidatesTags: ['ConsoleRoles', 'ConsoleAudit'],
      }),
      revokeRole: build.mutation<RoleGrant[], RoleChange>({
        query: ({ code, ...params }) => ({
          url: consolePath(CONSOLE_PATHS.storeRoles, code),
          method: 'DELETE',
          params,
        }),
        transformResponse: grantsOf,
        invalidatesTags: ['ConsoleRoles', 'ConsoleAudit'],
      }),
      listApiKeys: build.query<ApiKey[], KeysOf>({
        query: ({ code, kind }) => ({ url: consolePath(KEY_PATHS[kind].list, code) }),
        transformResponse: (body: { keys: ApiKey[] }) => body.keys,
        providesTags: ['ConsoleApiKeys'],
      }),
      createApiKey: build.mutation<ApiKeyCreated, KeysOf & { label: string }>({
        query: ({ code, kind, label }) => ({
          url: consolePath(KEY_PATHS[kind].list, code),
          method: 'POST',
          body: { label },
        }),
        invalidatesTags: ['ConsoleApiKeys', 'ConsoleAudit'],
      }),
      revokeApiKey: build.mutation<ApiKey, KeysOf & { id: string }>({
        query: ({ code, kind, id }) => ({
          url: consolePath(KEY_PATHS[kind].item, code, { id }),
          method: 'DELETE',
        }),
        invalidatesTags: ['ConsoleApiKeys', 'ConsoleAudit'],
      }),
      listClients: build.query<PublisherClient[], string>({
        query: (code) => ({ url: consolePath(CONSOLE_PATHS.storeClients, code) }),
        transformResponse: (body: { clients: PublisherClient[] }) => body.clients,
        providesTags: ['ConsoleClients'],
      }),
      createClient: build.mutation<PublisherClientCreated, { code: string; label: string }>({
        query: ({ code, label }) => ({
          url: consolePath(CONSOLE_PATHS.storeClients, code),
          method: 'POST',
          body: { label },
        }),
        invalidatesTags: ['ConsoleClients', 'ConsoleAudit'],
      }),
      revokeClient: build.mutation<PublisherClient, { code: string; clientId: string }>({
        query: ({ code, clientId }) => ({
          url: consolePath(CONSOLE_PATHS.storeClient, code, { clientId }),
          method: 'DELETE',
        }),
        invalidatesTags: ['ConsoleClients', 'ConsoleAudit'],
      }),
    }),
  });

// Lists show their failures in place; the forms show theirs next to the field. Revocations toast.
silenceErrorToasts(
  'listRoleGrants',
  'listApiKeys',
  'listClients',
  'grantRole',
  'createApiKey',
  'createClient',
);

export const {
  useListRoleGrantsQuery,
  useGrantRoleMutation,
  useRevokeRoleMutation,
  useListApiKeysQuery,
  useCreateApiKeyMutation,
  useRevokeApiKeyMutation,
  useListClientsQuery,
  useCreateClientMutation,
  useRevokeClientMutation,
} = consoleAccessApi;
