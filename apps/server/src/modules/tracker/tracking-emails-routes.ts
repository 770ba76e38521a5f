import {
  errorEnvelope,
  ok,
  sendTestDigestBody,
  TEST_DIGEST_PATH,
  TEST_DIGESTS_PER_QUARTER_HOUR,
  TRACKING_EMAILS_PATH,
  testDigestResponse,
  trackingEmailState,
  trackingEmailsQuery,
  trackingEmailsResponse,
} from '@trackwell/contracts';
import { trackingEmailCoverage } from '@trackwell/db';
import { type ApiApp, BEARER_SECURITY, errorResponses } from '../../http/api-schemas.ts';
import { HttpError, notFound, tooManyRequests } from '../../http/errors.ts';
import { assertOwnUserId } from '../auth/plugin.ts';

const { 400: e400, 401: e401, 403: e403, 404: e404, 429: e429 } = errorResponses;

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

/** "Send me a test digest now" (contracts tracking-emails.ts): to the user only, a few a quarter of an hour. */
export function registerTestDigestRoute(app: ApiApp) {
  const limiter = app.rateLimits.limiter({
    name: 'test-digest',
    points: TEST_DIGESTS_PER_QUARTER_HOUR,
    durationSeconds: 900,
  });
  app.post(
    TEST_DIGEST_PATH,
    {
      schema: {
        tags: ['tracker'],
        summary: 'Send the user a test digest now',
        description:
          'The changes held for the user’s next digest, e-mailed now to the user only, marked as a test; ' +
          `nothing is marked as sent. At most ${TEST_DIGESTS_PER_QUARTER_HOUR} a quarter of an hour (429).`,
        security: BEARER_SECURITY,
        body: sendTestDigestBody,
        response: {
          200: testDigestResponse,
          ...{ 400: e400, 401: e401, 403: e403, 404: e404, 429: e429 },
          503: errorEnvelope.meta({ description: 'The mail server did not take it: nothing was sent.' }),
        },
      },
    },
    async (request, reply) => {
      const user = assertOwnUserId(request, request.body.userId);
      const verdict = await limiter.consume(`${user.tenantId}:${user.id}`);
      if (!verdict.allowed) {
        const seconds = Math.max(1, Math.ceil(verdict.resetMs / 1000));
        reply.header('retry-after', seconds);
        throw tooManyRequests(
          `At most ${verdict.limit} test digests a quarter of an hour. Try again in ${seconds} s.`,
        );
      }
      const sent = await app.notifications.sendTestDigest(user.tenantId, user.id).catch((error: Error) => {
        request.log.warn({ err: error }, 'test digest not sent');
        throw new HttpError(
          503,
          'mail_unavailable',
          'The test digest could not be sent now: try again later.',
        );
      });
      if (!sent) throw notFound('No such user in this store.');
      return ok(sent);
    },
  );
}
