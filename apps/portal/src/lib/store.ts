import { configureStore } from '@reduxjs/toolkit';
import type { i18n } from 'i18next';
import { type ApiContext, api } from './api.ts';
import { apiErrorToasts, describeApiError } from './api-errors.ts';

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
          const message = describeApiError(error, i18n.t);
          // The toasts library loads with the toaster, after the first screen.
          void import('./notify.ts').then(({ notify }) => notify.error(message));
        }),
      ),
  });
  return Object.assign(store, { apiContext: context });
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
