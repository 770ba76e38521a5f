import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** A refused save as the form shows it: the fields the server named (paths without `body.`), and its message. */
export type FieldErrors = { message?: string; fields: Record<string, string> };

export const NO_ERRORS: FieldErrors = { fields: {} };

/**
 * The console's 400 answers name fields as `{ issues: [{ path: 'body.config.ui.contactUrl', message }] }`; a
 * 409 names the code. Paths lose their `body.` prefix, so they read as the definition's own (`config.ui.…`).
 */
export function fieldErrorsOf(error: unknown): FieldErrors {
  const e = error as FetchBaseQueryError | undefined;
  const data = (e && 'data' in e ? e.data : undefined) as
    | { message?: string; error?: string; issues?: Array<{ path: string; message: string }> }
    | undefined;
  const fields: Record<string, string> = {};
  for (const issue of data?.issues ?? []) {
    const path = issue.path.replace(/^body\.?/, '');
    fields[path] = fields[path] ? `${fields[path]}; ${issue.message}` : issue.message;
  }
  return { message: data?.message, fields };
}

/** The error of `path` itself, or of anything inside it (`hosts` also shows `hosts.1`'s). */
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  const own = errors.fields[path];
  if (own) return own;
  const inner = Object.entries(errors.fields).filter(([p]) => p.startsWith(`${path}.`));
  return inner.length > 0 ? inner.map(([, m]) => m).join('; ') : undefined;
}
