import {
  addListStandardBody,
  createListBody,
  listAnswer,
  listParams,
  listStandardParams,
  listsAnswer,
  ok,
  organisationParams,
  ORGANISATION_PATHS as P,
  removedAnswer,
  updateListBody,
} from '@trackwell/contracts';
import type { ApiApp } from '../../http/api-schemas.ts';
import { currentUser } from '../auth/plugin.ts';
import { addToList, createList, deleteList, readList, removeFromList, updateList } from './list-commands.ts';
import { presentList, presentListDetail } from './presenters.ts';
import { readLists } from './queries.ts';
import { errors, security, tags, writeErrors } from './schemas.ts';

/** The organisation's watch lists: members read them; owners and editors create, change and delete them. */
export function registerListRoutes(app: ApiApp) {
  app.get(
    P.lists,
    {
      schema: {
        tags,
        security,
        summary: 'The organisation’s lists',
        params: organisationParams,
        response: { 200: listsAnswer, ...errors },
      },
    },
    async (request) => {
      const rows = await readLists(app.db, currentUser(request), request.params.organisationId);
      return ok({ lists: rows.map(presentList) });
    },
  );
  app.post(
    P.lists,
    {
      schema: {
        tags,
        security,
        summary: 'Create a list with its responsible person, a member (owners, editors)',
        params: organisationParams,
        body: createListBody,
        response: { 200: listAnswer, ...writeErrors },
      },
    },
    async (request) => {
      const list = await createList(
        app.db,
        currentUser(request),
        request.params.organisationId,
        request.body,
      );
      return ok({ list: presentListDetail(list, []) });
    },
  );
  app.get(
    P.list,
    {
      schema: {
        tags,
        security,
        summary: 'A list with its standards',
        params: listParams,
        response: { 200: listAnswer, ...errors },
      },
    },
    async (request) => {
      const { organisationId, listId } = request.params;
      const { list, standards } = await readList(app.db, currentUser(request), organisationId, listId);
      return ok({ list: presentListDetail(list, standards) });
    },
  );
  registerListChangeRoutes(app);
  registerListStandardRoutes(app);
}

function registerListChangeRoutes(app: ApiApp) {
  app.patch(
    P.list,
    {
      schema: {
        tags,
        security,
        summary: 'Rename a list or name another responsible person (owners, editors)',
        params: listParams,
        body: updateListBody,
        response: { 200: listAnswer, ...writeErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { organisationId, listId } = request.params;
      await updateList(app.db, user, organisationId, listId, request.body);
      const { list, standards } = await readList(app.db, user, organisationId, listId);
      return ok({ list: presentListDetail(list, standards) });
    },
  );
  app.delete(
    P.list,
    {
      schema: {
        tags,
        security,
        summary: 'Delete a list (owners, editors)',
        params: listParams,
        response: { 200: removedAnswer, ...writeErrors },
      },
    },
    async (request) => {
      const { organisationId, listId } = request.params;
      await deleteList(app.db, currentUser(request), organisationId, listId);
      return ok({ removed: true });
    },
  );
}

function registerListStandardRoutes(app: ApiApp) {
  app.post(
    P.listStandards,
    {
      schema: {
        tags,
        security,
        summary: 'Add a standard, by asset id or designation (owners, editors)',
        description:
          'A designation is read by the tracker’s designation rule ("ISO 22337" finds "ISO 22337:2020").',
        params: listParams,
        body: addListStandardBody,
        response: { 200: listAnswer, ...writeErrors },
      },
    },
    async (request) => {
      const { organisationId, listId } = request.params;
      const { list, standards } = await addToList(
        app.db,
        currentUser(request),
        organisationId,
        listId,
        request.body,
      );
      return ok({ list: presentListDetail(list, standards) });
    },
  );
  app.delete(
    P.listStandard,
    {
      schema: {
        tags,
        security,
        summary: 'Remove a standard from a list (owners, editors)',
        params: listStandardParams,
        response: { 200: removedAnswer, ...writeErrors },
      },
    },
    async (request) => {
      const { organisationId, listId, standardId } = request.params;
      await removeFromList(app.db, currentUser(request), organisationId, listId, standardId);
      return ok({ removed: true });
    },
  );
}
