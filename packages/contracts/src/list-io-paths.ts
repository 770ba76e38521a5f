/*
 * Bring and take your list, without zod: the paths, limits and file types the tracker page's
 * lazily loaded import dialog and export menu name, so they pull no schema into a shared chunk.
 */
export const LIST_IO_PATHS = {
  /** POST the file itself as the body: the report, nothing tracked. */
  importPreview: '/api/tracker/v1/list-import/preview',
  /** POST { assetIds }: track the chosen standards in one call. */
  importTrack: '/api/tracker/v1/list-import/track',
  /** GET ?format=csv|xlsx: the user's tracked standards as a file. */
  export: '/api/tracker/v1/list-export',
} as const;

/** The largest file an import accepts (413 beyond, before it is read). */
export const LIST_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** The most rows (header excluded) an import reads (413 beyond). */
export const LIST_IMPORT_MAX_ROWS = 5000;
/** The most columns a file's header may have. */
export const LIST_IMPORT_MAX_COLUMNS = 100;

export const CSV_TYPE = 'text/csv';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const LIST_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ListExportFormat = (typeof LIST_EXPORT_FORMATS)[number];
