import { CONSOLE_FORECAST_PATHS, type ForecastRule, type ForecastRulesAnswer } from '@trackwell/contracts';
import { silenceErrorToasts } from '../../../lib/api-error-toasts.ts';
import { consoleStoresApi, storePath } from '../api/stores.ts';

/** The store's review-forecast rules per publisher: read them (with the defaults), replace them. */
const forecastRulesApi = consoleStoresApi
  .enhanceEndpoints({ addTagTypes: ['ForecastRules'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getForecastRules: build.query<ForecastRulesAnswer, string>({
        query: (code) => ({ url: storePath(CONSOLE_FORECAST_PATHS.rules, code) }),
        providesTags: (_result, _error, code) => [{ type: 'ForecastRules', id: code }],
      }),
      saveForecastRules: build.mutation<ForecastRulesAnswer, { code: string; rules: ForecastRule[] }>({
        query: ({ code, rules }) => ({
          url: storePath(CONSOLE_FORECAST_PATHS.rules, code),
          method: 'PUT',
          body: { rules },
        }),
        // The answer is the saved rules: it replaces the cached ones.
        async onQueryStarted({ code }, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
          if (data) dispatch(forecastRulesApi.util.upsertQueryData('getForecastRules', code, data));
        },
      }),
    }),
  });

// The screen shows its load error in place, and a refused save beside the rows it names.
silenceErrorToasts('getForecastRules', 'saveForecastRules');

export const { useGetForecastRulesQuery, useSaveForecastRulesMutation } = forecastRulesApi;
