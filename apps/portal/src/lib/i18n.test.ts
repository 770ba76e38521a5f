import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from './i18n.ts';

// Every instance made here starts loading the namespaces English does not bundle. Unanswered (jsdom's fetch
// has no server behind it), those reads are retried on real timers after their test has ended, through the
// `fetch` a later test counts (a pause of a second on a busy machine was enough). Answered 404 by default,
// each read ends at once; the tests that count reads stub their own.
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 404 })),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the translation loader (spec §8, §9)', () => {
  it('is configured for 5 retries from 350 ms, 10 parallel reads, fallback en, /locales/{lng}/{ns}.json', () => {
    const i18n = createI18n();
    const connector = i18n.services.backendConnector as unknown as {
      maxRetries: number;
      retryTimeout: number;
      maxParallelReads: number;
    };
    expect(connector).toMatchObject({ maxRetries: 5, retryTimeout: 350, maxParallelReads: 10 });
    expect(i18n.options.fallbackLng).toEqual(['en']);
    expect(i18n.options.backend).toMatchObject({ loadPath: '/locales/{{lng}}/{{ns}}.json' });
  });

  it('retries a 5xx answer 5 times, waiting 350 ms and doubling, then shows English', async () => {
    vi.useFakeTimers();
    const attempts: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (String(url).endsWith('/locales/de/common.json')) attempts.push(Date.now());
        return new Response('unavailable', { status: 503 });
      }),
    );
    const i18n = createI18n();

    const switching = i18n.changeLanguage('de');
    await vi.runAllTimersAsync();
    await switching;

    expect(attempts).toHaveLength(6);
    const waits = attempts.slice(1).map((t, i) => t - attempts[i]!);
    expect(waits).toEqual([350, 700, 1400, 2800, 5600]);
    expect(i18n.t('home.heading')).toBe('Standards tracker');
  });

  it('does not retry a 4xx answer', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(async (_url: string) => new Response('{}', { status: 404 }));
    vi.stubGlobal('fetch', fetchMock);
    const i18n = createI18n();

    const switching = i18n.changeLanguage('de');
    await vi.runAllTimersAsync();
    await switching;

    // One read per namespace file, none repeated.
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls.filter((url) => url.endsWith('/locales/de/common.json'))).toHaveLength(1);
    expect(new Set(urls).size).toBe(urls.length);
  });
});
