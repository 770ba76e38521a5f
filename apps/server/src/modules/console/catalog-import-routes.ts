import {
  CATALOG_IMPORT_MAX_BYTES,
  CATALOG_IMPORT_ROWS_SHOWN,
  type CatalogImportKind,
  CONSOLE_CATALOG_PATHS,
  catalogImportAnswer,
  catalogImportDryRunAnswer,
  catalogImportQuery,
  catalogImportRunAnswer,
  errorEnvelope,
  type ImportRowOutcome,
  type ParsedCatalogImport,
  storeCodeParams,
} from '@trackwell/contracts';
import { dryRunCatalogImport, listCatalogImportRuns, parseCatalogCsv, parseStsXml } from '@trackwell/db';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import { consoleCaller, consoleStore } from './caller.ts';
import { importCatalog } from './catalog-commands.ts';
import { type ConsoleApp, consoleDocs, consoleErrors } from './schemas.ts';

/**
 * The catalogue import: the file is the request body, CSV (`text/csv`) or NISO STS XML
 * (`application/xml`, `text/xml`), at most CATALOG_IMPORT_MAX_BYTES (413 beyond, before it is read). The dry
 * run says what each row would do and writes nothing; the import applies the file (all or nothing unless
 * `skipBadRows`), records the change events its edition and status changes make, queues their e-mails and
 * is audited. The parsing, planning and writing are `@trackwell/db`'s (catalog-import).
 */
const FORMATS: Record<string, 'csv' | 'sts'> = {
  'text/csv': 'csv',
  'application/xml': 'sts',
  'text/xml': 'sts',
};

const uploadErrors = {
  413: errorEnvelope.meta({ description: `The file is larger than ${CATALOG_IMPORT_MAX_BYTES} bytes.` }),
  415: errorEnvelope.meta({ description: 'Send the file as text/csv, application/xml or text/xml.' }),
};

const unsupported = () =>
  new HttpError(
    415,
    'unsupported_media_type',
    'Send the file itself as the body: text/csv for CSV, application/xml for NISO STS XML.',
  );

/** The uploaded file and its format, from the request's content type (the parser below kept it as bytes). */
function uploadedFile(request: FastifyRequest): { format: 'csv' | 'sts'; bytes: Buffer } {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const format = FORMATS[type];
  if (!format || !Buffer.isBuffer(request.body)) throw unsupported();
  return { format, bytes: request.body };
}

async function parse(file: { format: 'csv' | 'sts'; bytes: Buffer }, kind: CatalogImportKind | undefined) {
  return file.format === 'csv' ? parseCatalogCsv(file.bytes, kind ? { kind } : {}) : parseStsXml(file.bytes);
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
        response: { 200: catalogImportDryRunAnswer, ...consoleErrors, ...uploadErrors },
      },
    },
    async (request) => {
      const file = uploadedFile(request);
      const parsed = await parse(file, request.query.kind);
      const dryRun = await dryRunCatalogImport(app.db, consoleStore(request).id, parsed);
      const rows = shownRows(dryRun.rows);
      return {
        format: file.format,
        complete: parsed.complete,
        totals: dryRun.totals,
        rows,
        rowsShown: rows.length,
      };
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
        response: { 200: catalogImportAnswer, ...consoleErrors, ...uploadErrors },
      },
    },
    async (request) => {
      const file = uploadedFile(request);
      const parsed = await parse(file, request.query.kind);
      return importAndPresent(app, request, file.format, parsed, request.query.skipBadRows === 'true');
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
  format: 'csv' | 'sts',
  parsed: ParsedCatalogImport,
  skipBadRows: boolean,
) {
  const run = await importCatalog(
    { db: app.db, notifications: app.notifications, log: request.log },
    consoleStore(request),
    consoleCaller(request).user,
    { format, parsed, skipBadRows },
  );
  return {
    runId: run.runId,
    format,
    outcome: run.outcome,
    ...(run.message ? { message: run.message } : {}),
    totals: run.totals,
    errors: run.errors.slice(0, CATALOG_IMPORT_ROWS_SHOWN),
    events: run.events.length,
    recipients: run.events.reduce((sum, e) => sum + e.recipients, 0),
  };
}
