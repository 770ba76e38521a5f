import { storeCodeParams, storeWebhookParams, WEBHOOK_PATHS } from '@trackwell/contracts';
import { registerWebhookRoutes } from '../webhooks/routes.ts';
import { consoleCaller, consoleStore } from './caller.ts';
import { type ConsoleApp, consoleDocs, consoleErrors } from './schemas.ts';

/**
 * A store's webhook endpoints (issue 16 §5): every change of the store is POSTed to each. store_admin and
 * operators (`webhooks.manage`); writes audited (never the secret). The routes: modules/webhooks/routes.ts.
 */
export function registerWebhookConsoleRoutes(app: ConsoleApp) {
  registerWebhookRoutes(app, {
    paths: {
      list: WEBHOOK_PATHS.storeWebhooks,
      one: WEBHOOK_PATHS.storeWebhook,
      test: WEBHOOK_PATHS.storeWebhookTest,
      deliveries: WEBHOOK_PATHS.storeWebhookDeliveries,
    },
    listParams: storeCodeParams,
    params: storeWebhookParams,
    consoleAction: 'webhooks.manage',
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
  });
}
