import {
  type CatalogColumnMapping,
  type CatalogMappingAnswer,
  CONSOLE_BASE,
  CONSOLE_CATALOG_PATHS,
  type ImportTotals,
} from '@trackwell/contracts';
import { api } from '../../../../lib/api.ts';
import { silenceErrorToasts } from '../../../../lib/api-error-toasts.ts';
import { storePath } from '../../api/stores.ts';

/** The console's standards (browse, search, edit): `…/stores/:code/catalog/standards[/:contentCode]`. */
export const CONSOLE_STANDARD_PATHS = {
  standards: `${CONSOLE_BASE}/stores/:code/catalog/standards`,
  standard: `${CONSOLE_BASE}/stores/:code/catalog/standards/:contentCode`,
} as const;

export type ImportRun = { id: string; outcome: string; totals: ImportTotals; startedAt: string };

/** As the console-api branch's contracts (console-standards.ts) answer it. */
export type ConsoleStandard = {
  contentCode: string;
  assetId: string;
  designation: string;
  title: string;
  status: 'active' | 'withdrawn' | 'historical';
  edition: string;
  /** Release date, YYYY-MM-DD. */
  publishedOn: string;
  committee: { designation: string; title: string };
  publisher: { code: string; name: string };
  /** Named by the catalogue row, or `derived` from its ICS codes by the store's ICS mapping. */
  industryAreas: { marketingCode: string; name: string; derived: boolean }[];
  icsCodes: string[];
};
export type StandardPage = { standards: ConsoleStandard[]; nextCursor: string | null; total?: number };
/**
 * The list's query: the first page by designation (the picker), or a numbered page (1-based `page`) in a sort
 * of the contracts (`-` before it: descending), as the standards table asks.
 */
export type StandardPageArgs = { code: string; q: string; page?: number; limit?: number; sort?: string };
export type StandardPatch = Partial<
  Pick<ConsoleStandard, 'title' | 'status' | 'edition' | 'publishedOn' | 'icsCodes'> & {
    committeeDesignation: string;
  }
>;
/** The saved standard, and the change event the edit recorded (trackers are told), if any. */
export type StandardPatched = {
  standard: ConsoleStandard;
  event: { kind: string; recipients?: number } | null;
};

const standardPath = (code: string, contentCode: string) =>
  storePath(CONSOLE_STANDARD_PATHS.standard, code).replace(':contentCode', encodeURIComponent(contentCode));

/** The catalogue's import runs and its standards; the file uploads are lib/upload.ts. */
export const consoleCatalogApi = api
  .enhanceEndpoints({ addTagTypes: ['ConsoleImportRuns', 'ConsoleStandards'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listCatalogImportRuns: build.query<ImportRun[], string>({
        query: (code) => ({ url: storePath(CONSOLE_CATALOG_PATHS.imports, code) }),
        transformResponse: (body: { runs: ImportRun[] }) => body.runs,
        providesTags: (_r, _e, code) => [{ type: 'ConsoleImportRuns', id: code }],
      }),
      listCatalogStandards: build.query<StandardPage, StandardPageArgs>({
        query: ({ code, q, page, limit, sort }) => ({
          url: storePath(CONSOLE_STANDARD_PATHS.standards, code),
          params: {
            limit: limit ?? 25,
            ...(page ? { page } : {}),
            ...(sort ? { sort } : {}),
            ...(q ? { q } : {}),
          },
        }),
        providesTags: (_r, _e, { code }) => [{ type: 'ConsoleStandards', id: code }],
      }),
      patchCatalogStandard: build.mutation<
        StandardPatched,
        { code: string; contentCode: string; patch: StandardPatch }
      >({
        query: ({ code, contentCode, patch }) => ({
          url: standardPath(code, contentCode),
          method: 'PATCH',
          body: patch,
        }),
        invalidatesTags: (_r, _e, { code }) => [{ type: 'ConsoleStandards', id: code }],
      }),
      /** Saves the store's column mapping; the import then reads the file with `?mapping=saved`. */
      saveCatalogImportMapping: build.mutation<
        CatalogMappingAnswer,
        { code: string; mapping: CatalogColumnMapping }
      >({
        query: ({ code, mapping }) => ({
          url: storePath(CONSOLE_CATALOG_PATHS.importMapping, code),
          method: 'PUT',
          body: mapping,
        }),
      }),
    }),
  });

// The screens show these failures in place (the list with "Try again", the form beside its fields).
silenceErrorToasts(
  'listCatalogImportRuns',
  'listCatalogStandards',
  'patchCatalogStandard',
  'saveCatalogImportMapping',
);

export const {
  useListCatalogImportRunsQuery,
  useListCatalogStandardsQuery,
  usePatchCatalogStandardMutation,
  useSaveCatalogImportMappingMutation,
} = consoleCatalogApi;

/** After an import was applied: the runs and the standards are read again. */
export const importApplied = (code: string) =>
  consoleCatalogApi.util.invalidateTags([
    { type: 'ConsoleImportRuns', id: code },
    { type: 'ConsoleStandards', id: code },
  ]);
