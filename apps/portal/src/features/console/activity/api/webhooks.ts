import { WEBHOOK_PATHS, type WebhookAttempt, type WebhookEndpoint } from '@trackwell/contracts';
import { api } from '../../../../lib/api.ts';
import { silenceErrorToasts } from '../../../../lib/api-error-toasts.ts';
import { consolePath } from './paths.ts';

/** The new endpoint with its `whsec_` signing secret, shown this once. */
export type WebhookEndpointCreated = WebhookEndpoint & { secret: string };
type EndpointRef = { code: string; id: string };

/** A store's webhook endpoints (issue 16 §5): list, register, remove, send a test event, the delivery log. */
export const consoleWebhooksApi = api
  .enhanceEndpoints({ addTagTypes: ['ConsoleWebhooks', 'ConsoleWebhookLog', 'ConsoleAudit'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listWebhooks: build.query<WebhookEndpoint[], string>({
        query: (code) => ({ url: consolePath(WEBHOOK_PATHS.storeWebhooks, code) }),
        transformResponse: (body: { endpoints: WebhookEndpoint[] }) => body.endpoints,
        providesTags: ['ConsoleWebhooks'],
      }),
      createWebhook: build.mutation<
        WebhookEndpointCreated,
        { code: string; url: string; description: string }
      >({
        query: ({ code, ...body }) => ({
          url: consolePath(WEBHOOK_PATHS.storeWebhooks, code),
          method: 'POST',
          body,
        }),
        invalidatesTags: ['ConsoleWebhooks', 'ConsoleAudit'],
      }),
      deleteWebhook: build.mutation<unknown, EndpointRef>({
        query: ({ code, id }) => ({
          url: consolePath(WEBHOOK_PATHS.storeWebhook, code, { id }),
          method: 'DELETE',
        }),
        invalidatesTags: ['ConsoleWebhooks', 'ConsoleAudit'],
      }),
      testWebhook: build.mutation<WebhookAttempt, EndpointRef>({
        query: ({ code, id }) => ({
          url: consolePath(WEBHOOK_PATHS.storeWebhookTest, code, { id }),
          method: 'POST',
        }),
        invalidatesTags: ['ConsoleWebhookLog'],
      }),
      webhookLog: build.query<WebhookAttempt[], EndpointRef>({
        query: ({ code, id }) => ({
          url: consolePath(WEBHOOK_PATHS.storeWebhookDeliveries, code, { id }),
          params: { limit: 50 },
        }),
        transformResponse: (body: { attempts: WebhookAttempt[] }) => body.attempts,
        providesTags: ['ConsoleWebhookLog'],
      }),
    }),
  });

// The list and the log show their failures in place, the form next to its field; test and delete toast.
silenceErrorToasts('listWebhooks', 'createWebhook', 'webhookLog');

export const {
  useListWebhooksQuery,
  useCreateWebhookMutation,
  useDeleteWebhookMutation,
  useTestWebhookMutation,
  useWebhookLogQuery,
} = consoleWebhooksApi;
