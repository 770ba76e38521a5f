import { isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';

/*
 * The error toasts of spec §8, as Redux middleware. The words of a toast (./api-errors.ts) load with the
 * toaster, once a call has failed: neither is in the first download.
 */

/** Endpoints whose failures are not toasted (spec §8 "Unsubscribe failures are only logged"). */
const silentEndpoints = new Set<string>();
export function silenceErrorToasts(...endpointNames: string[]): void {
  for (const name of endpointNames) silentEndpoints.add(name);
}

/**
 * Toasts every failed query and mutation once (spec §8), and logs the silenced ones. `notifyError` is given the
 * readable message; the store wires it to the toaster with the current translations.
 */
export function apiErrorToasts(notifyError: (error: unknown) => void): Middleware {
  return () => (next) => (action) => {
    if (isRejectedWithValue(action)) {
      const endpoint = (action.meta as { arg?: { endpointName?: string } }).arg?.endpointName ?? '';
      if (silentEndpoints.has(endpoint)) console.warn(`[api] ${endpoint} failed`, action.payload);
      else notifyError(action.payload);
    }
    return next(action);
  };
}
