import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTenantConfig } from '../testing/tenant-config.ts';
import {
  EARLY_ANSWER_TTL_MS,
  earlyRequestUrls,
  fetchWithEarlyAnswers,
  takeEarlyAnswer,
} from './early-requests.ts';

const ME = 'https://store.example/api/identity/v1/me';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function startedEarly(url: string, token: string, body: unknown, at = Date.now()) {
  const answers = window.__trackwellEarlyAnswers ?? new Map();
  answers.set(url, { token, at, response: Promise.resolve(Response.json(body)) });
  window.__trackwellEarlyAnswers = answers;
}

afterEach(() => {
  delete window.__trackwellEarlyAnswers;
  vi.unstubAllGlobals();
});

describe('early answers (the page starts a signed-in screen’s first calls)', () => {
  it('names the user-info and feature-flag calls at the store’s configured services', () => {
    const config = buildTenantConfig();
    const urls = earlyRequestUrls(
      { ...config, 'mae-uri': 'https://idp.example/base/', 'tracker-uri': '/' },
      'https://store.example',
    );
    expect(urls).toEqual([
      'https://idp.example/api/identity/v1/me',
      'https://store.example/api/tracker/v1/aws-appconfig/get-aws-appconfig',
    ]);
    expect(earlyRequestUrls({ ...config, 'mae-uri': '' }, 'https://store.example')).toHaveLength(1);
  });

  it('answers the same GET with the same token once, from the early answer', async () => {
    startedEarly(ME, 'token-1', { id: 'u1' });
    const fetchSpy = vi.fn(async () => Response.json({ id: 'from-network' }));
    vi.stubGlobal('fetch', fetchSpy);
    const first = await fetchWithEarlyAnswers(new Request(ME, { headers: bearer('token-1') }));
    expect(await first.json()).toEqual({ id: 'u1' });
    expect(fetchSpy).not.toHaveBeenCalled();
    // Taken once: the next call goes to the network.
    const second = await fetchWithEarlyAnswers(new Request(ME, { headers: bearer('token-1') }));
    expect(await second.json()).toEqual({ id: 'from-network' });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('is not used for another token, another method, or after its time', () => {
    startedEarly(ME, 'token-1', {});
    expect(takeEarlyAnswer(new Request(ME, { headers: bearer('token-2') }))).toBeUndefined();
    startedEarly(ME, 'token-1', {});
    expect(takeEarlyAnswer(new Request(ME, { method: 'POST', headers: bearer('token-1') }))).toBeUndefined();
    startedEarly(ME, 'token-1', {}, 0);
    expect(
      takeEarlyAnswer(new Request(ME, { headers: bearer('token-1') }), EARLY_ANSWER_TTL_MS + 1),
    ).toBeUndefined();
    // Each refusal forgets the answer: nothing is left to take.
    expect(window.__trackwellEarlyAnswers?.size).toBe(0);
  });

  it('makes the call itself when the early one failed', async () => {
    const answers = new Map([
      [ME, { token: 't', at: Date.now(), response: Promise.reject(new TypeError('offline')) }],
    ]);
    window.__trackwellEarlyAnswers = answers;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ again: true })),
    );
    const response = await fetchWithEarlyAnswers(new Request(ME, { headers: bearer('t') }));
    expect(await response.json()).toEqual({ again: true });
  });
});
