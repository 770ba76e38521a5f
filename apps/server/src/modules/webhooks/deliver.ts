import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import {
  type ClaimedWebhookMessage,
  claimWebhookMessage,
  type DatabaseHandle,
  recordWebhookAttempt,
  type WebhookAttemptOutcome,
} from '@trackwell/db';
import { Webhook } from 'standardwebhooks';
import type { Env } from '../../config/env.ts';
import { assertPublicDestination } from '../../http/outbound-guard.ts';
import { webhookAttempts } from '../../observability/metrics.ts';
import { webhookPayload } from './payload.ts';

/**
 * One delivery attempt of a webhook message: claim it (nobody else sends it meanwhile), sign the body per
 * Standard Webhooks with the endpoint's `whsec_` secret, POST it to an address the SSRF guard accepted (the
 * connection goes to exactly the checked addresses: no second DNS answer), log the attempt. A 2xx answer
 * delivers it; anything else (another status, a timeout, a refused address) is retried after
 * WEBHOOKS_RETRY_DELAY_SECONDS × 2^(attempt − 1) until WEBHOOKS_MAX_ATTEMPTS, then the message failed.
 * Redirects are not followed (a 3xx is a failure): a redirect could point anywhere.
 */

const MAX_DELAY_SECONDS = 86_400;
const ANSWER_BYTES_READ = 64 * 1024;

export interface AttemptResult extends WebhookAttemptOutcome {
  messageId: string;
  eventType: string;
}

/** When the attempt after `attempt` is due, or null when `attempt` was the last. */
export function nextAttemptAt(env: Env, attempt: number, now = Date.now()): Date | null {
  if (attempt >= env.WEBHOOKS_MAX_ATTEMPTS) return null;
  const seconds = Math.min(MAX_DELAY_SECONDS, env.WEBHOOKS_RETRY_DELAY_SECONDS * 2 ** (attempt - 1));
  return new Date(now + seconds * 1000);
}

/**
 * Attempts a message once. `test`: the "send test event" message (sent now, never retried). Answers
 * undefined when the message is not this sender's to send (delivered, failed, held, not due).
 */
export async function attemptWebhookMessage(
  deps: { db: DatabaseHandle; env: Env },
  id: number,
  options: { test?: boolean } = {},
): Promise<AttemptResult | undefined> {
  const { db, env } = deps;
  const message = await claimWebhookMessage(db, id, env.WEBHOOKS_TIMEOUT_SECONDS + 60, {
    force: options.test ?? false,
  });
  if (!message) return undefined;
  const attempt = message.attempts + 1;
  const outcome = message.switchedOff
    ? switchedOff(attempt)
    : await send(env, message, attempt, options.test ?? false);
  await recordWebhookAttempt(db, message.tenantId, message.id, outcome);
  webhookAttempts.inc({ outcome: outcome.status === 'pending' ? 'retry' : outcome.status });
  return { ...outcome, messageId: message.messageId, eventType: message.eventType };
}

/** One signed POST of the message and its outcome: delivered, retried later, or failed for good. */
async function send(
  env: Env,
  message: ClaimedWebhookMessage,
  attempt: number,
  test: boolean,
): Promise<WebhookAttemptOutcome> {
  const body = JSON.stringify(webhookPayload(message));
  const started = performance.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    statusCode = await postSigned(new URL(message.url), message, body, env);
    if (statusCode < 200 || statusCode >= 300) error = `The endpoint answered HTTP ${statusCode}.`;
  } catch (e) {
    error = (e as Error).message || String(e);
  }
  const delivered = error === null;
  const next = delivered || test ? null : nextAttemptAt(env, attempt);
  return {
    attempt,
    statusCode,
    error: error?.slice(0, 1000) ?? null,
    durationMs: Math.round(performance.now() - started),
    status: delivered ? 'delivered' : next ? 'pending' : 'failed',
    nextAttemptAt: next,
  };
}

/**
 * A message queued for a user's endpoint before the store turned its users' webhooks off: never sent; it
 * fails with an attempt that says why (the endpoint's log shows it), instead of waiting for the switch.
 */
const switchedOff = (attempt: number): WebhookAttemptOutcome => ({
  attempt,
  statusCode: null,
  error: 'Not sent: the store turned its users’ webhooks off.',
  durationMs: 0,
  status: 'failed',
  nextAttemptAt: null,
});

/** Signs and POSTs `body`; answers the HTTP status. */
async function postSigned(
  url: URL,
  message: { messageId: string; secret: string },
  body: string,
  env: Env,
): Promise<number> {
  const checked = await assertPublicDestination(url, { allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE });
  const addresses = checked.addresses.map((address) => ({ address, family: isIP(address) }));
  const now = new Date();
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Trackwell-Webhooks/1',
    'webhook-id': message.messageId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': new Webhook(message.secret).sign(message.messageId, now, body),
  };
  // The connection goes to the addresses just checked, whatever the resolver would say now.
  const lookup: LookupFunction = (_host, opts, callback) => {
    if (opts.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const timeoutMs = env.WEBHOOKS_TIMEOUT_SECONDS * 1000;
  return new Promise<number>((resolve, reject) => {
    const request = send(url, { method: 'POST', headers, lookup }, (response) => {
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > ANSWER_BYTES_READ) response.destroy(); // the answer's body is not needed
      });
      response.on('close', () => resolve(response.statusCode ?? 0));
      response.on('error', () => resolve(response.statusCode ?? 0));
    });
    const timer = setTimeout(
      () => request.destroy(new Error(`No answer within ${env.WEBHOOKS_TIMEOUT_SECONDS} s.`)),
      timeoutMs,
    );
    request.on('error', (e) => reject(e));
    request.on('close', () => clearTimeout(timer));
    request.end(body);
  });
}
