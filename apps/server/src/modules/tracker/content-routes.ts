import {
  createTrackerBody,
  createTrackerResponse,
  deleteTrackerBody,
  deleteTrackerQuery,
  deleteTrackerResponse,
  listContentTrackingsQuery,
  listContentTrackingsResponse,
  ok,
  TRACKER_PATHS,
  updateTrackerBody,
  updateTrackerQuery,
  updateTrackerResponse,
} from '@trackwell/contracts';
import { deleteContentTrackings, listTrackedWithForecasts, setContentTrackingOff } from '@trackwell/db';
import { type ApiApp, BEARER_SECURITY, errorResponses } from '../../http/api-schemas.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { assertOwnUserId } from '../auth/plugin.ts';
import { trackStandard } from './tracking-commands.ts';

const { 400: e400, 401: e401, 403: e403, 404: e404, 429: e429 } = errorResponses;
const tags = ['tracker'];

const notYours = (ids: number[]) =>
  notFound(
    `No tracked standard ${ids.join(', ')} of yours exists: nothing was changed. ` +
      'Ids must all be your own tracked standards.',
  );

/** The ids of a delete: in the query or the body (spec §7), the same set when in both. */
function idsToDelete(fromQuery: number[] | undefined, fromBody: number[] | undefined): number[] {
  if (!fromQuery && !fromBody) throw badRequest('contentTrackingIds is required (in the query or the body).');
  if (fromQuery && fromBody && [...fromQuery].sort().join() !== [...fromBody].sort().join()) {
    throw badRequest('contentTrackingIds differ between the query and the body.');
  }
  return (fromQuery ?? fromBody)!;
}

/** The user's tracked standards (spec §3, §4, §7): list a page, switch on or off, remove, add. */
export function registerContentTrackingRoutes(app: ApiApp) {
  listContentTrackingsRoute(app);
  updateTrackerRoute(app);
  deleteTrackerRoute(app);
  createTrackerRoute(app);
}

function listContentTrackingsRoute(app: ApiApp) {
  app.get(
    TRACKER_PATHS.listContentTrackings,
    {
      schema: {
        tags,
        summary: "One page of the user's tracked standards",
        description:
          'Newest first, then by id. `pageIndex` is 1-based; a page past the end is an empty list that still ' +
          "carries `totalElements`. Each row carries its review forecast under the store's rule for its " +
          'publisher; `dueWithinMonths` keeps only those whose review may fall due within that many months.',
        security: BEARER_SECURITY,
        querystring: listContentTrackingsQuery,
        response: { 200: listContentTrackingsResponse, 400: e400, 401: e401, 403: e403, 429: e429 },
      },
      // The hottest call: its answer is built field by field from typed rows (the type provider checks it
      // against the schema at compile time), so it is written with JSON.stringify instead of being
      // re-validated by Zod on every response (~40 µs of a ~300 µs request; see bench/tracker-list).
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => {
      const user = assertOwnUserId(request, request.query.userId);
      const { pageIndex, pageSize, dueWithinMonths } = request.query;
      const today = new Date().toISOString().slice(0, 10);
      const page = await listTrackedWithForecasts(
        app.db,
        user.tenantId,
        user.id,
        { pageIndex, pageSize, dueWithinMonths },
        today,
        await app.tenants.forecastRules(user.tenantId), // cached with the store: no query per request
      );
      return ok({
        trackingData: {
          contentTrackings: page.rows,
          totalElements: page.totalElements,
          totalPages: Math.ceil(page.totalElements / pageSize),
          pageIndex,
          pageSize,
        },
      });
    },
  );
}

function updateTrackerRoute(app: ApiApp) {
  app.put(
    TRACKER_PATHS.updateTracker,
    {
      schema: {
        tags,
        summary: 'Switch tracking of standards on or off',
        description:
          "spec §4: the portal sends the row's current off-state as `active`; every named row becomes " +
          "`contentTrackingOff = !active`. All ids must be the caller's tracked standards, or nothing changes (404).",
        security: BEARER_SECURITY,
        querystring: updateTrackerQuery,
        body: updateTrackerBody,
        response: { 200: updateTrackerResponse, 400: e400, 401: e401, 403: e403, 404: e404, 429: e429 },
      },
    },
    async (request) => {
      const user = assertOwnUserId(request, request.body.userId);
      const ids = request.query.contentTrackingIds;
      const result = await setContentTrackingOff(app.db, user.tenantId, user.id, ids, !request.body.active);
      if (!result.ok) throw notYours(result.notFound);
      return ok({ contentTrackings: result.value });
    },
  );
}

function deleteTrackerRoute(app: ApiApp) {
  app.delete(
    TRACKER_PATHS.deleteTracker,
    {
      schema: {
        tags,
        summary: 'Stop tracking standards (delete the rows)',
        description:
          'Ids in the query (`contentTrackingIds=1,2`) or in a JSON body (spec §7). All must be the ' +
          "caller's tracked standards, or nothing is deleted (404).",
        security: BEARER_SECURITY,
        querystring: deleteTrackerQuery,
        body: deleteTrackerBody,
        response: { 200: deleteTrackerResponse, 400: e400, 401: e401, 403: e403, 404: e404, 429: e429 },
      },
    },
    async (request) => {
      const body = request.body ?? {};
      const user = assertOwnUserId(request, body.userId);
      const fromBody = body.contentTrackingIds && [...new Set(body.contentTrackingIds)];
      const ids = idsToDelete(request.query.contentTrackingIds, fromBody);
      const result = await deleteContentTrackings(app.db, user.tenantId, user.id, ids);
      if (!result.ok) throw notYours(result.notFound);
      return ok({ deletedContentTrackingIds: result.value });
    },
  );
}

function createTrackerRoute(app: ApiApp) {
  app.post(
    TRACKER_PATHS.createTracker,
    {
      schema: {
        tags,
        summary: 'Track a standard (beyond the spec)',
        description:
          "Adds a standard, by `assetId` or `contentCode`, to the caller's tracked list. Tracking it again " +
          'makes no second row (`created: false`).',
        security: BEARER_SECURITY,
        body: createTrackerBody,
        response: { 200: createTrackerResponse, 400: e400, 401: e401, 403: e403, 404: e404, 429: e429 },
      },
    },
    async (request) => {
      const user = assertOwnUserId(request, request.body.userId);
      const { assetId, contentCode } = request.body;
      const result = await trackStandard(app.db, user, { assetId, contentCode });
      if (!result) throw notFound(`This store has no standard ${assetId ?? contentCode}.`);
      return ok({ created: result.created, contentTracking: result.row });
    },
  );
}
