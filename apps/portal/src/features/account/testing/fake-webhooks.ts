import { WEBHOOK_PATHS, type WebhookAttempt, type WebhookEndpoint } from '@trackwell/contracts';
import { ORIGIN, stubMyAccount } from './fake-myaccount.ts';

/** The tracker API's own webhook endpoints of the user, as the fake answers them. */
export type FakeWebhooks = {
  endpoints: WebhookEndpoint[];
  attempts: WebhookAttempt[];
  /** `METHOD path` → the answer to give instead (an outage, a refusal). */
  failures: Map<string, { status: number; body: unknown }>;
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const webhookEndpoint = (id: string, url: string): WebhookEndpoint => ({
  id,
  url,
  description: 'Lab notebook',
  enabled: true,
  owner: 'user',
  createdAt: '2026-11-20T09:00:00Z',
});

export const webhookAttempt = (over: Partial<WebhookAttempt> = {}): WebhookAttempt => ({
  messageId: 'msg_1',
  eventType: 'webhook.test',
  changeId: null,
  messageStatus: 'delivered',
  attempt: 1,
  statusCode: 204,
  error: null,
  durationMs: 42,
  attemptedAt: '2026-11-26T08:00:00Z',
  nextAttemptAt: null,
  ...over,
});

/** What the user routes answer (the server's: DELETE answers the removed endpoint); https only. */
function answer(
  state: FakeWebhooks,
  method: string,
  path: string,
  body: Record<string, unknown> | undefined,
) {
  const failure = state.failures.get(`${method} ${path}`);
  if (failure) return json(failure.status, failure.body);
  if (path === WEBHOOK_PATHS.userWebhooks && method === 'GET')
    return json(200, { endpoints: state.endpoints });
  if (path === WEBHOOK_PATHS.userWebhooks && method === 'POST') {
    const url = String(body?.url ?? '');
    if (!url.startsWith('https://'))
      return json(400, {
        message: 'Not valid.',
        issues: [{ path: 'body.url', message: 'must be an https URL' }],
      });
    const created = { ...webhookEndpoint('9', url), description: String(body?.description ?? '') };
    state.endpoints = [...state.endpoints, created];
    return json(201, { ...created, secret: 'whsec_dXNlci1zZWNyZXQtdXNlci1zZWNyZXQ=' });
  }
  const id = /\/webhooks\/([^/]+)/.exec(path)?.[1];
  if (path.endsWith('/test') && method === 'POST') {
    const done = webhookAttempt();
    state.attempts = [done, ...state.attempts];
    return json(200, done);
  }
  if (path.endsWith('/deliveries')) return json(200, { attempts: state.attempts });
  if (method === 'DELETE') {
    const removed = state.endpoints.find((e) => e.id === id);
    if (!removed) return json(404, { message: 'No such endpoint.' });
    state.endpoints = state.endpoints.filter((e) => e !== removed);
    return json(200, removed);
  }
  return json(404, { message: 'Not found.' });
}

/** The account fake (stubMyAccount) with the user's webhook routes answered from `state`. */
export function stubWebhooks(overrides: Partial<FakeWebhooks> = {}) {
  const state: FakeWebhooks = { endpoints: [], attempts: [], failures: new Map(), ...overrides };
  const account = stubMyAccount();
  const inner = account.fetchMock.getMockImplementation()!;
  const calls: { method: string; path: string; body: unknown; authorization: string | null }[] = [];
  account.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), ORIGIN), init);
    const url = new URL(request.url, ORIGIN);
    if (!url.pathname.startsWith(WEBHOOK_PATHS.userWebhooks)) return inner(request);
    const method = request.method.toUpperCase();
    const text = await request.text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    calls.push({ method, path: url.pathname, body, authorization: request.headers.get('authorization') });
    return answer(state, method, url.pathname, body);
  });
  return { state, calls };
}
