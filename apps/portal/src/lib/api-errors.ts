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
