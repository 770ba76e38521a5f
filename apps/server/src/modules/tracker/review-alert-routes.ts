import {
  ok,
  REVIEW_ALERT_PATH,
  reviewAlertQuery,
  reviewAlertResponse,
  saveReviewAlertBody,
} from '@trackwell/contracts';
import { getReviewAlert } from '@trackwell/db';
import { type ApiApp, BEARER_SECURITY, errorResponses } from '../../http/api-schemas.ts';
import { assertOwnUserId } from '../auth/plugin.ts';
import { saveReviewAlertChoice } from './preference-commands.ts';

const { 400: e400, 401: e401, 403: e403, 429: e429 } = errorResponses;
const tags = ['tracker'];

/** The opt-in alert before a tracked standard's forecast review (contracts review-alert.ts). */
export function registerReviewAlertRoutes(app: ApiApp) {
  app.get(
    REVIEW_ALERT_PATH,
    {
      schema: {
        tags,
        summary: 'Whether the user is alerted before a tracked standard’s forecast review',
        description: 'Off by default; `monthsBefore` is what an alert would use (6 while never chosen).',
        security: BEARER_SECURITY,
        querystring: reviewAlertQuery,
        response: { 200: reviewAlertResponse, 400: e400, 401: e401, 403: e403, 429: e429 },
      },
    },
    async (request) => {
      const user = assertOwnUserId(request, request.query.userId);
      return ok(await getReviewAlert(app.db, user.tenantId, user.id));
    },
  );
  app.put(
    REVIEW_ALERT_PATH,
    {
      schema: {
        tags,
        summary: 'Turn the alert before forecast reviews on or off',
        description:
          'One e-mail per tracked standard and forecast date, `monthsBefore` months (1–24) before the date ' +
          'the store’s rule for its publisher gives; a forecast, labelled as one.',
        security: BEARER_SECURITY,
        body: saveReviewAlertBody,
        response: { 200: reviewAlertResponse, 400: e400, 401: e401, 403: e403, 429: e429 },
      },
    },
    async (request) => {
      const { userId, ...choice } = request.body;
      const user = assertOwnUserId(request, userId);
      return ok(await saveReviewAlertChoice(app.db, user, choice));
    },
  );
}
