import {
  NOTIFICATION_PREFERENCES_PATH,
  notificationPreferencesQuery,
  notificationPreferencesResponse,
  ok,
  saveNotificationPreferencesBody,
} from '@trackwell/contracts';
import { getNotificationPreferences } from '@trackwell/db';
import { type ApiApp, BEARER_SECURITY, errorResponses } from '../../http/api-schemas.ts';
import { assertOwnUserId } from '../auth/plugin.ts';
import { saveChangeKinds } from './preference-commands.ts';

const { 400: e400, 401: e401, 403: e403, 429: e429 } = errorResponses;
const tags = ['tracker'];

/** Which kinds of change the user is told about, for all trackings and per source. */
export function registerPreferenceRoutes(app: ApiApp) {
  app.get(
    NOTIFICATION_PREFERENCES_PATH,
    {
      schema: {
        tags,
        summary: 'Which kinds of change the user is told about',
        description:
          'Every kind when never chosen; each tracked committee, industry area and publisher with its own ' +
          'kinds, or null when it follows the user’s choice.',
        security: BEARER_SECURITY,
        querystring: notificationPreferencesQuery,
        response: { 200: notificationPreferencesResponse, 400: e400, 401: e401, 403: e403, 429: e429 },
      },
    },
    async (request) => {
      const user = assertOwnUserId(request, request.query.userId);
      return ok(await getNotificationPreferences(app.db, user.tenantId, user.id));
    },
  );
  app.put(
    NOTIFICATION_PREFERENCES_PATH,
    {
      schema: {
        tags,
        summary: 'Choose which kinds of change the user is told about',
        description:
          'Sets the user’s kinds and the named sources’ own kinds (null: the user’s choice again); a source ' +
          'left out keeps its kinds. A source the user does not track refuses the whole call (400) and ' +
          'changes nothing. E-mails, webhooks and the change list follow the choice from the next change.',
        security: BEARER_SECURITY,
        body: saveNotificationPreferencesBody,
        response: { 200: notificationPreferencesResponse, 400: e400, 401: e401, 403: e403, 429: e429 },
      },
    },
    async (request) => {
      const { userId, ...choice } = request.body;
      const user = assertOwnUserId(request, userId);
      const saved = await saveChangeKinds(app.db, user, choice);
      return ok(saved);
    },
  );
}
