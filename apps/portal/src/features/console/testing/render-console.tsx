import { act, render } from '@testing-library/react';
import type { ConsoleRole, TenantConfig } from '@trackwell/contracts';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import Toaster from '../../../components/ui/toaster.tsx';
import { createStore } from '../../../lib/store.ts';
import { createTestI18n } from '../../../testing/render-with-i18n.tsx';
import { buildTenantConfig } from '../../../testing/tenant-config.ts';
import { TenantConfigContext } from '../../tenant/index.ts';
import { ConsoleArea } from '../routes.tsx';

/**
 * The console at `path` (under /admin) for a user with `roles`, with the shell's providers; no network. A
 * data router, as the portal's (`createBrowserRouter`), so navigation blockers work as in the browser.
 */
export function renderConsole({
  path = '/admin',
  roles = ['platform_operator'],
  tenant = buildTenantConfig(),
  i18n = createTestI18n(),
}: {
  path?: string;
  roles?: ConsoleRole[];
  tenant?: TenantConfig;
  i18n?: i18n;
} = {}) {
  const store = createStore({ i18n, context: { tenant, accessToken: () => 'console-token' } });
  const router = createMemoryRouter(
    [
      { path: 'admin/*', element: <ConsoleArea roles={roles} /> },
      { path: '/', element: <p>Tracker page</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <TenantConfigContext value={tenant}>
          <RouterProvider router={router} />
          <Toaster />
        </TenantConfigContext>
      </I18nextProvider>
    </Provider>,
  );
  return { ...view, i18n, store, router };
}

export function dismissToasts() {
  act(() => toast.dismiss());
}
