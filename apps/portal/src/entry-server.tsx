/**
 * The server's rendering of a portal page's first screen, built by `vite build --ssr` into
 * dist/ssr/ and called per request by apps/server/src/modules/portal/server-render.ts. It draws the same
 * components the browser runs (AppFrame + the routes, through a static router) with the store's
 * configuration, the page language and that language's strings; the browser then hydrates this HTML
 * (main.tsx). What the server cannot know (the signed-in user: tokens live in the browser's session
 * storage) is drawn as the browser's first render draws it, and loads after hydration.
 */
import './lib/zod-config.ts';
import type { Language, TenantConfig } from '@trackwell/contracts';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { AppFrame } from './app/index.tsx';
import type { RouteHandle } from './app/route-handle.ts';
import { routes } from './app/router.tsx';
import { COMMON_NAMESPACE } from './config/constants.ts';
import { seedTenantConfiguration } from './features/tenant/index.ts';
import { earlyRequestUrls } from './lib/early-requests.ts';
import { createI18n } from './lib/i18n.ts';
import { ServerPageContext } from './lib/server-page.ts';
import { createStore } from './lib/store.ts';

export { FIRST_SCREEN_ID } from './lib/first-screen.ts';

/** The translation namespaces the screen at `pathname` shows (`common` first), from its routes' handles. */
export function firstScreenNamespaces(pathname: string): string[] {
  const named = (matchRoutes(routes, pathname) ?? []).flatMap(
    (match) => (match.route.handle as RouteHandle | undefined)?.namespaces ?? [],
  );
  return [...new Set([COMMON_NAMESPACE, ...named])];
}

/**
 * The calls the screen at `pathname` makes first, which the page may start itself (lib/early-requests.ts):
 * only for a screen that waits for the signed-in user.
 */
export function firstScreenEarlyRequests(pathname: string, config: TenantConfig, origin: string): string[] {
  const waitsForUser = (matchRoutes(routes, pathname) ?? []).some(
    (match) => (match.route.handle as RouteHandle | undefined)?.waitsForUser === true,
  );
  return waitsForUser ? earlyRequestUrls(config, origin) : [];
}

export interface FirstScreenRequest {
  /** The page's absolute URL on the store's canonical origin. */
  url: string;
  config: TenantConfig;
  language: Language;
  /** The language's strings, by namespace: at least those `firstScreenNamespaces` names. */
  namespaces: Record<string, Record<string, unknown>>;
}

/**
 * The source modules of the screen at `pathname` that the browser loads before it hydrates, as the client
 * build's manifest names them (dist/.vite/manifest.json): each matched route's (`RouteHandle.module`), the
 * shell's first. The server links their chunks and stylesheets in <head>.
 */
export function firstScreenModules(pathname: string): string[] {
  const named = (matchRoutes(routes, pathname) ?? []).flatMap((match) => {
    const module = (match.route.handle as RouteHandle | undefined)?.module;
    return module ? [module] : [];
  });
  return [...new Set(named)];
}

export interface FirstScreen {
  /** Resource hints React gathered while rendering (the logo's image preload), for <head>. */
  head: string;
  /** The HTML of `#root`. */
  body: string;
}

/**
 * The first screen of the page, or a rejection (the server then sends the page the browser draws itself).
 * Waits for every lazy part (React's prerender), so the HTML is the whole first screen.
 */
export async function renderFirstScreen({
  url,
  config,
  language,
  namespaces,
}: FirstScreenRequest): Promise<FirstScreen> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`The routes answered ${context.status} for ${url}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const i18n = createI18n(language, {}, { preloaded: { language, namespaces }, withBackend: false });
  const store = createStore({ i18n });
  seedTenantConfiguration(store, config);

  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <ServerPageContext value={{ origin: new URL(url).origin }}>
        <AppFrame store={store} i18n={i18n}>
          {/* No inline hydration script (the page's CSP allows none): the routes have no loaders. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppFrame>
      </ServerPageContext>
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  if (errors.length > 0) throw errors[0];
  const html = await new Response(prelude).text();
  // React writes the hints it gathered (<link rel="preload">) before the markup: they belong in <head>.
  const head = /^(?:<link [^>]*>)*/.exec(html)?.[0] ?? '';
  return { head, body: html.slice(head.length) };
}
