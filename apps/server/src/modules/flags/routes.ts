import { featureFlagsResponse, ok, TRACKER_PATHS } from '@trackwell/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER_SECURITY, errorResponses } from '../../http/api-schemas.ts';
import { currentUser } from '../auth/plugin.ts';

/** spec §7 feature-flag call: the tenant's flags, stored as data (tenants.feature_flags). */
export const flagRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    TRACKER_PATHS.featureFlags,
    {
      schema: {
        tags: ['flags'],
        summary: "The store's feature flags",
        description:
          'spec §3 "Feature flags": `enable_resolver_DP_for_content`, `track_by_publishers`, ' +
          "`enable_translation` (the spec's `{hash}.enabled`: off forces the portal to English), and " +
          '`user_webhooks` (users may register their own webhook endpoints).',
        security: BEARER_SECURITY,
        response: { 200: featureFlagsResponse, 401: errorResponses[401], 429: errorResponses[429] },
      },
    },
    async (request) => ok(currentUser(request).tenant.featureFlags),
  );
};
