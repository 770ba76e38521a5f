import { CONSOLE_PATHS, type ConsoleAuditEntry } from '@trackwell/contracts';
import { api } from '../../../../lib/api.ts';
import { silenceErrorToasts } from '../../../../lib/api-error-toasts.ts';
import { consolePath } from './paths.ts';

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

/** One numbered page of the log (newest first) and every matching entry's count, for "page N of M". */
export type AuditPage = { entries: ConsoleAuditEntry[]; total: number };

/** A store's audit log, or every store's, one numbered page at a time (`page`: 1 = the newest). */
export const consoleAuditApi = api.enhanceEndpoints({ addTagTypes: ['ConsoleAudit'] }).injectEndpoints({
  endpoints: (build) => ({
    listAudit: build.query<
      AuditPage,
      { code?: string | undefined; filters: AuditFilters; page: number; limit: number }
    >({
      query: ({ code, filters, page, limit }) => ({
        url: auditUrl(code),
        params: { ...auditParams(filters), page, limit },
      }),
      transformResponse: (answer: { entries: ConsoleAuditEntry[]; total?: number }) => ({
        entries: answer.entries,
        total: answer.total ?? answer.entries.length,
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
