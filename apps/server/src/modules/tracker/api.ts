import rateLimit from '@fastify/rate-limit';
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
  app.addHook('onRequest', app.authenticate);
  await app.register(rateLimit, {
    hook: 'preValidation', // after authenticate (onRequest), keyed by user
    max: app.env.TRACKER_RATE_LIMIT_PER_USER,
    timeWindow: 60_000,
    keyGenerator: (request) => (request.user ? `${request.user.tenantId}:${request.user.id}` : request.ip),
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(
        `Too many requests: at most ${context.max} a minute per user. Try again in ${Math.ceil(context.ttl / 1000)} s.`,
      ),
  });
  await app.register(trackerRoutes);
  await app.register(catalogRoutes);
  await app.register(flagRoutes);
  await app.register(memberRoutes);
  await app.register(resolverRoutes);
}
