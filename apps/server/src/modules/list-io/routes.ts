import {
  CSV_TYPE,
  errorEnvelope,
  LIST_IMPORT_MAX_BYTES,
  LIST_IO_PATHS,
  type ListExportFormat,
  listExportQuery,
  listImportPreviewQuery,
  listImportPreviewResponse,
  listImportTrackBody,
  listImportTrackResponse,
  ok,
  personLanguage,
  XLSX_TYPE,
} from '@trackwell/contracts';
import {
  findNotificationRecipient,
  findStandardsByDesignationKeys,
  listTrackedStandardsForExport,
} from '@trackwell/db';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER_SECURITY, errorResponses } from '../../http/api-schemas.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { asTheUsersOneImport } from '../../http/one-import-per-user.ts';
import { currentUser } from '../auth/plugin.ts';
import { LIST_EXPORT_CONTENT_TYPES, listCsv, listExportFileName, listXlsx } from './export-file.ts';
import { buildImportReport } from './import-report.ts';
import { readUploadedSheet } from './read-sheet.ts';
import { trackListedStandards } from './track-listed.ts';

/**
 * "Bring and take your list" in the tracker API: the report of an uploaded CSV or XLSX (nothing
 * tracked), tracking the chosen standards in one call, and the list as CSV or XLSX. Always the caller's
 * own list in the caller's store.
 */
const tags = ['tracker'];
const { 400: e400, 401: e401, 404: e404, 429: e429 } = errorResponses;
const FORMATS: Record<string, ListExportFormat> = {
  [CSV_TYPE]: 'csv',
  'application/csv': 'csv',
  [XLSX_TYPE]: 'xlsx',
};
const MEGABYTES = LIST_IMPORT_MAX_BYTES / 1024 / 1024;

const uploadErrors = {
  413: errorEnvelope.meta({
    description: `The file is larger than ${MEGABYTES} MB, or has more rows than an import reads.`,
  }),
  415: errorEnvelope.meta({ description: `Send the file itself as the body: ${CSV_TYPE} or ${XLSX_TYPE}.` }),
  409: errorEnvelope.meta({ description: 'Another import of yours is still being read: one at a time.' }),
};

const tooLarge = () =>
  new HttpError(
    413,
    'file_too_large',
    `The file is larger than ${MEGABYTES} MB: split the list and import each part.`,
  );

function uploadedFile(request: FastifyRequest): { format: ListExportFormat; bytes: Buffer } {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const format = FORMATS[type];
  if (!format || !Buffer.isBuffer(request.body)) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      `Send the file itself as the body: ${CSV_TYPE} for CSV, ${XLSX_TYPE} for XLSX.`,
    );
  }
  return { format, bytes: request.body };
}

export const listIoRoutes: FastifyPluginAsyncZod = async (app) => {
  // The file is the body, kept as bytes (these routes only), with its own size limit.
  app.addContentTypeParser(
    Object.keys(FORMATS),
    { parseAs: 'buffer', bodyLimit: LIST_IMPORT_MAX_BYTES },
    (_r, body, done) => done(null, body),
  );
  registerPreviewRoute(app);
  registerTrackRoute(app);
  registerExportRoute(app);
};

type ListIoApp = Parameters<FastifyPluginAsyncZod>[0];

function registerPreviewRoute(app: ListIoApp) {
  app.post(
    LIST_IO_PATHS.importPreview,
    {
      // A declared length over the limit is refused before the body is read, with the limit in the message.
      onRequest: async (request) => {
        if (Number(request.headers['content-length'] ?? 0) > LIST_IMPORT_MAX_BYTES) throw tooLarge();
      },
      schema: {
        tags,
        summary: 'Check a list (CSV or XLSX) against the catalogue: the report, nothing tracked',
        description:
          `The file is the body (${CSV_TYPE} or ${XLSX_TYPE}, at most ${MEGABYTES} MB and 5,000 rows, the first ` +
          'row its header). Each row of the designation column (`column`, else guessed from the header) is ' +
          'matched tolerantly (case, spaces, dashes, a publisher word, an edition year or none): matched, ' +
          'ambiguous (with the candidates), not found, or already tracked.',
        security: BEARER_SECURITY,
        consumes: Object.keys(FORMATS),
        querystring: listImportPreviewQuery,
        response: { 200: listImportPreviewResponse, 400: e400, 401: e401, 429: e429, ...uploadErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const file = uploadedFile(request);
      const report = await asTheUsersOneImport(user, async () => {
        const sheet = await readUploadedSheet(file.format, file.bytes);
        return buildImportReport(sheet, file.format, request.query.column, (keys) =>
          findStandardsByDesignationKeys(app.db, user.tenantId, user.id, keys),
        );
      });
      return ok(report);
    },
  );
}

function registerTrackRoute(app: ListIoApp) {
  app.post(
    LIST_IO_PATHS.importTrack,
    {
      schema: {
        tags,
        summary: 'Track the standards chosen from a list, in one call',
        description:
          'All or nothing: when one `assetId` is not a standard of this store, nothing is tracked (404 naming ' +
          'it). Standards tracked already stay as they are.',
        security: BEARER_SECURITY,
        body: listImportTrackBody,
        response: { 200: listImportTrackResponse, 400: e400, 401: e401, 404: e404, 429: e429 },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const result = await trackListedStandards(app.db, user, request.body.assetIds);
      if (!result.ok) {
        const names = result.notFound.slice(0, 10).join(', ');
        throw notFound(`This store has no standard ${names}: nothing was tracked.`);
      }
      return ok({ tracked: result.tracked, alreadyTracked: result.alreadyTracked });
    },
  );
}

function registerExportRoute(app: ListIoApp) {
  app.get(
    LIST_IO_PATHS.export,
    {
      schema: {
        tags,
        summary: "The user's tracked standards as a CSV or XLSX file",
        description:
          'Designation, title, status, edition, publication date and publisher, by designation, as an ' +
          "attachment; each title in the reader's language where the catalogue has it (`lang`, else the " +
          "user's preferred language, else the store's default), else the main title. CSV cells starting " +
          'with = + - @ are prefixed with an apostrophe; XLSX cells are text.',
        security: BEARER_SECURITY,
        querystring: listExportQuery,
        produces: Object.values(LIST_EXPORT_CONTENT_TYPES),
        response: {
          200: z.string().meta({ description: 'The file (text/csv or XLSX).' }),
          400: e400,
          401: e401,
          429: e429,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { format, lang } = request.query;
      const reader = await findNotificationRecipient(app.db, user.tenantId, user.id);
      const language = personLanguage({
        requested: lang,
        stored: reader?.locale,
        store: user.tenant.config.ui,
      });
      const standards = await listTrackedStandardsForExport(app.db, user.tenantId, user.id);
      const body = format === 'csv' ? listCsv(standards, language) : await listXlsx(standards, language);
      return reply
        .type(LIST_EXPORT_CONTENT_TYPES[format])
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="${listExportFileName(user.tenant.code, format)}"`,
        )
        .send(body as string); // an XLSX Buffer is sent as its bytes: the 200 schema documents, never serializes
    },
  );
}
