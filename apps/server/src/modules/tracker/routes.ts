import {
  APPLICATION_CODES,
  type ContentSourceTrackings,
  createTrackerBody,
  createTrackerResponse,
  createTrackerSourceBody,
  createTrackerSourceResponse,
  deleteTrackerBody,
  deleteTrackerQuery,
  deleteTrackerResponse,
  industryAreasResponse,
  listContentTrackingsQuery,
  listContentTrackingsResponse,
  listSourceTrackingsQuery,
  listSourceTrackingsResponse,
  ok,
  SOURCE_DATA_KEYS,
  TRACKER_APPLICATION_CODE,
  TRACKER_PATHS,
  unsubscribeBody,
  unsubscribeQuery,
  unsubscribeResponse,
  updateTrackerBody,
  updateTrackerQuery,
  updateTrackerResponse,
} from '@trackwell/contracts';
import {
  createContentTracking,
  deleteContentTrackings,
  listContentTrackings,
  listIndustryAreas,
  listSourceTrackings,
  type SourceTrackingValues,
  setContentTrackingOff,
  setSourceTrackings,
  unknownSourceValues,
  unsubscribeUser,
} from '@trackwell/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, notFound } from '../../http/errors.ts';
import { assertOwnUserId, currentUser } from '../auth/plugin.ts';
import { BEARER_SECURITY, errorResponses } from './schemas.ts';

const { 400: e400, 401: e401, 403: e403, 404: e404, 429: e429 } = errorResponses;
const tags = ['tracker'];

const notYours = (ids: number[]) =>
  notFound(
    `No tracked standard ${ids.join(', ')} of yours exists: nothing was changed. ` +
      'Ids must all be your own tracked standards.',
  );

/** spec §3: all four kinds of source, always present; WORKITEM is ['true'] or ['false']. */
const presentSources = (values: SourceTrackingValues): ContentSourceTrackings => ({
  contentSourceTrackings: [
    {
      applicationCode: TRACKER_APPLICATION_CODE,
      trackingType: 'COMMITTEE',
      data: { [SOURCE_DATA_KEYS.COMMITTEE]: values.COMMITTEE },
    },
    {
      applicationCode: TRACKER_APPLICATION_CODE,
      trackingType: 'INDUSTRYAREA',
      data: { [SOURCE_DATA_KEYS.INDUSTRYAREA]: values.INDUSTRYAREA },
    },
    {
      applicationCode: TRACKER_APPLICATION_CODE,
      trackingType: 'PUBLISHERS',
      data: { [SOURCE_DATA_KEYS.PUBLISHERS]: values.PUBLISHERS },
    },
    {
      applicationCode: TRACKER_APPLICATION_CODE,
      trackingType: 'WORKITEM',
      data: { [SOURCE_DATA_KEYS.WORKITEM]: [values.WORKITEM.includes('true') ? 'true' : 'false'] },
    },
  ],
});

const SOURCE_NOUNS = {
  COMMITTEE: 'committee designations',
  INDUSTRYAREA: 'industry-area marketing codes',
  PUBLISHERS: 'publisher codes',
} as const;

