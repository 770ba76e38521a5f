import { z } from 'zod';
import { storeCodeParams } from './console.ts';
import type { NotificationReason } from './notifications.ts';
import { safeText } from './safe-values.ts';

/*
 * Webhooks: a store administrator (console) or a signed-in user (tracker API) registers an
 * endpoint; each catalogue change is POSTed to it signed per the Standard Webhooks specification
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256>` with the `whsec_` secret).
 */

/** The event types a webhook receives. */
export const WEBHOOK_EVENT_TYPES = ['standard.changed', 'webhook.test'] as const;

const endpointId = z
  .string()
  .regex(/^[1-9][0-9]{0,17}$/)
  .meta({ description: 'The endpoint id.' });
export const userWebhookParams = z.object({ id: endpointId });
export const storeWebhookParams = storeCodeParams.extend({ id: endpointId });

/**
 * A URL's host: a host name, or an IP literal (an IPv6 one in brackets, as the URL parser writes it, e.g.
 * `[::1]`), so a literal address is judged by what it points to (the server refuses loopback, private and
 * link-local ones with that reason) rather than refused as an invalid URL.
 */
export const urlHost = new RegExp(`${z.regexes.hostname.source}|^\\[[0-9a-fA-F:.]+\\]$`);

/**
 * Register an endpoint. `url`: https (http only where the server allows private addresses, for local
 * development); the host must resolve to public addresses when a message is sent.
 */
export const webhookEndpointCreate = z
  .object({
    url: z
      .url({ protocol: /^https?$/, hostname: urlHost })
      .max(2000)
      .meta({
        description: 'Where each change is POSTed: an https URL.',
        examples: ['https://example.com/hook'],
      }),
    description: safeText(500)
      .default('')
      .meta({ description: 'What the endpoint is for (≤ 500 characters).' }),
  })
  .strict();
export type WebhookEndpointCreate = z.infer<typeof webhookEndpointCreate>;

export const webhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  /** 'store': every change of the store; 'user': the changes matched to the user's trackings. */
  owner: z.enum(['store', 'user']),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;
export const webhookEndpointList = z.object({ endpoints: z.array(webhookEndpoint) });
/** The new endpoint with its signing secret, shown this once. */
export const webhookEndpointCreated = webhookEndpoint.extend({
  secret: z.string().meta({ description: 'The `whsec_` signing secret: shown in this answer only.' }),
});

/** One attempt of the delivery log. */
export const webhookAttempt = z.object({
  messageId: z
    .string()
    .meta({ description: 'The `webhook-id` header: the same on every attempt of a message.' }),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  changeId: z.string().nullable(),
  messageStatus: z.enum(['pending', 'delivered', 'failed']),
  attempt: z.number().int(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  attemptedAt: z.string(),
  nextAttemptAt: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttempt>;
export const webhookDeliveriesQuery = z
  .object({ limit: z.coerce.number().int().min(1).max(500).default(100) })
  .strict();
export const webhookDeliveryLog = z.object({ attempts: z.array(webhookAttempt) });
/** The answer of "send test event": its one attempt. */
export const webhookTestResult = webhookAttempt;

/** The body POSTed to an endpoint. */
export type WebhookPayload =
  | {
      type: 'standard.changed';
      /** When the change happened (ISO 8601). */
      timestamp: string;
      data: {
        store: string;
        /** The publisher's event id of the change. */
        changeId: string;
        kind: string;
        standard?: Record<string, unknown> & { designation: string; contentCode: string | null };
        workItem?: Record<string, unknown>;
        note?: string;
        /** The publisher's summary of what changed, and a link comparing the versions. */
        summary?: string;
        compareUrl?: string;
        /** Why it reached this endpoint: the store's endpoint gets every change; a user's, their matches. */
        reasons: NotificationReason[];
      };
    }
  | { type: 'webhook.test'; timestamp: string; data: { store: string; message: string } };
