import {
  CONSOLE_STANDARD_PATHS,
  type ConsoleStandardSortKey,
  type ConsoleStandardsQuery,
  consoleStandard,
  consoleStandardEdited,
  consoleStandardPage,
  consoleStandardParams,
  consoleStandardPatch,
  consoleStandardsQuery,
  storeCodeParams,
} from '@trackwell/contracts';
import {
  findCatalogStandard,
  type ListedStandard,
  listCatalogStandardPage,
  listCatalogStandards,
} from '@trackwell/db';
import { badRequest, notFound } from '../../http/errors.ts';
import { consoleCaller, consoleStore } from './caller.ts';
import { editStandard } from './catalog-commands.ts';
import { type ConsoleApp, consoleDocs, consoleErrors } from './schemas.ts';

/**
 * The store's standards: list and search (keyset pages), read one, edit one. An edit is a
 * one-row import (`editCatalogStandard`): a changed edition or status records the change event an import
 * would, in the same transaction as the audit entry; its trackers' e-mails are queued once it has committed.
 */

/** The cursor of the page after `last`: its designation and id, opaque (base64url JSON). */
const cursorOf = (last: ListedStandard) =>
  Buffer.from(JSON.stringify([last.designation, last.id])).toString('base64url');

function afterOf(cursor: string | undefined) {
  if (cursor === undefined) return undefined;
  try {
    const [designation, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof designation === 'string' && Number.isSafeInteger(id)) return { designation, id: id as number };
  } catch {
    // falls through to the refusal
  }
  throw badRequest('The cursor is not one this list gave.', [
    { path: 'querystring.cursor', message: 'is not a cursor of this list' },
  ]);
}

const shown = ({ id: _id, ...standard }: ListedStandard) => standard;

/** A numbered page in the order asked (`-key`: descending); a page past the last is refused. */
async function numberedPage(
  app: ConsoleApp,
  tenantId: string,
  query: { q: string | undefined; limit: number; sort: ConsoleStandardsQuery['sort']; page: number },
) {
  const descending = query.sort.startsWith('-');
  const found = await listCatalogStandardPage(app.db, tenantId, {
    q: query.q,
    sort: (descending ? query.sort.slice(1) : query.sort) as ConsoleStandardSortKey,
    descending,
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  const pages = Math.max(1, Math.ceil(found.total / query.limit));
  if (query.page > pages)
    throw badRequest(`There are ${pages} pages of ${query.limit}; page ${query.page} is past the last.`, [
      { path: 'querystring.page', message: `is past the last page (${pages})` },
    ]);
  return { standards: found.standards.map(shown), nextCursor: null, total: found.total };
}
const noSuchStandard = () => notFound('This store has no standard with this content code.');

export function registerStandardRoutes(app: ConsoleApp) {
  app.get(
    CONSOLE_STANDARD_PATHS.standards,
    {
      config: { consoleAction: 'catalog.edit' },
      schema: {
        ...consoleDocs,
        summary: "The store's standards, searched by designation, content code or title, page by page",
        description:
          'By designation: keyset pages (`cursor` = the previous `nextCursor`). With `page` or another `sort` ' +
          '(title, publishedOn, status; `-` before it: descending): numbered pages with the `total`; a page ' +
          'past the last is a 400.',
        params: storeCodeParams,
        querystring: consoleStandardsQuery,
        response: { 200: consoleStandardPage, ...consoleErrors },
      },
    },
    async (request) => {
      const { q, limit, cursor, sort, page: pageNumber } = request.query;
      if (pageNumber !== undefined || sort !== 'designation')
        return numberedPage(app, consoleStore(request).id, { q, limit, sort, page: pageNumber ?? 1 });
      const page = await listCatalogStandards(app.db, consoleStore(request).id, {
        q,
        limit: limit + 1,
        after: afterOf(cursor),
      });
      const standards = page.slice(0, limit);
      const last = standards.at(-1);
      return {
        standards: standards.map(shown),
        nextCursor: page.length > limit && last ? cursorOf(last) : null,
      };
    },
  );

  app.get(
    CONSOLE_STANDARD_PATHS.standard,
    {
      config: { consoleAction: 'catalog.edit' },
      schema: {
        ...consoleDocs,
        summary: 'One standard of the store, by its content code',
        params: consoleStandardParams,
        response: { 200: consoleStandard, ...consoleErrors },
      },
    },
    async (request) => {
      const found = await findCatalogStandard(app.db, consoleStore(request).id, request.params.contentCode);
      if (!found) throw noSuchStandard();
      return shown(found);
    },
  );

  registerStandardPatch(app);
}

function registerStandardPatch(app: ConsoleApp) {
  app.patch(
    CONSOLE_STANDARD_PATHS.standard,
    {
      config: { consoleAction: 'catalog.edit' },
      schema: {
        ...consoleDocs,
        summary: 'Edit a standard: title, status, edition, release date, committee, ICS codes',
        description:
          'Each field is checked as in an imported row (400 naming it). A changed edition records a ' +
          'new_edition event, active → withdrawn or historical a withdrawal, back to active a reinstatement, ' +
          'as an import does: the answer names it and its trackers are e-mailed. Audited.',
        params: consoleStandardParams,
        body: consoleStandardPatch,
        response: { 200: consoleStandardEdited, ...consoleErrors },
      },
    },
    async (request) => {
      const { user } = consoleCaller(request);
      const store = consoleStore(request);
      const { contentCode } = request.params;
      const edit = await editStandard(
        { db: app.db, notifications: app.notifications, log: request.log },
        store,
        user,
        contentCode,
        request.body,
      );
      if (!edit) throw noSuchStandard();
      const standard = await findCatalogStandard(app.db, store.id, contentCode);
      const { event } = edit;
      return {
        standard: shown(standard!),
        changes: edit.changes,
        event: event ? { id: String(event.eventId), kind: event.kind, recipients: event.recipients } : null,
      };
    },
  );
}
