import { configureStore } from '@reduxjs/toolkit';
import type { i18n } from 'i18next';
import { type ApiContext, api } from './api.ts';
import { apiErrorToasts } from './api-error-toasts.ts';

/**
 * The Redux store: RTK Query's cache, its middleware, and the error toasts of spec §8. `context` is what the
 * calls need from outside Redux (the tenant, the access token); the shell and the sign-in feature fill it in.
 */
export function createStore({ context = {}, i18n }: { context?: ApiContext; i18n?: i18n } = {}) {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: context } }).concat(
        api.middleware,
        apiErrorToasts((error) => {
          if (!i18n) return;
          // The toasts library and the error's words load once a call has failed, after the first screen.
          void Promise.all([import('./notify.ts'), import('./api-errors.ts')]).then(
            ([{ notify }, { describeApiError }]) => notify.error(describeApiError(error, i18n.t)),
          );
        }),
      ),
  });
  return Object.assign(store, { apiContext: context });
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
