import {
  CONSOLE_IDENTITY_KEY_ROTATION_PATH,
  CONSOLE_IDENTITY_KEYS_PATH,
  type ConsoleIdentityKeys,
} from '@trackwell/contracts';
import { silenceErrorToasts } from '../../../lib/api-error-toasts.ts';
import { consoleStoresApi, storePath } from '../api/stores.ts';

/** The store's identity signing keys: read their states, start a rotation. */
const identityKeysApi = consoleStoresApi
  .enhanceEndpoints({ addTagTypes: ['StoreIdentityKeys'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getStoreIdentityKeys: build.query<ConsoleIdentityKeys, string>({
        query: (code) => ({ url: storePath(CONSOLE_IDENTITY_KEYS_PATH, code) }),
        providesTags: (_result, _error, code) => [{ type: 'StoreIdentityKeys', id: code }],
      }),
      rotateStoreIdentityKeys: build.mutation<ConsoleIdentityKeys, string>({
        query: (code) => ({ url: storePath(CONSOLE_IDENTITY_KEY_ROTATION_PATH, code), method: 'POST' }),
        // The answer is the keys' new states: it replaces the cached ones.
        async onQueryStarted(code, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
          if (data) dispatch(identityKeysApi.util.upsertQueryData('getStoreIdentityKeys', code, data));
        },
      }),
    }),
  });

// The panel says a load or rotation failure in place.
silenceErrorToasts('getStoreIdentityKeys', 'rotateStoreIdentityKeys');

export const { useGetStoreIdentityKeysQuery, useRotateStoreIdentityKeysMutation } = identityKeysApi;
