import type { OktaAuth } from '@okta/okta-auth-js';
import { act, render } from '@testing-library/react';
import type { TenantConfig } from '@trackwell/contracts';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import Toaster from '../../../components/ui/toaster.tsx';
import { createStore } from '../../../lib/store.ts';
import { createTestI18n } from '../../../testing/render-with-i18n.tsx';
import { buildTenantConfig } from '../../../testing/tenant-config.ts';
import { TenantConfigContext } from '../../tenant/index.ts';
import { AccountArea } from '../routes.tsx';
import { buildOktaAuth } from './fake-myaccount.ts';

export const USER_ID = '3f2b6c1e-8d4a-4c2e-9b7a-1f0e2d3c4b5a';

/** The account area at `path` (under /account), with the shell's providers and the toaster, no network. */
export function renderAccount({
  path = '/account/profile',
  tenant = buildTenantConfig(),
  oktaAuth = buildOktaAuth().oktaAuth,
  i18n = createTestI18n(),
}: {
  path?: string;
  tenant?: TenantConfig;
  oktaAuth?: OktaAuth;
  i18n?: i18n;
} = {}) {
  const store = createStore({ i18n, context: { tenant, accessToken: () => 'portal-token' } });
  const view = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <TenantConfigContext value={tenant}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="account/*" element={<AccountArea oktaAuth={oktaAuth} userId={USER_ID} />} />
              <Route path="/" element={<p>Tracker page</p>} />
            </Routes>
          </MemoryRouter>
          <Toaster />
        </TenantConfigContext>
      </I18nextProvider>
    </Provider>,
  );
  return { ...view, i18n, store, oktaAuth };
}

export function dismissToasts() {
  act(() => toast.dismiss());
}
