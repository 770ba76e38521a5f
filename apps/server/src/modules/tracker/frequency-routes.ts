import {
  NOTIFICATION_FREQUENCY_PATH,
  notificationFrequencyQuery,
  notificationFrequencyResponse,
  ok,
  saveNotificationFrequencyBody,
} from '@trackwell/contracts';
import { getNotificationFrequency } from '@trackwell/db';
import { type ApiApp, BEARER_SECURITY, errorResponses } from '../../http/api-schemas.ts';
import { assertOwnUserId } from '../auth/plugin.ts';
import { saveFrequency } from './preference-commands.ts';

const { 400: e400, 401: e401, 403: e403, 429: e429 } = errorResponses;
const tags = ['tracker'];

/** "Frequency": instant, or a daily/weekly digest at the user's hour in the user's time zone. */
export function registerFrequencyRoutes(app: ApiApp) {
  app.get(
    NOTIFICATION_FREQUENCY_PATH,
    {
      schema: {
        tags,
        summary: 'How often the user is e-mailed about changes',
        description:
          'instant (one e-mail per change, the default), daily or weekly (one digest at `hour`, on ' +
          '`weekday` for weekly, 0 = Sunday, in `timeZone`). `timeZone` is null while never chosen.',
        security: BEARER_SECURITY,
        querystring: notificationFrequencyQuery,
        response: { 200: notificationFrequencyResponse, 400: e400, 401: e401, 403: e403, 429: e429 },
      },
    },
    async (request) => {
      const user = assertOwnUserId(request, request.query.userId);
      return ok(await getNotificationFrequency(app.db, user.tenantId, user.id));
    },
  );
  app.put(
    NOTIFICATION_FREQUENCY_PATH,
    {
      schema: {
        tags,
        summary: 'Choose how often the user is e-mailed about changes',
        description:
          'Changes matched from now on follow the choice: a digest user gets one e-mail per period with every ' +
          'change since the last one, and none when nothing changed. A time zone must be an IANA name.',
        security: BEARER_SECURITY,
        body: saveNotificationFrequencyBody,
        response: { 200: notificationFrequencyResponse, 400: e400, 401: e401, 403: e403, 429: e429 },
      },
    },
    async (request) => {
      const { userId, ...choice } = request.body;
      const user = assertOwnUserId(request, userId);
      const saved = await saveFrequency(app.db, user, choice);
      return ok(saved);
    },
  );
}
