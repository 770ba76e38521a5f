import { CONSOLE_PATHS, type ConsoleAuditEntry } from '@trackwell/contracts';
import { api } from '../../../../lib/api.ts';
import { silenceErrorToasts } from '../../../../lib/api-error-toasts.ts';
import { consolePath, type Page, withCursor } from './paths.ts';

/**
 * The audit log's filters (consoleAuditQuery), as the screen's form holds them (`from`/`to`: ISO instants;
 * `store`: a store's code, in the operators' log of every store).
 */
export type AuditFilters = { actor?: string; action?: string; from?: string; to?: string; store?: string };

/** A store's log, or (no code: platform operators only) the log of every store. */
const auditUrl = (code: string | undefined) =>
  code ? consolePath(CONSOLE_PATHS.storeAudit, code) : CONSOLE_PATHS.audit;

/** The filters as query parameters: empty ones left out. */
export function auditParams(filters: AuditFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && !!entry[1],
    ),
  );
}

/** A store's audit log, or every store's, one page at a time. */
export const consoleAuditApi = api.enhanceEndpoints({ addTagTypes: ['ConsoleAudit'] }).injectEndpoints({
  endpoints: (build) => ({
    listAudit: build.query<
      Page<'entries', ConsoleAuditEntry>,
      { code?: string | undefined; filters: AuditFilters; cursor?: string }
    >({
      query: ({ code, filters, cursor }) => ({
        url: auditUrl(code),
        params: { ...auditParams(filters), limit: 25, ...withCursor(cursor) },
      }),
      providesTags: ['ConsoleAudit'],
    }),
    /** Every matching entry as CSV (the API's export, with the bearer token like every call): its text. */
    exportAuditCsv: build.mutation<string, { code?: string | undefined; filters: AuditFilters }>({
      query: ({ code, filters }) => ({
        url: auditUrl(code),
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
