import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import { TENANT_CONFIG_PATH } from '@trackwell/contracts';
import type { i18n } from 'i18next';
import { createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { App } from '../app/index.tsx';
import { routes } from '../app/router.tsx';
import { createStore } from '../lib/store.ts';
import type { ExtraRoutes } from './extra-routes.ts';
import { createTestI18n } from './render-with-i18n.tsx';
import { signedInRoutes } from './signed-in.ts';

/** How the fake server answers the configuration call: a JSON body with a status, or a network failure. */
export type ConfigAnswer = { status: number; body: unknown } | 'network-error';

const localesDir = join(import.meta.dirname, '../../public/locales');

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Stands in for the server: the configuration call answers `config`, and /locales/{lng}/{ns}.json
 * serves the real translation files from public/, as the server does from dist/.
 */
export function stubServer(config: ConfigAnswer, extra?: ExtraRoutes) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    if (extra) {
      const method = (input instanceof Request ? input.method : init?.method) ?? 'GET';
      const raw = input instanceof Request ? await input.clone().text() : init?.body;
      let body: unknown = raw;
      try {
        body = typeof raw === 'string' && raw ? JSON.parse(raw) : raw;
      } catch {
        // a form body stays a string
      }
      const answer = await extra(url, { method: method.toUpperCase(), body });
      if (answer) return json(answer.status, answer.body);
    }
    // The signed-in shell's own calls (user info, feature flags), unless `extra` answered them.
    const shell = await signedInRoutes()(url, { method: 'GET', body: undefined });
    if (shell) return json(shell.status, shell.body);
    if (url.pathname === TENANT_CONFIG_PATH) {
      if (config === 'network-error') throw new TypeError('Failed to fetch');
      return json(config.status, config.body);
    }
    const locale = /^\/locales\/([A-Za-z_]+)\/([a-z]+)\.json$/.exec(url.pathname);
    if (locale) {
      try {
        return json(
          200,
          JSON.parse(readFileSync(join(localesDir, locale[1]!, `${locale[2]!}.json`), 'utf8')),
        );
      } catch {
        return json(404, {});
      }
    }
    return json(404, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Calls the fake server received for the tenant configuration. */
export function configCalls(fetchMock: ReturnType<typeof stubServer>) {
  return fetchMock.mock.calls.filter(([input]) => {
    const url = input instanceof Request ? input.url : String(input);
    return url.includes(TENANT_CONFIG_PATH);
  });
}

/** Renders the whole app (store, i18n, tenant gate, routes) at `path`, as main.tsx does in the browser. */
export function renderApp({ path = '/', i18n = createTestI18n() }: { path?: string; i18n?: i18n } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return { router, i18n, ...render(<App store={createStore({ i18n })} i18n={i18n} router={router} />) };
}
