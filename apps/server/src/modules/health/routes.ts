import { pingDatabase } from '@trackwell/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Liveness (the process answers) and readiness (it can reach its database, and is not shutting down: while
 * it drains, 503 `draining` tells a load balancer to send its requests elsewhere; drain.ts).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ready'), database: z.string() }),
          503: z.object({ status: z.enum(['unavailable', 'draining']), database: z.string() }),
        },
      },
    },
    async (request, reply) => {
      if (app.drain.draining)
        return reply.code(503).send({ status: 'draining' as const, database: app.db.engine });
      try {
        await pingDatabase(app.db);
        return { status: 'ready' as const, database: app.db.engine };
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed');
        return reply.code(503).send({ status: 'unavailable' as const, database: app.db.engine });
      }
    },
  );
};
