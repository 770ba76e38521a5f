import {
  ok,
  SUCCESSOR_PREFERENCE_PATH,
  saveSuccessorPreferenceBody,
  successorPreferenceQuery,
  successorPreferenceResponse,
} from '@trackwell/contracts';
import { getSuccessorPreference, saveSuccessorPreference } from '@trackwell/db';
import { type ApiApp, BEARER_SECURITY, errorResponses } from '../../http/api-schemas.ts';
import { assertOwnUserId } from '../auth/plugin.ts';

const { 400: e400, 401: e401, 403: e403, 429: e429 } = errorResponses;
const tags = ['tracker'];

/** Whether the user's trackings follow a replaced standard's successor automatically. */
export function registerSuccessorPreferenceRoutes(app: ApiApp) {
  app.get(
    SUCCESSOR_PREFERENCE_PATH,
    {
      schema: {
        tags,
        summary: 'Whether my trackings follow the successor of a replaced standard automatically',
        description: 'Off until chosen: the change e-mail then offers "Track <new> instead".',
        security: BEARER_SECURITY,
        querystring: successorPreferenceQuery,
        response: { 200: successorPreferenceResponse, 400: e400, 401: e401, 403: e403, 429: e429 },
      },
    },
    async (request) => {
      const user = assertOwnUserId(request, request.query.userId);
      return ok(await getSuccessorPreference(app.db, user.tenantId, user.id));
    },
  );
  app.put(
    SUCCESSOR_PREFERENCE_PATH,
    {
      schema: {
        tags,
        summary: 'Choose whether my trackings follow the successor of a replaced standard automatically',
        description:
          'When on, publishing a replacement (a new standard that `replaces`, a withdrawal `replacedBy`) moves ' +
          'the tracking of the replaced standard to its successor and the e-mail says so.',
        security: BEARER_SECURITY,
        body: saveSuccessorPreferenceBody,
        response: { 200: successorPreferenceResponse, 400: e400, 401: e401, 403: e403, 429: e429 },
      },
    },
    async (request) => {
      const user = assertOwnUserId(request, request.body.userId);
      await saveSuccessorPreference(app.db, user.tenantId, user.id, request.body.followAutomatically);
      return ok(await getSuccessorPreference(app.db, user.tenantId, user.id));
    },
  );
}
