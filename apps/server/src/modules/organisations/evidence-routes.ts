import {
  EVIDENCE_CONTENT_TYPES,
  evidenceQuery,
  listParams,
  ORGANISATION_EVIDENCE_PATHS as P,
  personLanguage,
} from '@trackwell/contracts';
import { findNotificationRecipient } from '@trackwell/db';
import { z } from 'zod';
import type { ApiApp } from '../../http/api-schemas.ts';
import { currentUser } from '../auth/plugin.ts';
import { evidenceFileName, readEvidenceReport } from './evidence/report-query.ts';
import { errors, security, tags } from './schemas.ts';

/** The list's evidence report as a file: owners, editors and reviewers (a reader: 403). */
export function registerEvidenceRoutes(app: ApiApp) {
  app.get(
    P.evidence,
    {
      schema: {
        tags,
        security,
        summary: 'A list’s evidence report for a period: PDF, CSV or XLSX (owners, editors, reviewers)',
        description:
          'Every change to a standard on the list that opened a review between `from` and `to` (UTC days, both ' +
          'included, at most 5 years): the standard, the kind of change, when it was opened and due, who ' +
          'reviewed it, the decision, when it was signed off, the note, and whether it was overdue (signed ' +
          'off after its due date, or open past it now). Headings and titles in `lang`, else the user’s ' +
          'language, else the store’s; an Arabic report runs right to left. CSV cells starting with = + - @ ' +
          'get an apostrophe; XLSX cells are text.',
        params: listParams,
        querystring: evidenceQuery,
        produces: Object.values(EVIDENCE_CONTENT_TYPES),
        response: { 200: z.string().meta({ description: 'The file.' }), ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { organisationId, listId } = request.params;
      const { from, to, format, lang } = request.query;
      const reader = await findNotificationRecipient(app.db, user.tenantId, user.id);
      const language = personLanguage({
        requested: lang,
        stored: reader?.locale,
        store: user.tenant.config.ui,
      });
      const report = await readEvidenceReport(app.db, user, {
        organisationId,
        listId,
        from,
        to,
        format,
        language,
      });
      // The PDF and spreadsheet writers (pdfkit, its fonts, write-excel-file) load with the first report, not at
      // start: most processes never draw one.
      const body =
        format === 'pdf'
          ? await (await import('./evidence/pdf.ts')).evidencePdf(report)
          : format === 'csv'
            ? (await import('./evidence/sheets.ts')).evidenceCsv(report)
            : await (await import('./evidence/sheets.ts')).evidenceXlsx(report);
      return reply
        .type(EVIDENCE_CONTENT_TYPES[format])
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="${evidenceFileName(report.list.name, report.period, format)}"`,
        )
        .send(body as string); // a Buffer is sent as its bytes: the 200 schema documents, never serializes
    },
  );
}
