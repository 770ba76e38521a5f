import { CONSOLE_PATHS, type ConsoleAuditEntry } from '@trackwell/contracts';
import { api } from '../../../../lib/api.ts';
import { silenceErrorToasts } from '../../../../lib/api-error-toasts.ts';
import { consolePath, type Page, withCursor } from './paths.ts';

/** The audit log's filters (consoleAuditQuery), as the screen's form holds them (`from`/`to`: ISO instants). */
export type AuditFilters = { actor?: string; action?: string; from?: string; to?: string };

/** The filters as query parameters: empty ones left out. */
export function auditParams(filters: AuditFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && !!entry[1],
    ),
  );
}

/** A store's audit log, one page at a time (issue 14 §5). */
export const consoleAuditApi = api.enhanceEndpoints({ addTagTypes: ['ConsoleAudit'] }).injectEndpoints({
  endpoints: (build) => ({
    listAudit: build.query<
      Page<'entries', ConsoleAuditEntry>,
      { code: string; filters: AuditFilters; cursor?: string }
    >({
      query: ({ code, filters, cursor }) => ({
        url: consolePath(CONSOLE_PATHS.storeAudit, code),
        params: { ...auditParams(filters), limit: 25, ...withCursor(cursor) },
      }),
      providesTags: ['ConsoleAudit'],
    }),
    /** Every matching entry as CSV (the API's export, with the bearer token like every call): its text. */
    exportAuditCsv: build.mutation<string, { code: string; filters: AuditFilters }>({
      query: ({ code, filters }) => ({
        url: consolePath(CONSOLE_PATHS.storeAudit, code),
        params: { ...auditParams(filters), format: 'csv' },
        headers: { accept: 'text/csv' },
        // The CSV as text; a refusal is the API's JSON error (its message is shown).
        responseHandler: (response: Response) =>
          response.ok ? response.text() : response.json().catch(() => response.statusText),
      }),
    }),
  }),
});

silenceErrorToasts('listAudit', 'exportAuditCsv');

export const { useListAuditQuery, useExportAuditCsvMutation } = consoleAuditApi;
