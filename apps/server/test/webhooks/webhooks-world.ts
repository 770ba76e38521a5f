import { CONSOLE_PATHS, WEBHOOK_PATHS } from '@trackwell/contracts';
import { afterAll, beforeAll } from 'vitest';
import {
  a,
  adminA,
  type ConsoleActor,
  callAs,
  editorA,
  t,
  useConsoleWorld,
} from '../support/console-world.ts';
import { buildNotificationCatalogue, trackSource } from '../support/notifications-fixtures.ts';
import type { TestUser } from '../support/tracker-fixtures.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

/**
 * The world of the webhook journeys: the console's world with the worker running, a local
 * receiver (private addresses allowed; webhooks-ssrf.test.ts tests the refusal), store A's notification
 * catalogue, a reader tracking committee D20 and a bystander tracking nothing. The bindings are live.
 */
export const W = WEBHOOK_PATHS;
export const WAIT = 60_000;
export let receiver: WebhookReceiver;
export let reader: TestUser;
export let bystander: TestUser;

export function useWebhooksWorld(env: Record<string, string> = {}) {
  useConsoleWorld({
    env: { SMTP_SINK_PORT: '0', WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOKS_RETRY_DELAY_SECONDS: '1', ...env },
    worker: true,
  });
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    await buildNotificationCatalogue(t.app.db, a.tenant.id);
    reader = await a.createUser();
    await trackSource(t.app.db, a.tenant.id, reader.id, 'COMMITTEE', 'D20');
    bystander = await a.createUser();
  });
  afterAll(async () => {
    await receiver?.close();
  });
}

export const storeUrl = (path: string) => path.replace(':code', a.tenant.code);
export const createStoreEndpoint = (path: string, actor: ConsoleActor = adminA) =>
  callAs(actor, {
    method: 'POST',
    url: storeUrl(W.storeWebhooks),
    payload: { url: `${receiver.origin}${path}`, description: `store ${path}` },
  });
export const createUserEndpoint = (user: TestUser, path: string) =>
  a.call(user, {
    method: 'POST',
    url: W.userWebhooks,
    payload: { url: `${receiver.origin}${path}`, description: `mine ${path}` },
  });
/** The console publishes a new edition of D638 (committee D20): the reader is matched, the bystander not. */
export const publish = (id: string, designation: string, whatChanged: object = {}) =>
  callAs(editorA, {
    method: 'POST',
    url: storeUrl(CONSOLE_PATHS.storeChanges),
    payload: {
      id,
      type: 'new_edition',
      standard: { contentCode: 'D638-CC' },
      designation,
      edition: designation.slice(-2),
      publishedOn: '2022-06-01',
      ...whatChanged,
    },
  });
export const hooksOf = (path: string, changeId: string) =>
  receiver
    .at(path)
    .filter((h) => (JSON.parse(h.body) as { data?: { changeId?: string } }).data?.changeId === changeId);
export const endpointCount = async () =>
  (await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_endpoints')).rows[0]!.n;
