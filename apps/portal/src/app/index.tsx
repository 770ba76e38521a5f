import type { i18n } from 'i18next';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { TenantGate } from '../features/tenant/index.ts';
import type { AppStore } from '../lib/store.ts';
import { AppProvider } from './provider.tsx';

/** The whole app: providers, then the tenant gate, then the routes. Built by main.tsx and by tests. */
export function App({ store, i18n, router }: { store: AppStore; i18n: i18n; router: DataRouter }) {
  return (
    <AppProvider store={store} i18n={i18n}>
      <TenantGate>
        <RouterProvider router={router} />
      </TenantGate>
    </AppProvider>
  );
}
