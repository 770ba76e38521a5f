import './lib/zod-config.ts';
import './index.css';
import { FALLBACK_LANGUAGE } from '@trackwell/contracts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/index.tsx';
import { routes } from './app/router.tsx';
import { createStore } from './app/store.ts';
import { initialTenantLanguage, readCachedTenantConfig } from './features/tenant/index.ts';
import { loadBootstrap } from './lib/bootstrap-stylesheet.ts';
import { createI18n, directionOf } from './lib/i18n.ts';

// Start what the first screen needs at once, in parallel with the configuration call: the language and
// the Bootstrap build of a configuration cached earlier in this tab (with the locale cookie), else the
// fallback language's.
const cachedConfig = readCachedTenantConfig();
const initialLanguage = cachedConfig ? initialTenantLanguage(cachedConfig) : FALLBACK_LANGUAGE;
const i18n = createI18n(initialLanguage);
void loadBootstrap(directionOf(initialLanguage));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={createStore({ i18n })} i18n={i18n} router={createBrowserRouter(routes)} />
  </StrictMode>,
);
