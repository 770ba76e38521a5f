import { CONSOLE_PATHS, type ConsoleStoreDefinition } from '@trackwell/contracts';
import { api } from '../../../lib/api.ts';
import { silenceErrorToasts } from '../../../lib/api-error-toasts.ts';

export type ConsoleStoreSummary = { code: string; name: string; canonicalHost: string; hosts: string[] };

/** A console path with its `:code` filled in. */
export const storePath = (path: string, code: string) => path.replace(':code', encodeURIComponent(code));

/** The stores the signed-in user may run, and one store's definition. */
export const consoleStoresApi = api
  .enhanceEndpoints({ addTagTypes: ['ConsoleStores', 'ConsoleStore'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listConsoleStores: build.query<ConsoleStoreSummary[], void>({
        query: () => ({ url: CONSOLE_PATHS.stores }),
        transformResponse: (body: { stores: ConsoleStoreSummary[] }) => body.stores,
        providesTags: ['ConsoleStores'],
      }),
      getConsoleStore: build.query<ConsoleStoreDefinition, string>({
        query: (code) => ({ url: storePath(CONSOLE_PATHS.store, code) }),
        providesTags: (_result, _error, code) => [{ type: 'ConsoleStore', id: code }],
      }),
    }),
  });

// The screens show these failures in place, with "Try again" (components/console-load-error.tsx).
silenceErrorToasts('listConsoleStores', 'getConsoleStore');

export const { useListConsoleStoresQuery, useGetConsoleStoreQuery } = consoleStoresApi;
