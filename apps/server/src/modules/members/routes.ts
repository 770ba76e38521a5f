import { committeesResponse, MEMBER_PATHS, memberHeaders } from '@trackwell/contracts';
import { listCommittees } from '@trackwell/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER_SECURITY, errorResponses } from '../../http/api-schemas.ts';
import { forbidden } from '../../http/errors.ts';
import { currentUser } from '../auth/plugin.ts';
import { normaliseHost } from '../tenants/tenant-resolver.ts';

/** `S-Origin` may be a bare domain or an origin (`https://host:port`): its host name either way. */
const originHost = (value: string) => {
  try {
    return normaliseHost(value.includes('://') ? new URL(value).hostname : value);
  } catch {
    return '';
  }
};

/** The member service (spec §7): base = member-uri + /openapi/v1, with the org's domain in S-Origin. */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    MEMBER_PATHS.committees,
    {
      schema: {
        tags: ['members'],
        summary: 'The committees a user can track',
        description:
          'spec §3 "Committee options". `S-Origin` must be one of this store\'s domains: missing → 400, ' +
          "another store's or an unknown domain → 403.",
        security: BEARER_SECURITY,
        headers: memberHeaders,
        response: {
          200: committeesResponse,
          400: errorResponses[400],
          401: errorResponses[401],
          403: errorResponses[403],
          429: errorResponses[429],
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const host = originHost(request.headers['s-origin']);
      const origin = host ? await app.tenants.resolve(host) : undefined;
      if (origin?.id !== user.tenantId) throw forbidden("S-Origin is not this store's domain.");
      return { Result: await listCommittees(app.db, user.tenantId) };
    },
  );
};
