import {
  CATALOG_IMPORT_MAX_BYTES,
  CATALOG_IMPORT_ROWS_SHOWN,
  CATALOG_IMPORT_ZIP_LIMITS,
  type CatalogColumnMapping,
  type CatalogImportFormat,
  type CatalogImportKind,
  CONSOLE_CATALOG_PATHS,
  catalogImportAnswer,
  catalogImportDryRunAnswer,
  catalogImportQuery,
  catalogImportRunAnswer,
  errorEnvelope,
  type ImportRowOutcome,
  type ImportTotals,
  type ParsedCatalogImport,
  storeCodeParams,
  XLSX_TYPE,
} from '@trackwell/contracts';
import { dryRunCatalogImport, findCatalogImportMapping, listCatalogImportRuns } from '@trackwell/db';
import type { ParsedZipBatch } from '@trackwell/db/catalog-import';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../http/errors.ts';
import { asTheUsersOneImport } from '../../http/one-import-per-user.ts';
import { consoleCaller, consoleStore } from './caller.ts';
import { importCatalog } from './catalog-commands.ts';
import { type ConsoleApp, consoleDocs, consoleErrors } from './schemas.ts';

/**
 * The catalogue import: the file is the request body, CSV (`text/csv`), an Excel workbook's first sheet
 * (XLSX: read as the CSV is), NISO STS XML (`application/xml`, `text/xml`) or a ZIP of STS files
 * (`application/zip`: a batch, with an outcome per file); a CSV or XLSX export written by others is read
 * through the store's saved column mapping with `?mapping=saved` (catalog-mapping-routes.ts). At most CATALOG_IMPORT_MAX_BYTES (413 beyond, before it is read; a ZIP's compressed bytes, its
 * inflated ones bounded by CATALOG_IMPORT_ZIP_LIMITS as they are read). The dry
 * run says what each row would do and writes nothing; the import applies the file (all or nothing unless
 * `skipBadRows`), records the change events its edition and status changes make, queues their e-mails and
 * is audited. The parsing, planning and writing are `@trackwell/db`'s (catalog-import).
 */
const FORMATS: Record<string, CatalogImportFormat> = {
  'text/csv': 'csv',
  'application/xml': 'sts',
  'text/xml': 'sts',
  'application/zip': 'zip',
  // What Windows browsers send for a .zip file.
  'application/x-zip-compressed': 'zip',
  [XLSX_TYPE]: 'xlsx',
};
const MIB = 1024 * 1024;

/** The file readers (saxes, csv-parse, yauzl, fflate and ours): loaded by the first import, not at start. */
const catalogParsers = () => import('@trackwell/db/catalog-import');

const uploadErrors = {
  413: errorEnvelope.meta({
    description: `The file (a ZIP: compressed) is larger than ${CATALOG_IMPORT_MAX_BYTES} bytes.`,
  }),
  415: errorEnvelope.meta({
    description: `Send the file as text/csv, ${XLSX_TYPE}, application/xml, text/xml or application/zip.`,
  }),
  409: errorEnvelope.meta({ description: 'Another import of yours is still being read: one at a time.' }),
};

const unsupported = () =>
  new HttpError(
    415,
    'unsupported_media_type',
    `Send the file itself as the body: text/csv for CSV, ${XLSX_TYPE} for XLSX, ` +
      'application/xml for NISO STS XML, application/zip for a ZIP of STS files.',
  );

/** What the OpenAPI reference says of a ZIP batch (the limits are the contracts'). */
const ZIP_DOCS =
  ` A ZIP (application/zip) is a batch of STS files: each .xml entry is read (others are skipped, ` +
  `directories, __MACOSX/ and dot files ignored) and \`files\` gives each entry's outcome; rows and errors ` +
  `name their \`file\`. The batch is refused whole (complete: false, nothing applied) when the archive is ` +
  `corrupt or encrypted, holds more than ${CATALOG_IMPORT_ZIP_LIMITS.entries} entries, or inflates past ` +
  `${CATALOG_IMPORT_ZIP_LIMITS.fileBytes / MIB} MiB in one file or ${CATALOG_IMPORT_ZIP_LIMITS.totalBytes / MIB} MiB ` +
  `in all (counted on the inflated bytes, not the sizes the archive declares); a file that is malformed or ` +
  `not in the encoding it declares is refused, and the batch with it.`;

