import { vi } from 'vitest';

/** One recorded console call. */
export type ConsoleCall = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** The request's content type ('' when it has none). */
  contentType: string;
};

/** What a handler answers: a status and a JSON body (or a Response, for bodies that are not JSON). */
export type ConsoleAnswer = { status: number; body?: unknown } | Response;

export type ConsoleHandler = (call: ConsoleCall, params: Record<string, string>) => ConsoleAnswer;

/**
 * A stand-in for the console API over `fetch`: tests register handlers for "METHOD /path/:param" (the
 * contracts' CONSOLE_PATHS), every call is recorded, and a call nobody handles answers 404 with the server's
 * error body, so a screen that calls what a test did not expect shows it.
 */
export function fakeConsoleApi() {
  const routes: Array<{ method: string; pattern: RegExp; names: string[]; handler: ConsoleHandler }> = [];
  const calls: ConsoleCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const type = request.headers.get('content-type') ?? '';
    const text = await request.text();
    const body = text && type.includes('json') ? JSON.parse(text) : text || undefined;
    const call = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      body,
      contentType: type,
    };
    calls.push(call);
    for (const route of routes) {
      const match = route.method === request.method ? route.pattern.exec(url.pathname) : null;
      if (!match) continue;
      const params = Object.fromEntries(
        route.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]),
      );
      const answer = route.handler(call, params);
      return answer instanceof Response ? answer : json(answer.status, answer.body);
    }
    return json(404, { error: 'not_found', message: `No handler for ${request.method} ${url.pathname}.` });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** Answers `METHOD path` (a path with `:params`, e.g. CONSOLE_PATHS.store) with `handler`. */
    on(method: string, path: string, handler: ConsoleHandler) {
      const names: string[] = [];
      const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_m, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
      routes.unshift({ method, pattern: new RegExp(`^${source}$`), names, handler });
      return this;
    },
    /** The calls made to `METHOD path` (exact path). */
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

export const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body ?? {}), {
    status,
    headers: status === 204 ? {} : { 'content-type': 'application/json' },
  });
