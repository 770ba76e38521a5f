// The webhook endpoints' public surface: the console shows a store's, the account area the
// signed-in user's own, with the same panel (list, add with the secret shown once, test, log, remove).
export type { WebhookScope } from './api/webhooks.ts';
export { WebhooksPanel } from './components/webhooks-panel.tsx';
