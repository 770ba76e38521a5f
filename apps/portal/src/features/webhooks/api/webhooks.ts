import { WEBHOOK_PATHS, type WebhookAttempt, type WebhookEndpoint } from '@trackwell/contracts';
import type { ApiArgs } from '../../../lib/api.ts';
import { api } from '../../../lib/api.ts';
import { silenceErrorToasts } from '../../../lib/api-error-toasts.ts';

/**
 * Whose endpoints: a store's, in the console API (its administrator), or the signed-in user's
 * own, in the tracker API (the tenant's tracker-uri, bearer token). The same calls, screens and words serve both.
 */
export type WebhookScope = { kind: 'store'; code: string } | { kind: 'user' };

/** The new endpoint with its `whsec_` signing secret, shown this once. */
export type WebhookEndpointCreated = WebhookEndpoint & { secret: string };
type EndpointRef = { scope: WebhookScope; id: string };

const PATHS = {
  store: {
    list: WEBHOOK_PATHS.storeWebhooks,
    one: WEBHOOK_PATHS.storeWebhook,
    test: WEBHOOK_PATHS.storeWebhookTest,
    deliveries: WEBHOOK_PATHS.storeWebhookDeliveries,
  },
  user: {
    list: WEBHOOK_PATHS.userWebhooks,
    one: WEBHOOK_PATHS.userWebhook,
    test: WEBHOOK_PATHS.userWebhookTest,
    deliveries: WEBHOOK_PATHS.userWebhookDeliveries,
  },
} as const;

/** One call of a scope: its path with `:code` and `:id` filled in, on the service the scope lives on. */
function call(
  scope: WebhookScope,
  path: keyof (typeof PATHS)['store'],
  id?: string,
  init: Omit<ApiArgs, 'url'> = {},
): ApiArgs {
  let url: string = PATHS[scope.kind][path];
  if (scope.kind === 'store') url = url.replace(':code', encodeURIComponent(scope.code));
  if (id !== undefined) url = url.replace(':id', encodeURIComponent(id));
  return scope.kind === 'store' ? { url, ...init } : { service: 'tracker-uri', url, ...init };
}

/** The cache key of a scope's endpoints. */
export const scopeKey = (scope: WebhookScope) => (scope.kind === 'store' ? `store:${scope.code}` : 'user');
/** A store's changes are audited: its audit log is read again after one. */
const audited = (scope: WebhookScope) => (scope.kind === 'store' ? (['ConsoleAudit'] as const) : []);

/** A scope's webhook endpoints: list, register, remove, send a test event, the delivery log. */
export const webhooksApi = api
  .enhanceEndpoints({ addTagTypes: ['Webhooks', 'WebhookLog', 'ConsoleAudit'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listWebhookEndpoints: build.query<WebhookEndpoint[], WebhookScope>({
        query: (scope) => call(scope, 'list'),
        transformResponse: (body: { endpoints: WebhookEndpoint[] }) => body.endpoints,
        providesTags: (_result, _error, scope) => [{ type: 'Webhooks', id: scopeKey(scope) }],
      }),
      createWebhookEndpoint: build.mutation<
        WebhookEndpointCreated,
        { scope: WebhookScope; url: string; description: string }
      >({
        query: ({ scope, ...body }) => call(scope, 'list', undefined, { method: 'POST', body }),
        invalidatesTags: (_result, _error, { scope }) => [
          { type: 'Webhooks', id: scopeKey(scope) },
          ...audited(scope),
        ],
      }),
      deleteWebhookEndpoint: build.mutation<unknown, EndpointRef>({
        query: ({ scope, id }) => call(scope, 'one', id, { method: 'DELETE' }),
        invalidatesTags: (_result, _error, { scope }) => [
          { type: 'Webhooks', id: scopeKey(scope) },
          ...audited(scope),
        ],
      }),
      testWebhookEndpoint: build.mutation<WebhookAttempt, EndpointRef>({
        query: ({ scope, id }) => call(scope, 'test', id, { method: 'POST' }),
        invalidatesTags: (_result, _error, { scope, id }) => [
          { type: 'WebhookLog', id: `${scopeKey(scope)}/${id}` },
        ],
      }),
      webhookEndpointLog: build.query<WebhookAttempt[], EndpointRef>({
        query: ({ scope, id }) => call(scope, 'deliveries', id, { params: { limit: 50 } }),
        transformResponse: (body: { attempts: WebhookAttempt[] }) => body.attempts,
        providesTags: (_result, _error, { scope, id }) => [
          { type: 'WebhookLog', id: `${scopeKey(scope)}/${id}` },
        ],
      }),
    }),
  });

// The list and the log show their failures in place, the form next to its field; test and delete toast.
silenceErrorToasts('listWebhookEndpoints', 'createWebhookEndpoint', 'webhookEndpointLog');

export const {
  useListWebhookEndpointsQuery,
  useCreateWebhookEndpointMutation,
  useDeleteWebhookEndpointMutation,
  useTestWebhookEndpointMutation,
  useWebhookEndpointLogQuery,
} = webhooksApi;
