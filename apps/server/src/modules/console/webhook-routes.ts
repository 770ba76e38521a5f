import { storeCodeParams, storeWebhookParams, WEBHOOK_PATHS } from '@trackwell/contracts';
import type { WebhookRouteSet } from '../webhooks/routes.ts';
import { consoleCaller, consoleStore } from './caller.ts';
import { consoleDocs, consoleErrors } from './schemas.ts';

/**
 * A store's webhook endpoints in the console: every change of the store is POSTed to each. store_admin and
 * operators (`webhooks.manage`); writes audited (never the secret). The routes are the webhooks module's
 * (modules/webhooks/routes.ts), mounted with this set by the console scope (api-scopes/console-api.ts).
 */
export const storeWebhookRoutes: WebhookRouteSet = {
  paths: {
    list: WEBHOOK_PATHS.storeWebhooks,
    one: WEBHOOK_PATHS.storeWebhook,
    test: WEBHOOK_PATHS.storeWebhookTest,
    deliveries: WEBHOOK_PATHS.storeWebhookDeliveries,
  },
  listParams: storeCodeParams,
  params: storeWebhookParams,
  config: { consoleAction: 'webhooks.manage' },
  docs: consoleDocs,
  errors: consoleErrors,
  scopeOf(request) {
    const { user } = consoleCaller(request);
    const store = consoleStore(request);
    return {
      tenantId: store.id,
      storeCode: store.code,
      owner: { kind: 'store' },
      actor: { id: user.id, login: user.login },
      audited: true,
    };
  },
};
