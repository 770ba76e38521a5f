import { isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { TFunction } from 'i18next';

/**
 * spec §8 as people read it: an error toast says what went wrong in words, never raw JSON.
 * - a non-'200' envelope or an error answer with data: its `message` (our services always send one), else the
 *   HTTP status and its text;
 * - FETCH_ERROR (no answer), PARSING_ERROR (an answer that is not what was expected), TIMEOUT_ERROR: a
 *   translated sentence;
 * - a thrown Error: its message.
 */
export function describeApiError(error: unknown, t: TFunction): string {
  if (error instanceof Error) return error.message;
  if (typeof error !== 'object' || error === null) return t('errors.unexpected');
  const e = error as FetchBaseQueryError & { statusText?: string };
  if (e.status === 'FETCH_ERROR') return t('errors.network');
  if (e.status === 'PARSING_ERROR') return t('errors.parsing');
  if (e.status === 'TIMEOUT_ERROR') return t('errors.timeout');
  if (e.status === 'CUSTOM_ERROR') return e.error || t('errors.unexpected');
  const data = (e as { data?: unknown }).data;
  if (typeof data === 'string' && data.trim()) return data;
  if (typeof data === 'object' && data !== null) {
    const message =
      (data as { message?: unknown }).message ?? (data as { errorSummary?: unknown }).errorSummary;
    if (typeof message === 'string' && message.trim()) return message;
  }
  if (typeof e.status === 'number')
    return t('errors.status', { status: e.status, text: e.statusText ?? '' }).trim();
  return t('errors.unexpected');
}

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
