import type { WebhookPayload } from '@trackwell/contracts';
import type { ClaimedWebhookMessage } from '@trackwell/db';

/**
 * The JSON a webhook message carries, the same bytes on every attempt: `timestamp` is when
 * the change happened (a test event: when it was asked for), not when the attempt is made; the attempt's
 * time is the signed `webhook-timestamp` header.
 */
export function webhookPayload(message: ClaimedWebhookMessage): WebhookPayload {
  const event = message.event;
  if (!event)
    return {
      type: 'webhook.test',
      timestamp: message.createdAt.toISOString(),
      data: { store: message.storeCode, message: 'A test event from Trackwell: this endpoint is reachable.' },
    };
  const { standard, workItem, note, summary, compareUrl } = event.change;
  return {
    type: 'standard.changed',
    timestamp: event.occurredAt.toISOString(),
    data: {
      store: message.storeCode,
      changeId: event.id,
      kind: event.kind,
      ...(standard ? { standard: { ...standard, contentCode: event.contentCode } } : {}),
      ...(workItem ? { workItem } : {}),
      ...(note ? { note } : {}),
      ...(summary ? { summary } : {}),
      ...(compareUrl ? { compareUrl } : {}),
      reasons: message.reasons,
    },
  };
}
