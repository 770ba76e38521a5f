import {
  ok,
  STANDARD_HISTORY_LIMIT,
  STANDARD_HISTORY_PATH,
  standardHistoryQuery,
  standardHistoryResponse,
} from '@trackwell/contracts';
import { getStandardHistory } from '@trackwell/db';
import { type ApiApp, BEARER_SECURITY, errorResponses } from '../../http/api-schemas.ts';
import { notFound } from '../../http/errors.ts';
import { currentUser } from '../auth/plugin.ts';

const { 400: e400, 401: e401, 404: e404, 429: e429 } = errorResponses;

/** A standard's edition history, for the tracker page. */
export function registerHistoryRoutes(app: ApiApp) {
  app.get(
    STANDARD_HISTORY_PATH,
    {
      schema: {
        tags: ['tracker'],
        summary: "A standard's edition history",
        description:
          `Every change recorded for one standard of this store (at most ${STANDARD_HISTORY_LIMIT}, newest ` +
          'first): old → new designation and status, the release date, and the publisher’s summary and ' +
          'comparison link. 404 when the store has no such standard.',
        security: BEARER_SECURITY,
        querystring: standardHistoryQuery,
        response: { 200: standardHistoryResponse, 400: e400, 401: e401, 404: e404, 429: e429 },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const history = await getStandardHistory(app.db, user.tenantId, request.query.assetId);
      if (!history) throw notFound('This store has no standard with that id.');
      return ok(history);
    },
  );
}