/** The uploaded file and its format, from the request's content type (the parser below kept it as bytes). */
export function uploadedFile(request: FastifyRequest): { format: CatalogImportFormat; bytes: Buffer } {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const format = FORMATS[type];
  if (!format || !Buffer.isBuffer(request.body)) throw unsupported();
  return { format, bytes: request.body };
}

type ImportQuery = { kind?: CatalogImportKind; mapping?: 'saved' };

/** The store's saved mapping, when the query asks for it (400 when it asks and none is saved, or for STS). */
async function mappingOf(
  app: ConsoleApp,
  request: FastifyRequest,
  format: CatalogImportFormat,
  query: ImportQuery,
): Promise<CatalogColumnMapping | undefined> {
  if (query.mapping !== 'saved') return undefined;
  if (format !== 'csv' && format !== 'xlsx')
    throw badRequest('A column mapping reads CSV or XLSX files only.', [
      { path: 'querystring.mapping', message: 'a column mapping reads CSV or XLSX files only' },
    ]);
  const saved = await findCatalogImportMapping(app.db, consoleStore(request).id);
  if (!saved)
    throw badRequest('The store has no saved column mapping: save one first (PUT …/imports/mapping).', [
      { path: 'querystring.mapping', message: 'no saved column mapping' },
    ]);
  return saved.mapping;
}

async function parse(
  app: ConsoleApp,
  request: FastifyRequest,
  file: { format: CatalogImportFormat; bytes: Buffer },
  query: ImportQuery,
): Promise<ParsedCatalogImport | ParsedZipBatch> {
  const mapping = await mappingOf(app, request, file.format, query);
  const options = { ...(query.kind ? { kind: query.kind } : {}), ...(mapping ? { mapping } : {}) };
  const { parseCatalogCsv, parseCatalogXlsx, parseStsFile, parseStsZip } = await catalogParsers();
  switch (file.format) {
    case 'zip':
      return parseStsZip(file.bytes);
    case 'sts':
      return parseStsFile(file.bytes);
    case 'xlsx':
      return parseCatalogXlsx(file.bytes, options);
    case 'csv':
      return parseCatalogCsv(file.bytes, options);
  }
}

/** A batch's outcome per file, for the answer (a single file has none). */
const filesOf = (parsed: ParsedCatalogImport | ParsedZipBatch) =>
  'files' in parsed ? { files: parsed.files } : {};

/** The dry run's answer: totals, the rows shown, a batch's files, the records a mapping left out. */
async function presentDryRun(
  format: CatalogImportFormat,
  parsed: ParsedCatalogImport | ParsedZipBatch,
  dryRun: { rows: ImportRowOutcome[]; totals: ImportTotals },
) {
  const { withRowFiles } = await catalogParsers();
  const rows = shownRows(withRowFiles(dryRun.rows, parsed));
  const leftOut = leftOutCount(parsed, dryRun.rows);
  return {
    format,
    complete: parsed.complete,
    totals: dryRun.totals,
    rows,
    rowsShown: rows.length,
    ...filesOf(parsed),
    ...(leftOut > 0 ? { leftOut } : {}),
  };
}

/** Records the parser left out with a warning (a mapped export's projects): they have no outcome. */
function leftOutCount(parsed: ParsedCatalogImport, outcomes: ImportRowOutcome[]) {
  const withOutcome = new Set(outcomes.map((o) => o.row));
  return new Set(
    (parsed.warnings ?? []).filter((w) => w.row > 0 && !withOutcome.has(w.row)).map((w) => w.row),
  ).size;
}

