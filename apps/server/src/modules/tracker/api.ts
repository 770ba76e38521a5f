import type { FastifyInstance } from 'fastify';
import { tooManyRequests } from '../../http/errors.ts';
import { catalogRoutes } from '../catalog/routes.ts';
import { flagRoutes } from '../flags/routes.ts';
import { memberRoutes } from '../members/routes.ts';
import { resolverRoutes } from '../resolver/routes.ts';
import { trackerRoutes } from './routes.ts';

const API_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

/**
 * The bearer-token APIs the portal calls (spec §7): tracker, catalogue, feature flags, member service and
 * the platform resolver. One scope, read as a list: authenticate → rate limit (per user) → validate → route.
 * Authentication runs in onRequest, before the body is parsed and before the root guard and the schemas
 * (preValidation, validation), so a caller without a valid token learns nothing but 401.
 */
export async function trackerApi(app: FastifyInstance): Promise<void> {
  // JSON answers for API clients: a document policy (CSP and friends, recomputed per request by helmet)
  // means nothing here. These routes get a small fixed set instead, including no-store: the answers are
  // one user's data.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, helmet: { skipRoute: true } } as typeof route.config;
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(API_HEADERS);
  });
  app.addHook('onRequest', app.authenticate); // authenticate first: 401 before any validation
  // Per user, for the whole deployment (every process counts in the same place: rate-limits/).
  const perUser = app.rateLimits.limiter({
    name: 'tracker-user',
    points: app.env.TRACKER_RATE_LIMIT_PER_USER,
    durationSeconds: 60,
  });
  app.addHook('preValidation', async (request, reply) => {
    const key = request.user ? `${request.user.tenantId}:${request.user.id}` : request.ip;
    const verdict = await perUser.consume(key);
    const seconds = Math.max(1, Math.ceil(verdict.resetMs / 1000));
    reply.headers({
      'x-ratelimit-limit': verdict.limit,
      'x-ratelimit-remaining': verdict.remaining,
      'x-ratelimit-reset': seconds,
    });
    if (!verdict.allowed) {
      reply.header('retry-after', seconds);
      throw tooManyRequests(
        `Too many requests: at most ${verdict.limit} a minute per user. Try again in ${seconds} s.`,
      );
    }
  });
  await app.register(trackerRoutes);
  await app.register(catalogRoutes);
  await app.register(flagRoutes);
  await app.register(memberRoutes);
  await app.register(resolverRoutes);
}
