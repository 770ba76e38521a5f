// Apart from console-paths.ts, and importing nothing from it: the portal's webhooks chunk (shared by the
// console and the account area) carries these alone; a module it shared with the console's routes would be
// a chunk of its own, named in the first download. The store paths are under CONSOLE_BASE (the console's
// contract tests call them through the console's authentication).
const CONSOLE_BASE = '/api/console/v1';

/** Webhook endpoints: a store's in the console, a user's own in the tracker API. */
export const WEBHOOK_PATHS = {
  storeWebhooks: `${CONSOLE_BASE}/stores/:code/webhooks`,
  storeWebhook: `${CONSOLE_BASE}/stores/:code/webhooks/:id`,
  storeWebhookTest: `${CONSOLE_BASE}/stores/:code/webhooks/:id/test`,
  storeWebhookDeliveries: `${CONSOLE_BASE}/stores/:code/webhooks/:id/deliveries`,
  userWebhooks: '/api/tracker/v1/webhooks',
  userWebhook: '/api/tracker/v1/webhooks/:id',
  userWebhookTest: '/api/tracker/v1/webhooks/:id/test',
  userWebhookDeliveries: '/api/tracker/v1/webhooks/:id/deliveries',
} as const;
