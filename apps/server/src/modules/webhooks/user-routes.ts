import { userWebhookParams, WEBHOOK_PATHS } from '@trackwell/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER_SECURITY, errorResponses } from '../../http/api-schemas.ts';
import { HttpError } from '../../http/errors.ts';
import { currentUser } from '../auth/plugin.ts';
import { registerWebhookRoutes } from './routes.ts';

/** The store's `user_webhooks` flag is off: its users have no endpoints of their own. */
const webhooksOff = () =>
  new HttpError(403, 'webhooks_off', 'This store does not offer webhooks to its users.');

/**
 * A signed-in user's own webhook endpoints in the tracker API: the changes matched to their
 * trackings are POSTed to each. Only their own: another user's endpoint id is 404, as if it did not exist.
 * Only where the store allows it (feature flag `user_webhooks`): otherwise 403 `webhooks_off`.
 */
export const userWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  registerWebhookRoutes(app, {
    paths: {
      list: WEBHOOK_PATHS.userWebhooks,
      one: WEBHOOK_PATHS.userWebhook,
      test: WEBHOOK_PATHS.userWebhookTest,
      deliveries: WEBHOOK_PATHS.userWebhookDeliveries,
    },
    params: userWebhookParams,
    docs: { tags: ['webhooks'], security: BEARER_SECURITY },
    errors: errorResponses,
    scopeOf(request) {
      const user = currentUser(request);
      if (!user.tenant.featureFlags.user_webhooks.enabled) throw webhooksOff();
      return {
        tenantId: user.tenantId,
        storeCode: user.tenant.code,
        owner: { kind: 'user', userId: user.id },
        actor: { id: user.id, login: user.login },
        audited: false,
      };
    },
  });
};
