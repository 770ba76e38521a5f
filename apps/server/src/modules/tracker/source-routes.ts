import {
  APPLICATION_CODES,
  createTrackerSourceBody,
  createTrackerSourceResponse,
  industryAreasResponse,
  listSourceTrackingsQuery,
  listSourceTrackingsResponse,
  ok,
  TRACKER_PATHS,
  unsubscribeBody,
  unsubscribeQuery,
  unsubscribeResponse,
} from '@trackwell/contracts';
import { listIndustryAreas, listSourceTrackings } from '@trackwell/db';
import { type ApiApp, BEARER_SECURITY, errorResponses } from '../../http/api-schemas.ts';
import { assertOwnUserId, currentUser } from '../auth/plugin.ts';
import { presentSources } from './sources.ts';
import { setTrackedSources, unsubscribeFromTracking } from './tracking-commands.ts';

const { 400: e400, 401: e401, 403: e403, 429: e429 } = errorResponses;
const tags = ['tracker'];

/** The user's content sources (spec §3 "Tracking settings per user"), the options, and the unsubscribe (§4). */
export function registerSourceRoutes(app: ApiApp) {
  listSourcesRoute(app);
  setSourcesRoute(app);
  industryAreasRoute(app);
  unsubscribeRoute(app);
}

function listSourcesRoute(app: ApiApp) {
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
}

function setSourcesRoute(app: ApiApp) {
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
      const values = await setTrackedSources(app.db, user, request.body.trackingDetails);
      return ok(presentSources(values));
    },
  );
}

function industryAreasRoute(app: ApiApp) {
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
}

function unsubscribeRoute(app: ApiApp) {
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
      const clearedSources = await unsubscribeFromTracking(app.db, user, codes);
      return ok({ applicationCodes: codes, clearedSources });
    },
  );
}
