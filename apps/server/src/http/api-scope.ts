import type { FastifyInstance } from 'fastify';
import { tooManyRequests } from './errors.ts';

/*
 * What a bearer-token API scope shares (the tracker APIs, the console): its answers' kind (their headers are
 * set with every answer's in http/security.ts) and its per-user rate limit, a hook added to the calling scope.
 */

/**
 * Marks the scope's routes as answering API clients: http/security.ts gives their answers the API answer
 * headers (no-store and friends) instead of the document headers.
 */
export function useApiAnswerHeaders(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, apiAnswers: true };
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
