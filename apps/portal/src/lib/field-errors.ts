import type { TFunction } from 'i18next';
import { describeApiError } from './api-errors.ts';

type Issue = { path?: unknown; message?: unknown };

/**
 * The message a failed call gives about `field` (its 400 answer's `issues`, e.g. `body.label`), or,
 * when no issue names a field of the form, the answer's own message for `fallbackField`: the form shows it
 * next to the field it is about.
 */
export function fieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  fallbackField: F,
  t: TFunction,
): Partial<Record<F, string>> {
  if (!error) return {};
  const data = (error as { data?: { issues?: Issue[] } }).data;
  const issues = Array.isArray(data?.issues) ? data.issues : [];
  const out: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = fields.find((f) => typeof issue.path === 'string' && issue.path.split('.').includes(f));
    if (field && typeof issue.message === 'string' && !out[field]) out[field] = issue.message;
  }
  if (Object.keys(out).length === 0) out[fallbackField] = describeApiError(error, t);
  return out;
}
