import './lib/zod-config.ts';
import './index.css';
import { FALLBACK_LANGUAGE } from '@trackwell/contracts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/index.tsx';
import { routes } from './app/router.tsx';
import {
  initialTenantLanguage,
  readCachedTenantConfig,
  readEmbeddedTenantConfig,
} from './features/tenant/index.ts';
import { loadBootstrap } from './lib/bootstrap-stylesheet.ts';
import { createI18n, directionOf } from './lib/i18n.ts';
import { createStore } from './lib/store.ts';

// Start what the first screen needs at once: the language and the Bootstrap build of the configuration
// cached earlier in this tab or written into the page by the server (with the locale cookie), else the
// fallback language's while the configuration call runs.
const cachedConfig = readCachedTenantConfig() ?? readEmbeddedTenantConfig();
const initialLanguage = cachedConfig ? initialTenantLanguage(cachedConfig) : FALLBACK_LANGUAGE;
const i18n = createI18n(initialLanguage);
void loadBootstrap(directionOf(initialLanguage));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={createStore({ i18n })} i18n={i18n} router={createBrowserRouter(routes)} />
  </StrictMode>,
);