/** The outcomes an answer shows: refused rows first (what needs fixing), then the rest, in file order. */
function shownRows(rows: ImportRowOutcome[]): ImportRowOutcome[] {
  const refused = rows.filter((r) => r.outcome === 'error');
  const others = rows.filter((r) => r.outcome !== 'error');
  return [...refused, ...others].slice(0, CATALOG_IMPORT_ROWS_SHOWN);
}

export function registerCatalogImportRoutes(app: ConsoleApp) {
  // The file is the body: kept as bytes (these routes only), with its own size limit.
  app.addContentTypeParser(
    Object.keys(FORMATS),
    { parseAs: 'buffer', bodyLimit: CATALOG_IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  const importSchema = {
    ...consoleDocs,
    params: storeCodeParams,
    querystring: catalogImportQuery,
    consumes: Object.keys(FORMATS),
  };

  app.post(
    CONSOLE_CATALOG_PATHS.importDryRun,
    {
      config: { consoleAction: 'catalog.edit' },
      schema: {
        ...importSchema,
        summary:
          'Check a catalogue file: what each row would do (new, changed, unchanged, error); nothing is written',
        description: `The file is the body.${ZIP_DOCS}`,
        response: { 200: catalogImportDryRunAnswer, ...consoleErrors, ...uploadErrors },
      },
    },
    async (request) => {
      const file = uploadedFile(request);
      return asTheUsersOneImport(consoleCaller(request).user, async () => {
        const parsed = await parse(app, request, file, request.query);
        const dryRun = await dryRunCatalogImport(app.db, consoleStore(request).id, parsed);
        return presentDryRun(file.format, parsed, dryRun);
      });
    },
  );

  app.post(
    CONSOLE_CATALOG_PATHS.imports,
    {
      config: { consoleAction: 'catalog.edit' },
      schema: {
        ...importSchema,
        summary:
          'Import a catalogue file: applied whole (or its valid rows with skipBadRows); its changes are e-mailed',
        description: `The file is the body.${ZIP_DOCS}`,
        response: { 200: catalogImportAnswer, ...consoleErrors, ...uploadErrors },
      },
    },
    async (request) => {
      const file = uploadedFile(request);
      return asTheUsersOneImport(consoleCaller(request).user, async () => {
        const parsed = await parse(app, request, file, request.query);
        return importAndPresent(app, request, file.format, parsed, request.query.skipBadRows === 'true');
      });
    },
  );

  app.get(
    CONSOLE_CATALOG_PATHS.imports,
    {
      config: { consoleAction: 'catalog.edit' },
      schema: {
        ...consoleDocs,
        summary: "The store's latest catalogue imports",
        params: storeCodeParams,
        response: { 200: catalogImportRunAnswer, ...consoleErrors },
      },
    },
    async (request) => {
      const runs = await listCatalogImportRuns(app.db, consoleStore(request).id, 50);
      return {
        runs: runs.map((r) => ({ id: r.id, outcome: r.outcome, totals: r.totals, startedAt: r.startedAt })),
      };
    },
  );
}

/** Imports the file (catalog-commands.ts) and presents the run. */
async function importAndPresent(
  app: ConsoleApp,
  request: FastifyRequest,
  format: CatalogImportFormat,
  parsed: ParsedCatalogImport | ParsedZipBatch,
  skipBadRows: boolean,
) {
  const run = await importCatalog(
    { db: app.db, notifications: app.notifications, log: request.log },
    consoleStore(request),
    consoleCaller(request).user,
    { format, parsed, skipBadRows },
  );
  const { withErrorFiles } = await catalogParsers();
  return {
    runId: run.runId,
    format,
    outcome: run.outcome,
    ...(run.message ? { message: run.message } : {}),
    totals: run.totals,
    errors: withErrorFiles(run.errors.slice(0, CATALOG_IMPORT_ROWS_SHOWN), parsed),
    events: run.events.length,
    recipients: run.events.reduce((sum, e) => sum + e.recipients, 0),
    ...filesOf(parsed),
  };
}
