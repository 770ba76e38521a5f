import type { FastifyInstance, FastifyReply } from 'fastify';
import { tooManyRequests } from './errors.ts';

/*
 * What a bearer-token API scope shares (the tracker APIs, the console): its answers' kind (their headers are
 * set with every answer's in http/security.ts) and its per-user rate limit, a hook added to the calling scope.
 */

/** A limiter's verdict on one call, as the app's rate-limit store (`app.rateLimits`) gives it. */
type RateLimitVerdict = Awaited<ReturnType<ReturnType<FastifyInstance['rateLimits']['limiter']>['consume']>>;

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
 * A callback hook: most calls are decided by this process's lease at once, and then nothing is awaited.
 */
export function usePerUserRateLimit(app: FastifyInstance, name: string, points: number): void {
  const perUser = app.rateLimits.limiter({ name, points, durationSeconds: 60 });
  app.addHook('preValidation', (request, reply, done) => {
    const key = request.user ? `${request.user.tenantId}:${request.user.id}` : request.ip;
    const decided = perUser.decideLocally(key);
    if (decided) done(answerVerdict(reply, decided));
    else perUser.consume(key).then((verdict) => done(answerVerdict(reply, verdict)), done);
  });
}

/** The rate-limit headers of every answer; the 429 to send when the call is over the limit. */
function answerVerdict(reply: FastifyReply, verdict: RateLimitVerdict): Error | undefined {
  const seconds = Math.max(1, Math.ceil(verdict.resetMs / 1000));
  reply
    .header('x-ratelimit-limit', verdict.limit)
    .header('x-ratelimit-remaining', verdict.remaining)
    .header('x-ratelimit-reset', seconds);
  if (verdict.allowed) return undefined;
  reply.header('retry-after', seconds);
  return tooManyRequests(
    `Too many requests: at most ${verdict.limit} a minute per user. Try again in ${seconds} s.`,
  );
}
