import { vi } from 'vitest';
import type { AccountDevice } from '../lib/account-data.ts';
import { stubMyAccount } from './fake-myaccount.ts';

/**
 * `fetch` answering the account data calls (devices, export, delete) from `devices`, and
 * everything else as stubMyAccount does. `fail` makes one call ("METHOD /path") answer an error.
 */
export function buildDevices(): AccountDevice[] {
  return [
    {
      id: 'sess-this',
      browser: 'Chrome 131',
      os: 'Linux',
      ipAddress: '203.0.113.7',
      signedInAt: '2026-03-04T09:00:00Z',
      lastActiveAt: '2026-03-04T10:00:00Z',
      current: true,
    },
    {
      id: 'sess-other',
      browser: 'Firefox 133',
      os: 'Windows',
      ipAddress: '198.51.100.2',
      signedInAt: '2026-03-01T08:00:00Z',
      lastActiveAt: '2026-03-02T08:30:00Z',
      current: false,
    },
  ];
}

type Failure = { status: number; body: unknown; headers?: Record<string, string> };

export function stubAccountData(devices = buildDevices(), fail: Record<string, Failure> = {}) {
  const myAccount = stubMyAccount();
  const fallback = myAccount.fetchMock.getMockImplementation()!;
  const reply = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
  const state = { devices, deleted: false };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost:3000');
    const method = (init?.method ?? 'GET').toUpperCase();
    const failure = fail[`${method} ${url.pathname}`];
    if (failure) return reply(failure.status, failure.body, failure.headers);
    const one = /^\/idp\/myaccount\/sessions\/([^/]+)$/.exec(url.pathname);
    if (one && method === 'DELETE') {
      state.devices = state.devices.filter((d) => d.id !== decodeURIComponent(one[1]!));
      return reply(204, null);
    }
    if (url.pathname === '/idp/myaccount/sessions') {
      if (method === 'DELETE') state.devices = state.devices.filter((d) => d.current);
      return reply(200, method === 'DELETE' ? { signedOut: 1 } : { sessions: state.devices });
    }
    if (url.pathname === '/idp/myaccount/export')
      return reply(
        200,
        { profile: { login: 'ada@example.test' } },
        {
          'content-disposition': 'attachment; filename="account-data-2026-03-04.json"',
        },
      );
    if (url.pathname === '/idp/myaccount/account' && method === 'DELETE') {
      state.deleted = true;
      return reply(204, null);
    }
    return fallback(input, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { state, fetchMock };
}
