import type { FastifyInstance } from 'fastify';
import { tooManyRequests } from './errors.ts';

/*
 * What a bearer-token API scope shares (the tracker APIs, the console): its answers' headers and its
 * per-user rate limit. Each is a hook added to the calling scope.
 */

const API_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

/**
 * JSON answers for API clients: a document policy (CSP and friends, http/security.ts) means nothing here. The
 * scope's routes get a small fixed set instead, including no-store: the answers are one user's data.
 */
export function useApiAnswerHeaders(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, apiAnswers: true };
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(API_HEADERS);
  });
}

/**
 * preValidation: `points` calls a minute per signed-in user (by IP before authentication), counted for the
 * whole deployment (every process counts in the same place: modules/rate-limits/); then 429 with retry-after.
 */
export function usePerUserRateLimit(app: FastifyInstance, name: string, points: number): void {
  const perUser = app.rateLimits.limiter({ name, points, durationSeconds: 60 });
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
}
