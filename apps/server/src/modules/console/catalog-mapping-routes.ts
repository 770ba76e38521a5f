import {
  CATALOG_IMPORT_PREVIEW_ROWS,
  CONSOLE_CATALOG_PATHS,
  catalogColumnMapping,
  catalogImportColumnsAnswer,
  catalogMappingAnswer,
  errorEnvelope,
  MAPPING_FIELDS,
  storeCodeParams,
  suggestColumnMapping,
} from '@trackwell/contracts';
import { findCatalogImportMapping } from '@trackwell/db';
import { badRequest, HttpError } from '../../http/errors.ts';
import { asTheUsersOneImport } from '../../http/one-import-per-user.ts';
import { consoleCaller, consoleStore } from './caller.ts';
import { saveImportMapping } from './catalog-commands.ts';
import { uploadedFile } from './catalog-import-routes.ts';
import { type ConsoleApp, consoleDocs, consoleErrors } from './schemas.ts';

/**
 * The column mapping of catalogue exports written by others (contracts `catalogColumnMapping`): the store's
 * saved mapping (GET, PUT: the console saves the one it used), and a CSV or XLSX file's headers and first
 * rows with the mapping they suggest (the saved one's columns, then loose name matches). The import routes
 * read a file through the saved mapping with `?mapping=saved`. Registered in the import routes' scope, whose
 * content-type parser keeps the uploaded file as bytes.
 */

const MAPPING_DOCS =
  'A mapping lists the file headers it reads, each with the import field it fills: ' +
  `${MAPPING_FIELDS.join(', ')}. \`titles\` takes a \`language\` (title.fr → titles.fr); icsCodes and ` +
  "industryAreas a `separator` (default \";\"; a list written ['a','b'] is read too); `reference` " +
  '("ISO 13849-1:2015") gives the designation and, unless mapped, the content code (undated), the publisher ' +
  '(its first word) and the store page id; `stage` (60.60 or 6060) gives the status, and a project (before ' +
  '60.60) is left out with a warning; `publishedOn` takes 2006, 2006-11 or 2006-11-30. A designation or ' +
  'reference, a title, a status or stage and a date must be mapped: 400 names what is missing or wrong.';

export function registerCatalogMappingRoutes(app: ConsoleApp) {
  app.get(
    CONSOLE_CATALOG_PATHS.importMapping,
    {
      config: { consoleAction: 'catalog.edit' },
      schema: {
        ...consoleDocs,
        summary: "The store's saved column mapping for catalogue exports (null: none saved yet)",
        params: storeCodeParams,
        response: { 200: catalogMappingAnswer, ...consoleErrors },
      },
    },
    async (request) => {
      const saved = await findCatalogImportMapping(app.db, consoleStore(request).id);
      return { mapping: saved?.mapping ?? null, updatedAt: saved?.updatedAt ?? null };
    },
  );

  app.put(
    CONSOLE_CATALOG_PATHS.importMapping,
    {
      config: { consoleAction: 'catalog.edit' },
      schema: {
        ...consoleDocs,
        summary: "Save the store's column mapping (the next import reads it with ?mapping=saved); audited",
        description: MAPPING_DOCS,
        params: storeCodeParams,
        body: catalogColumnMapping,
        response: { 200: catalogMappingAnswer, ...consoleErrors },
      },
    },
    async (request) => {
      const saved = await saveImportMapping(
        { db: app.db },
        consoleStore(request),
        consoleCaller(request).user,
        request.body,
      );
      return { mapping: saved.mapping, updatedAt: saved.updatedAt };
    },
  );
  registerImportColumnsRoute(app);
}

/** A CSV or XLSX file's headers, first rows and suggested mapping (one of the user's imports: 409 meanwhile). */
function registerImportColumnsRoute(app: ConsoleApp) {
  app.post(
    CONSOLE_CATALOG_PATHS.importColumns,
    {
      config: { consoleAction: 'catalog.edit' },
      schema: {
        ...consoleDocs,
        summary: `A CSV or XLSX file's headers, first ${CATALOG_IMPORT_PREVIEW_ROWS} rows and suggested column mapping; nothing is written`,
        description: 'The file is the body (text/csv or XLSX). 400 when it cannot be read, with the reason.',
        params: storeCodeParams,
        response: {
          200: catalogImportColumnsAnswer,
          ...consoleErrors,
          413: errorEnvelope.meta({ description: 'The file is larger than an import takes.' }),
          415: errorEnvelope.meta({ description: 'Send a CSV or XLSX file as the body.' }),
          409: errorEnvelope.meta({
            description: 'Another import of yours is still being read: one at a time.',
          }),
        },
      },
    },
    async (request) => {
      const file = uploadedFile(request);
      if (file.format !== 'csv' && file.format !== 'xlsx')
        throw new HttpError(415, 'unsupported_media_type', 'Columns are read from CSV or XLSX files only.');
      const format = file.format;
      const head = await asTheUsersOneImport(consoleCaller(request).user, async () => {
        // The file readers load with the first upload, not at start (catalog-import-routes.ts).
        const { readTableHead } = await import('@trackwell/db/catalog-import');
        return readTableHead(format, file.bytes);
      });
      if ('refused' in head)
        throw badRequest(`The file cannot be read: ${head.refused}`, [
          { path: 'body', message: head.refused },
        ]);
      const saved = await findCatalogImportMapping(app.db, consoleStore(request).id);
      return {
        format: file.format,
        ...head,
        suggested: suggestColumnMapping(head.headers, saved?.mapping),
      };
    },
  );
}
