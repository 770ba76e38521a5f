import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { TenantGate } from '../features/tenant/index.ts';
import type { AppStore } from '../lib/store.ts';
import { AppProvider } from './provider.tsx';

/**
 * Providers, then the tenant gate, around a router: the one tree the browser renders (`App`) and the
 * server draws the first screen with (entry-server.tsx, around a static router), so the two match when the
 * browser hydrates the server's HTML.
 */
export function AppFrame({ store, i18n, children }: { store: AppStore; i18n: i18n; children: ReactNode }) {
  return (
    <AppProvider store={store} i18n={i18n}>
      <TenantGate>{children}</TenantGate>
    </AppProvider>
  );
}

/** The whole app: providers, then the tenant gate, then the routes. Built by main.tsx and by tests. */
export function App({ store, i18n, router }: { store: AppStore; i18n: i18n; router: DataRouter }) {
  return (
    <AppFrame store={store} i18n={i18n}>
      <RouterProvider router={router} />
    </AppFrame>
  );
}
