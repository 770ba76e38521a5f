import {
  CONSOLE_PATHS,
  type ConsoleAuditQuery,
  consoleAuditPage,
  consoleAuditQuery,
  consoleStoreAuditQuery,
  storeCodeParams,
} from '@trackwell/contracts';
import { type AuditEntry, type AuditFilter, countAuditEntries, listAuditEntries } from '@trackwell/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../../http/errors.ts';
import { AUDIT_CSV_HEADER, auditCsvRows, csvCell } from './audit-csv.ts';
import { consoleStore } from './caller.ts';
import { type ConsoleApp, consoleDocs, consoleErrors } from './schemas.ts';

/** At most this many rows in one CSV export (the log is paged through internally, 500 at a time). */
const CSV_MAX_ROWS = 50_000;

const entryAnswer = (e: AuditEntry) => ({
  id: e.id,
  at: e.at.toISOString(),
  store: e.storeCode,
  actorKind: e.actorKind,
  actorId: e.actorId,
  actorLogin: e.actorLogin,
  action: e.action,
  target: e.target,
  before: e.before,
  after: e.after,
});

const filterOf = (query: ConsoleAuditQuery, tenantId: string | undefined): AuditFilter => ({
  tenantId,
  actor: query.actor,
  action: query.action,
  storeCode: query.store,
  from: query.from ? new Date(query.from) : undefined,
  to: query.to ? new Date(query.to) : undefined,
  beforeId: query.cursor,
  limit: query.limit,
});

const wantsCsv = (request: FastifyRequest, query: ConsoleAuditQuery) =>
  query.format === 'csv' ||
  (query.format === undefined && /\btext\/csv\b/.test(request.headers.accept ?? ''));

/** A numbered page (newest first) with the total of matching entries; a page past the last is refused. */
async function numberedPage(app: ConsoleApp, filter: AuditFilter, page: number) {
  const total = await countAuditEntries(app.db, filter);
  const pages = Math.max(1, Math.ceil(total / filter.limit));
  if (page > pages)
    throw badRequest(`There are ${pages} pages of ${filter.limit}; page ${page} is past the last.`, [
      { path: 'querystring.page', message: `is past the last page (${pages})` },
    ]);
  const found = await listAuditEntries(app.db, filter, (page - 1) * filter.limit);
  return { entries: found.entries.map(entryAnswer), nextCursor: null, total };
}

/**
 * Answers one page as JSON (by cursor, or numbered with its total), or (`?format=csv` / `Accept: text/csv`) every matching entry from the cursor on
 * as CSV, newest first.
 */
async function answerAudit(
  app: ConsoleApp,
  request: FastifyRequest,
  reply: FastifyReply,
  query: ConsoleAuditQuery,
  tenantId: string | undefined,
) {
  const filter = filterOf(query, tenantId);
  if (!wantsCsv(request, query)) {
    if (query.page !== undefined) return numberedPage(app, filter, query.page);
    const page = await listAuditEntries(app.db, filter);
    const last = page.entries.at(-1);
    return { entries: page.entries.map(entryAnswer), nextCursor: page.more && last ? last.id : null };
  }
  let csv = `${AUDIT_CSV_HEADER.map(csvCell).join(',')}\r\n`;
  let beforeId = filter.beforeId;
  for (let rows = 0; rows < CSV_MAX_ROWS; ) {
    const page = await listAuditEntries(app.db, { ...filter, beforeId, limit: 500 });
    csv += auditCsvRows(page.entries);
    rows += page.entries.length;
    beforeId = page.entries.at(-1)?.id;
    if (!page.more || !beforeId) break;
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="trackwell-audit.csv"')
    .send(csv);
}

const auditResponses = {
  200: consoleAuditPage.meta({
    description: 'A page of entries (JSON), or with format=csv the CSV export (text/csv).',
  }),
  ...consoleErrors,
};
const auditDescription =
  'Filter by actor (login or id), action, store code and time range [from, to); newest first, paged by ' +
  "`cursor` = the previous answer's `nextCursor`, or by `page` number (1 = newest) with the `total` of " +
  'matching entries (a page past the last is a 400). `?format=csv` or `Accept: text/csv` exports every matching ' +
  'entry (at most 50,000) as CSV; cells starting with = + - @ are prefixed with an apostrophe.';

/** The audit log: every store's (operators) and one store's (its admins and operators). */
export function registerAuditRoutes(app: ConsoleApp) {
  app.get(
    CONSOLE_PATHS.audit,
    {
      config: { consoleAction: 'audit.read_all' },
      schema: {
        ...consoleDocs,
        summary: 'The audit log of every store (operators)',
        description: auditDescription,
        querystring: consoleAuditQuery,
        response: auditResponses,
      },
    },
    async (request, reply) => answerAudit(app, request, reply, request.query, undefined),
  );

  app.get(
    CONSOLE_PATHS.storeAudit,
    {
      config: { consoleAction: 'audit.read' },
      schema: {
        ...consoleDocs,
        summary: "The store's audit log (its admins and operators)",
        description: auditDescription,
        params: storeCodeParams,
        querystring: consoleStoreAuditQuery,
        response: auditResponses,
      },
    },
    async (request, reply) => answerAudit(app, request, reply, request.query, consoleStore(request).id),
  );
}
