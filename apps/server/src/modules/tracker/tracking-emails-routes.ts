import {
  ok,
  TRACKING_EMAILS_PATH,
  trackingEmailState,
  trackingEmailsQuery,
  trackingEmailsResponse,
} from '@trackwell/contracts';
import { trackingEmailCoverage } from '@trackwell/db';
import { type ApiApp, BEARER_SECURITY, errorResponses } from '../../http/api-schemas.ts';
import { assertOwnUserId } from '../auth/plugin.ts';

const { 400: e400, 401: e401, 403: e403, 429: e429 } = errorResponses;

/** The account's "Tracking e-mails" status (contracts tracking-emails.ts). */
export function registerTrackingEmailsRoutes(app: ApiApp) {
  app.get(
    TRACKING_EMAILS_PATH,
    {
      schema: {
        tags: ['tracker'],
        summary: 'Whether the user gets tracking e-mails, and what they cover',
        description:
          '`state`: `unsubscribed` after an unsubscribe (until something is tracked again), else `receiving` ' +
          'while a standard (e-mails on), committee, industry area or publisher is tracked, else `nothingTracked`.',
        security: BEARER_SECURITY,
        querystring: trackingEmailsQuery,
        response: { 200: trackingEmailsResponse, 400: e400, 401: e401, 403: e403, 429: e429 },
      },
    },
    async (request) => {
      const user = assertOwnUserId(request, request.query.userId);
      const coverage = await trackingEmailCoverage(app.db, user.tenantId, user.id);
      return ok({ state: trackingEmailState(coverage), ...coverage });
    },
  );
}
