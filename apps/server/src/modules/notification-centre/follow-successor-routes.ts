import {
  errorEnvelope,
  notificationParams,
  notificationSuccessorFollow,
  NOTIFICATION_CENTRE_PATHS as P,
} from '@trackwell/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type BEARER_SECURITY, errorResponses } from '../../http/api-schemas.ts';
import { followSuccessor, type Reader } from './centre.ts';

type CentreApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The centre's "Track <new> instead": the signed-in user (never the body) follows the
 * successor of the standard their notification's change replaced. Idempotent; 404 when not theirs; 409 when
 * the change replaced nothing.
 */
export function registerFollowSuccessorRoute(
  app: CentreApp,
  docs: { tags: string[]; security: typeof BEARER_SECURITY },
  readerOf: (request: FastifyRequest) => Reader,
) {
  app.post(
    P.followSuccessor,
    {
      schema: {
        ...docs,
        summary:
          "Track the successor of the standard my notification's change replaced, instead of it (idempotent: 'already')",
        params: notificationParams,
        response: {
          200: notificationSuccessorFollow,
          ...errorResponses,
          409: errorEnvelope.meta({ description: 'The change replaced no standard: nothing was done.' }),
        },
      },
    },
    async (request) => followSuccessor(app, readerOf(request), request.params.id),
  );
}
