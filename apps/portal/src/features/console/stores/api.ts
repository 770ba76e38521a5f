import {
  CONSOLE_IDENTITY_TEST_PATH,
  CONSOLE_LOGO_PATH,
  CONSOLE_PATHS,
  type ConsoleStoreCreate,
  type ConsoleStoreDefinition,
  type ConsoleStorePatch,
} from '@trackwell/contracts';
import { silenceErrorToasts } from '../../../lib/api-error-toasts.ts';
import { consoleStoresApi, storePath } from '../api/stores.ts';

/** The identity provider check and the logo upload. */
export const STORE_PATHS = { identityTest: CONSOLE_IDENTITY_TEST_PATH, logo: CONSOLE_LOGO_PATH } as const;

/** What "Test connection" answers: the discovery document's endpoints, or why it could not be read. */
export type IdentityTestAnswer =
  | { ok: true; issuer: string; authorizationEndpoint: string; tokenEndpoint: string; jwksUri: string }
  | { ok: false; reason: string };

/** The logo types the upload takes. */
export const LOGO_TYPES = ['image/svg+xml', 'image/png', 'image/jpeg'] as const;

/** Create a store, change one (merge patch), check an issuer, upload a logo. */
const storeEditApi = consoleStoresApi.injectEndpoints({
  endpoints: (build) => ({
    createConsoleStore: build.mutation<ConsoleStoreDefinition, ConsoleStoreCreate>({
      query: (body) => ({ url: CONSOLE_PATHS.stores, method: 'POST', body }),
      invalidatesTags: ['ConsoleStores'],
    }),
    patchConsoleStore: build.mutation<ConsoleStoreDefinition, { code: string; patch: ConsoleStorePatch }>({
      query: ({ code, patch }) => ({
        url: storePath(CONSOLE_PATHS.store, code),
        method: 'PATCH',
        body: patch,
      }),
      // The answer is the saved definition: it replaces the cached one; the list shows names and hosts.
      async onQueryStarted({ code }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(consoleStoresApi.util.upsertQueryData('getConsoleStore', code, data));
      },
      invalidatesTags: (result) => (result ? ['ConsoleStores'] : []),
    }),
    testStoreIdentity: build.mutation<IdentityTestAnswer, { code: string; issuer: string }>({
      query: ({ code, issuer }) => ({
        url: storePath(STORE_PATHS.identityTest, code),
        method: 'POST',
        body: { issuer },
      }),
    }),
    uploadStoreLogo: build.mutation<unknown, { code: string; file: Blob; type: string }>({
      query: ({ code, file, type }) => ({
        url: storePath(STORE_PATHS.logo, code),
        method: 'PUT',
        body: file,
        headers: { 'content-type': type },
      }),
      invalidatesTags: (_result, error, { code }) => (error ? [] : [{ type: 'ConsoleStore', id: code }]),
    }),
  }),
});

// Each screen shows these failures beside the fields they concern.
silenceErrorToasts('createConsoleStore', 'patchConsoleStore', 'testStoreIdentity', 'uploadStoreLogo');

export const {
  useCreateConsoleStoreMutation,
  usePatchConsoleStoreMutation,
  useTestStoreIdentityMutation,
  useUploadStoreLogoMutation,
} = storeEditApi;
