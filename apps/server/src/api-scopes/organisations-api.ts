import type { FastifyInstance } from 'fastify';
import { useApiAnswerHeaders, usePerUserRateLimit } from '../http/api-scope.ts';
import { invitationLinkRoutes, organisationRoutes } from '../modules/organisations/routes.ts';

/**
 * The organisations API under /api/organisations/v1, on any store host. Two scopes, each read as a list:
 * - signed-in members: authenticate (the host store's bearer token; onRequest: 401 before anything else) →
 *   rate limit per user → validate → route (each command checks the caller's membership and role);
 * - the e-mailed invitation link: rate limit per address → validate → route (the link's signed token).
 */
export async function organisationsApi(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    useApiAnswerHeaders(scope);
    scope.addHook('onRequest', scope.authenticate);
    usePerUserRateLimit(scope, 'organisations-user', scope.env.TRACKER_RATE_LIMIT_PER_USER);
    await scope.register(organisationRoutes);
  });
  await app.register(async (scope) => {
    useApiAnswerHeaders(scope);
    usePerUserRateLimit(scope, 'organisation-invitation-link', scope.env.TRACKER_RATE_LIMIT_PER_USER);
    await scope.register(invitationLinkRoutes);
  });
}
