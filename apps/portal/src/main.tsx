import './lib/zod-config.ts';
import './index.css';
import { FALLBACK_LANGUAGE } from '@trackwell/contracts';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/index.tsx';
import { resolveLazyRoutes } from './app/lazy-routes.ts';
import { routes } from './app/router.tsx';
import {
  initialTenantLanguage,
  readEmbeddedTenantConfig,
  seedTenantConfiguration,
} from './features/tenant/index.ts';
import { loadBootstrap } from './lib/bootstrap-stylesheet.ts';
import { readFirstScreen } from './lib/first-screen.ts';
import { createI18n, directionOf } from './lib/i18n.ts';
import { createStore } from './lib/store.ts';

// A page whose first screen the server drew (entry-server.tsx) carries the configuration and
// the language it drew it with, and that language's strings: the browser starts from exactly these and
// hydrates the server's HTML. Otherwise (the Vite dev server, a failed server rendering) it starts from the
// configuration written into the page, and draws everything itself (without one, the Vite dev server, it
// starts in the fallback language until the configuration arrives).
const firstScreen = readFirstScreen();
const pageConfig = firstScreen ? readEmbeddedTenantConfig() : undefined;
const knownConfig = pageConfig ?? readEmbeddedTenantConfig();
const initialLanguage = knownConfig ? initialTenantLanguage(knownConfig) : FALLBACK_LANGUAGE;
const i18n = createI18n(initialLanguage, {}, { preloaded: pageConfig ? firstScreen : undefined });
void loadBootstrap(directionOf(i18n.language));
const store = createStore({ i18n });
const root = document.getElementById('root')!;

if (firstScreen && pageConfig) {
  seedTenantConfiguration(store, pageConfig);
  // react-router: a lazy route must have its code before hydrating, or the router's first render (its
  // hydrate fallback) would not be the server's. The server preloads these chunks, so this waits for little.
  void resolveLazyRoutes(routes, window.location.pathname).then(() => {
    const router = createBrowserRouter(routes);
    // Not in a transition: hydration sliced across tasks let a key press land between slices, on an
    // element already hydrated but not yet live, and be lost (the field then emptied on the next render).
    // In one task, text typed before it is kept (React reads the field's value when it hydrates it).
    hydrateRoot(
      root,
      <StrictMode>
        <App store={store} i18n={i18n} router={router} />
      </StrictMode>,
    );
  });
} else {
  createRoot(root).render(
    <StrictMode>
      <App store={store} i18n={i18n} router={createBrowserRouter(routes)} />
    </StrictMode>,
  );
}
