import {
  MONTHLY_STATUS_PATH,
  monthlyStatusQuery,
  monthlyStatusResponse,
  ok,
  saveMonthlyStatusBody,
} from '@trackwell/contracts';
import { getMonthlyStatus } from '@trackwell/db';
import { type ApiApp, BEARER_SECURITY, errorResponses } from '../../http/api-schemas.ts';
import { assertOwnUserId } from '../auth/plugin.ts';
import { saveMonthlyStatusChoice } from './preference-commands.ts';

const { 400: e400, 401: e401, 403: e403, 429: e429 } = errorResponses;
const tags = ['tracker'];

/** The opt-in monthly "status of your list" report (contracts monthly-status.ts). */
export function registerMonthlyStatusRoutes(app: ApiApp) {
  app.get(
    MONTHLY_STATUS_PATH,
    {
      schema: {
        tags,
        summary: 'Whether the user gets the monthly status of their list',
        description:
          'Off by default. When on, sent on the 1st of each month at `hour` in `timeZone` (the digest’s); ' +
          '`timeZone` is null while never chosen.',
        security: BEARER_SECURITY,
        querystring: monthlyStatusQuery,
        response: { 200: monthlyStatusResponse, 400: e400, 401: e401, 403: e403, 429: e429 },
      },
    },
    async (request) => {
      const user = assertOwnUserId(request, request.query.userId);
      return ok(await getMonthlyStatus(app.db, user.tenantId, user.id));
    },
  );
  app.put(
    MONTHLY_STATUS_PATH,
    {
      schema: {
        tags,
        summary: 'Turn the monthly status of the list on or off',
        description:
          'One e-mail on the 1st of each month with every tracked standard’s edition and status, even when ' +
          'nothing changed (none while nothing is tracked). `timeZone` (IANA) is used only while the user ' +
          'has none yet.',
        security: BEARER_SECURITY,
        body: saveMonthlyStatusBody,
        response: { 200: monthlyStatusResponse, 400: e400, 401: e401, 403: e403, 429: e429 },
      },
    },
    async (request) => {
      const { userId, ...choice } = request.body;
      const user = assertOwnUserId(request, userId);
      const saved = await saveMonthlyStatusChoice(app.db, user, choice);
      return ok(saved);
    },
  );
}
