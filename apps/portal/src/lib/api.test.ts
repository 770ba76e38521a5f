import { describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../testing/render-with-i18n.tsx';
import { buildTenantConfig } from '../testing/tenant-config.ts';
import { api, envelopeValue, KEEP_UNUSED_DATA_FOR_SECONDS } from './api.ts';
import { describeApiError } from './api-errors.ts';
import { createStore } from './store.ts';

/** A throwaway endpoint on the shared API, as the features add theirs. */
const probe = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, { service?: 'tracker-uri' | 'member-uri'; url: string }>({
      query: ({ service, url }) => ({ service, url }),
    }),
  }),
  overrideExisting: true,
});

function json(status: number, body: unknown) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function storeWith(tenant = buildTenantConfig(), token: string | null = 'token-1') {
  return createStore({ context: { tenant, accessToken: () => token ?? undefined } });
}

describe('the data layer (spec §6, §7, §8, §9)', () => {
  it('calls the tenant service named by the endpoint, with the bearer token', async () => {
    const fetchMock = vi.fn(async (_input: Request) =>
      json(200, { status: '200', responseData: { value: 1 } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const store = storeWith(buildTenantConfig({ 'tracker-uri': 'https://tracker.example.test/base/' }));

    const result = await store.dispatch(
      probe.endpoints.probe.initiate({ service: 'tracker-uri', url: 'api/x?y=1' }),
    );

    expect(result.data).toEqual({ status: '200', responseData: { value: 1 } });
    const request = fetchMock.mock.calls[0]![0];
    expect(request.url).toBe('https://tracker.example.test/base/api/x?y=1');
    expect(request.headers.get('authorization')).toBe('Bearer token-1');
  });

  it('sends no authorization header when nobody is signed in', async () => {
    const fetchMock = vi.fn(async (_input: Request) => json(200, {}));
    vi.stubGlobal('fetch', fetchMock);

    await storeWith(buildTenantConfig(), null).dispatch(probe.endpoints.probe.initiate({ url: '/x' }));

    expect(fetchMock.mock.calls[0]![0].headers.has('authorization')).toBe(false);
  });

  it("answers 400 'Bad Request' 'No Base-URL found' without a request when the tenant lacks the base URL", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const tenant = { ...buildTenantConfig(), 'member-uri': '' };

    const result = await storeWith(tenant).dispatch(
      probe.endpoints.probe.initiate({ service: 'member-uri', url: '/openapi/v1/committees' }),
    );

    expect(result.error).toEqual({ status: 400, statusText: 'Bad Request', data: 'No Base-URL found' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('turns a body whose status is not "200" into an error carrying that body', async () => {
    const body = { status: '403', error: 'forbidden', message: 'That tracking belongs to another user.' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, body)),
    );

    const result = await storeWith().dispatch(
      probe.endpoints.probe.initiate({ service: 'tracker-uri', url: '/a' }),
    );

    expect(result.error).toEqual({ status: 403, data: body });
  });

  it('reports the spec error kinds: FETCH_ERROR, PARSING_ERROR, an HTTP status with data', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        if (input.url.endsWith('/down')) throw new TypeError('Failed to fetch');
        if (input.url.endsWith('/html')) return json(200, '<html>oops</html>');
        return json(404, { status: '404', error: 'not_found', message: 'No such standard.' });
      }),
    );
    const store = storeWith();
    const run = (url: string) => store.dispatch(probe.endpoints.probe.initiate({ url }));

    expect((await run('/down')).error).toMatchObject({ status: 'FETCH_ERROR' });
    expect((await run('/html')).error).toMatchObject({ status: 'PARSING_ERROR', originalStatus: 200 });
    expect((await run('/missing')).error).toEqual({
      status: 404,
      data: { status: '404', error: 'not_found', message: 'No such standard.' },
    });
  });

  it('keeps unused data 60 s', () => {
    expect(KEEP_UNUSED_DATA_FOR_SECONDS).toBe(60);
  });

  it("uses an envelope's value only when its status is '200', otherwise the empty result", () => {
    expect(envelopeValue({ status: '200', responseData: { value: [1] } }, [])).toEqual([1]);
    expect(envelopeValue({ status: '500', responseData: { value: [1] } }, [])).toEqual([]);
    expect(envelopeValue(undefined, [])).toEqual([]);
  });
});

describe('error toasts read like sentences (spec §8)', () => {
  const { t } = createTestI18n();

  it('says what went wrong in words for each kind, never raw JSON', () => {
    expect(describeApiError({ status: 'FETCH_ERROR', error: 'TypeError' }, t)).toBe(
      'The server could not be reached. Check your connection and try again.',
    );
    expect(describeApiError({ status: 'PARSING_ERROR', originalStatus: 200, data: '<', error: 'x' }, t)).toBe(
      'The server sent an answer that could not be read.',
    );
    expect(describeApiError({ status: 403, data: { status: '403', message: 'Not yours.' } }, t)).toBe(
      'Not yours.',
    );
    expect(describeApiError({ status: 400, data: 'No Base-URL found' }, t)).toBe('No Base-URL found');
    expect(describeApiError({ status: 502, data: { unexpected: true } }, t)).toBe(
      'The request failed (502 ).',
    );
    expect(describeApiError(new Error('Token renewal failed'), t)).toBe('Token renewal failed');
  });

  it('toasts a failed call once, with that sentence', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(409, { status: '409', message: 'Already tracked.' })),
    );
    const i18n = createTestI18n();
    const notify = await import('./notify.ts');
    const shown = vi.spyOn(notify.notify, 'error').mockImplementation(() => {});
    const store = createStore({ context: { tenant: buildTenantConfig() }, i18n });

    await store.dispatch(probe.endpoints.probe.initiate({ url: '/conflict' }));

    await vi.waitFor(() => expect(shown).toHaveBeenCalledWith('Already tracked.'));
    expect(shown).toHaveBeenCalledOnce();
  });
});
