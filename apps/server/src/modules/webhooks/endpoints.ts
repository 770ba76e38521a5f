import { isIP } from 'node:net';
import type { WebhookAttempt, WebhookEndpoint, WebhookEndpointCreate } from '@trackwell/contracts';
import {
  createWebhookEndpoint,
  createWebhookTestMessage,
  type DatabaseHandle,
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  listWebhookAttempts,
  listWebhookEndpoints,
  recordAuditEntry,
  type WebhookAttemptRow,
  type WebhookEndpointRow,
  type WebhookOwner,
} from '@trackwell/db';
import type { Env } from '../../config/env.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { addressKind } from '../../http/outbound-guard.ts';
import { attemptWebhookMessage } from './deliver.ts';

/**
 * What the webhook routes do, framework-free but for the app's database and settings: whose endpoints a
 * call is about (`EndpointScope`: the store's in the console, the user's own in the tracker API), the URL
 * rule at registration, the audit of the console's writes, the test event and the delivery log.
 */

export interface EndpointScope {
  tenantId: string;
  storeCode: string;
  owner: WebhookOwner;
  actor: { id: string; login: string };
  /** Console writes are recorded in the store's audit log. */
  audited: boolean;
}

/** Endpoints one owner may have. */
export const MAX_ENDPOINTS_PER_OWNER = 20;

type Deps = { db: DatabaseHandle; env: Env };

export const presentEndpoint = (e: WebhookEndpointRow): WebhookEndpoint => ({
  id: e.id,
  url: e.url,
  description: e.description,
  enabled: e.enabled,
  owner: e.userId === null ? 'store' : 'user',
  createdAt: e.createdAt.toISOString(),
});

const presentAttempt = (a: WebhookAttemptRow): WebhookAttempt => ({
  ...a,
  eventType: a.eventType as WebhookAttempt['eventType'],
  attemptedAt: a.attemptedAt.toISOString(),
  nextAttemptAt: a.nextAttemptAt?.toISOString() ?? null,
});

/**
 * https only, unless the server allows private addresses (local development: http too). A literal private
 * or loopback address is refused now; a host name is checked when each message is sent (outbound-guard.ts).
 */
function urlProblem(url: URL, allowPrivate: boolean): string | undefined {
  if (allowPrivate) return undefined;
  if (url.protocol !== 'https:') return 'must be an https URL';
  if (url.username || url.password) return 'must not carry a user name or password';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!isIP(host)) return undefined;
  const kind = addressKind(host);
  if (kind === 'public') return undefined;
  return `must not name a ${kind === 'reserved' ? 'reserved (non-public)' : kind} address (${host})`;
}

export async function listEndpoints(app: Deps, scope: EndpointScope) {
  return listWebhookEndpoints(app.db, scope.tenantId, scope.owner);
}

export async function createEndpoint(app: Deps, scope: EndpointScope, body: WebhookEndpointCreate) {
  const problem = urlProblem(new URL(body.url), app.env.WEBHOOKS_ALLOW_PRIVATE);
  if (problem) throw badRequest(`The endpoint URL ${problem}.`, [{ path: 'body.url', message: problem }]);
  return app.db.transaction(async (tx) => {
    const existing = await listWebhookEndpoints(tx, scope.tenantId, scope.owner);
    if (existing.length >= MAX_ENDPOINTS_PER_OWNER)
      throw badRequest(`At most ${MAX_ENDPOINTS_PER_OWNER} endpoints: delete one first.`, [
        { path: 'body.url', message: `at most ${MAX_ENDPOINTS_PER_OWNER} endpoints` },
      ]);
    const created = await createWebhookEndpoint(tx, scope.tenantId, scope.owner, {
      url: body.url,
      description: body.description,
      createdBy: scope.actor.id,
    });
    if (scope.audited)
      await recordAuditEntry(tx, scope.tenantId, {
        storeCode: scope.storeCode,
        actor: { kind: 'user', id: scope.actor.id, login: scope.actor.login },
        action: 'webhook.create',
        target: created.id,
        after: presentEndpoint(created), // never the secret
      });
    return created;
  });
}

export async function deleteEndpoint(app: Deps, scope: EndpointScope, id: string) {
  return app.db.transaction(async (tx) => {
    const deleted = await deleteWebhookEndpoint(tx, scope.tenantId, scope.owner, id);
    if (!deleted) throw notFound('No such webhook endpoint.');
    if (scope.audited)
      await recordAuditEntry(tx, scope.tenantId, {
        storeCode: scope.storeCode,
        actor: { kind: 'user', id: scope.actor.id, login: scope.actor.login },
        action: 'webhook.delete',
        target: deleted.id,
        before: presentEndpoint(deleted),
      });
    return deleted;
  });
}

async function ownEndpoint(app: Deps, scope: EndpointScope, id: string) {
  const endpoint = await findWebhookEndpoint(app.db, scope.tenantId, scope.owner, id);
  if (!endpoint) throw notFound('No such webhook endpoint.');
  return endpoint;
}

/** "Send test event": one signed attempt now (the SSRF guard applies), logged; answers the attempt. */
export async function sendTestEvent(app: Deps, scope: EndpointScope, id: string): Promise<WebhookAttempt> {
  const endpoint = await ownEndpoint(app, scope, id);
  const message = await createWebhookTestMessage(app.db, scope.tenantId, endpoint.id);
  const result = await attemptWebhookMessage(app, message.id, { test: true });
  if (!result) throw new Error('a new test message could not be claimed');
  return {
    messageId: result.messageId,
    eventType: 'webhook.test',
    changeId: null,
    messageStatus: result.status,
    attempt: result.attempt,
    statusCode: result.statusCode,
    error: result.error,
    durationMs: result.durationMs,
    attemptedAt: new Date().toISOString(),
    nextAttemptAt: null,
  };
}

export async function endpointDeliveries(app: Deps, scope: EndpointScope, id: string, limit: number) {
  const endpoint = await ownEndpoint(app, scope, id);
  return (await listWebhookAttempts(app.db, scope.tenantId, endpoint.id, limit)).map(presentAttempt);
}
