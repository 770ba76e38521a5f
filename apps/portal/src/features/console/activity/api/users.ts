import {
  CONSOLE_PATHS,
  type ConsoleUserAction,
  type ConsoleUserDetail,
  type ConsoleUserList,
  type OktaUserStatus,
} from '@trackwell/contracts';
import { api } from '../../../../lib/api.ts';
import { silenceErrorToasts } from '../../../../lib/api-error-toasts.ts';
import { consolePath } from './paths.ts';

/** What the users list asks for: the search text, a status, and the page's cursor. */
export type UsersSearch = { code: string; q: string; status: OktaUserStatus | ''; after?: string };
type UserRef = { code: string; userId: string };

/**
 * A store's users: search, one user, the administrator's actions and delete. Every action
 * answers the user as it now is; the list and the audit log are fetched again after it.
 */
export const consoleUsersApi = api
  .enhanceEndpoints({ addTagTypes: ['ConsoleUsers', 'ConsoleUser', 'ConsoleAudit'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listUsers: build.query<ConsoleUserList, UsersSearch>({
        query: ({ code, q, status, after }) => ({
          url: consolePath(CONSOLE_PATHS.storeUsers, code),
          params: {
            ...(q ? { q } : {}),
            ...(status ? { status } : {}),
            ...(after ? { after } : {}),
            limit: 25,
          },
        }),
        providesTags: ['ConsoleUsers'],
      }),
      getUser: build.query<ConsoleUserDetail, UserRef>({
        query: ({ code, userId }) => ({ url: consolePath(CONSOLE_PATHS.storeUser, code, { userId }) }),
        providesTags: ['ConsoleUser'],
      }),
      actOnUser: build.mutation<ConsoleUserDetail, UserRef & { action: ConsoleUserAction }>({
        query: ({ code, userId, action }) => ({
          url: consolePath(CONSOLE_PATHS.storeUserAction, code, { userId, action }),
          method: 'POST',
        }),
        invalidatesTags: ['ConsoleUsers', 'ConsoleUser', 'ConsoleAudit'],
      }),
      deleteUser: build.mutation<unknown, UserRef>({
        query: ({ code, userId }) => ({
          url: consolePath(CONSOLE_PATHS.storeUser, code, { userId }),
          method: 'DELETE',
        }),
        invalidatesTags: ['ConsoleUsers', 'ConsoleAudit'],
      }),
    }),
  });

// The list and the user show their failures in place; the actions toast theirs in the reader's words
// (user-detail.tsx: the contract's error codes, e.g. 409 own_account).
silenceErrorToasts('listUsers', 'getUser', 'actOnUser', 'deleteUser');

export const { useListUsersQuery, useGetUserQuery, useActOnUserMutation, useDeleteUserMutation } =
  consoleUsersApi;