/** The tracker service (spec §7): every call needs the user's token (the enclosing scope checks it). */
export const trackerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    TRACKER_PATHS.listContentTrackings,
    {
      schema: {
        tags,
        summary: "One page of the user's tracked standards",
        description:
          'Newest first, then by id. `pageIndex` is 1-based; a page past the end is an empty list that still ' +
          'carries `totalElements`.',
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
      const { pageIndex, pageSize } = request.query;
      const page = await listContentTrackings(app.db, user.tenantId, user.id, { pageIndex, pageSize });
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
      const fromQuery = request.query.contentTrackingIds;
      const fromBody = body.contentTrackingIds && [...new Set(body.contentTrackingIds)];
      if (!fromQuery && !fromBody)
        throw badRequest('contentTrackingIds is required (in the query or the body).');
      if (fromQuery && fromBody && [...fromQuery].sort().join() !== [...fromBody].sort().join()) {
        throw badRequest('contentTrackingIds differ between the query and the body.');
      }
      const ids = (fromQuery ?? fromBody)!;
      const result = await deleteContentTrackings(app.db, user.tenantId, user.id, ids);
      if (!result.ok) throw notYours(result.notFound);
      return ok({ deletedContentTrackingIds: result.value });
    },
  );

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
      const result = await app.db.transaction((tx) =>
        createContentTracking(tx, user.tenantId, user.id, { assetId, contentCode }),
      );
      if (!result) throw notFound(`This store has no standard ${assetId ?? contentCode}.`);
      return ok({ created: result.created, contentTracking: result.row });
    },
  );

  app.get(
    TRACKER_PATHS.listSourceTrackings,
    {
      schema: {
        tags,
        summary: "The user's committee, industry-area, publisher and work-item tracking",
        security: BEARER_SECURITY,
        querystring: listSourceTrackingsQuery,
        response: { 200: listSourceTrackingsResponse, 400: e400, 401: e401, 403: e403, 429: e429 },
      },
    },
    async (request) => {
      const user = assertOwnUserId(request, request.query.userId);
      return ok(presentSources(await listSourceTrackings(app.db, user.tenantId, user.id)));
    },
  );

  app.post(
    TRACKER_PATHS.createTrackerSource,
    {
      schema: {
        tags,
        summary: 'Set committee, industry-area, publisher or work-item tracking',
        description:
          'Each named kind becomes exactly `data` (idempotent; leave an item out to stop tracking it). ' +
          'Unknown designations or codes refuse the whole call (400) and change nothing.',
        security: BEARER_SECURITY,
        body: createTrackerSourceBody,
        response: { 200: createTrackerSourceResponse, 400: e400, 401: e401, 403: e403, 429: e429 },
      },
    },
    async (request) => {
      const user = assertOwnUserId(request, request.body.userId);
      const details = request.body.trackingDetails;
      const publisherList = user.tenant.config.trackerSetting.publisher_list.map((p) => p.code);
      const issues: Array<{ path: string; message: string }> = [];
      for (const [i, d] of details.entries()) {
        if (d.trackingType === 'WORKITEM') continue;
        const extra = d.trackingType === 'PUBLISHERS' ? publisherList : [];
        const unknown = await unknownSourceValues(app.db, user.tenantId, d.trackingType, d.data, extra);
        if (unknown.length > 0) {
          issues.push({
            path: `body.trackingDetails.${i}.data`,
            message: `unknown ${SOURCE_NOUNS[d.trackingType]}: ${unknown.join(', ')}`,
          });
        }
      }
      if (issues.length > 0) throw badRequest('Some tracked items do not exist in this store.', issues);
      const values = await app.db.transaction(async (tx) => {
        await setSourceTrackings(tx, user.tenantId, user.id, TRACKER_APPLICATION_CODE, details);
        return listSourceTrackings(tx, user.tenantId, user.id);
      });
      return ok(presentSources(values));
    },
  );

  app.get(
    TRACKER_PATHS.industryAreas,
    {
      schema: {
        tags,
        summary: 'The industry areas a user can track',
        security: BEARER_SECURITY,
        response: { 200: industryAreasResponse, 401: e401, 429: e429 },
      },
    },
    async (request) => ok(await listIndustryAreas(app.db, currentUser(request).tenantId)),
  );

  app.put(
    TRACKER_PATHS.unsubscribe,
    {
      schema: {
        tags,
        summary: 'Unsubscribe from tracking e-mails',
        description:
          'spec §4: clears the committee, industry-area, work-item and publisher tracking of the named ' +
          'applications (all four when none is named) and records the unsubscribe for the e-mail pipeline. ' +
          'userId and applicationCode may be in the query or a JSON body.',
        security: BEARER_SECURITY,
        querystring: unsubscribeQuery,
        body: unsubscribeBody,
        response: { 200: unsubscribeResponse, 400: e400, 401: e401, 403: e403, 429: e429 },
      },
    },
    async (request) => {
      const body = request.body ?? {};
      const user = assertOwnUserId(request, request.query.userId, body.userId);
      const codes = request.query.applicationCode ?? body.applicationCode ?? [...APPLICATION_CODES];
      const clearedSources = await app.db.transaction((tx) =>
        unsubscribeUser(tx, user.tenantId, user.id, codes),
      );
      return ok({ applicationCodes: codes, clearedSources });
    },
  );
};
