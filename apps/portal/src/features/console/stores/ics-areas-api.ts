import { CONSOLE_ICS_PATHS, type IcsAreaMapping, type IcsAreaMappingAnswer } from '@trackwell/contracts';
import { silenceErrorToasts } from '../../../lib/api-error-toasts.ts';
import { consoleStoresApi, storePath } from '../api/stores.ts';

/** The store's mapping of ICS prefixes to its industry areas: read it (with the areas), replace it. */
const icsAreasApi = consoleStoresApi.enhanceEndpoints({ addTagTypes: ['IcsAreaMapping'] }).injectEndpoints({
  endpoints: (build) => ({
    getIcsAreaMapping: build.query<IcsAreaMappingAnswer, string>({
      query: (code) => ({ url: storePath(CONSOLE_ICS_PATHS.areaMapping, code) }),
      providesTags: (_result, _error, code) => [{ type: 'IcsAreaMapping', id: code }],
    }),
    saveIcsAreaMapping: build.mutation<IcsAreaMappingAnswer, { code: string; mapping: IcsAreaMapping }>({
      query: ({ code, mapping }) => ({
        url: storePath(CONSOLE_ICS_PATHS.areaMapping, code),
        method: 'PUT',
        body: mapping,
      }),
      // The answer is the saved mapping: it replaces the cached one.
      async onQueryStarted({ code }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(icsAreasApi.util.upsertQueryData('getIcsAreaMapping', code, data));
      },
    }),
  }),
});

// The screen shows its load error in place, and a refused save beside the rows it names.
silenceErrorToasts('getIcsAreaMapping', 'saveIcsAreaMapping');

export const { useGetIcsAreaMappingQuery, useSaveIcsAreaMappingMutation } = icsAreasApi;
