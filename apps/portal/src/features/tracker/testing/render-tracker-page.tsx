import { render } from '@testing-library/react';
import type { FeatureFlags, TenantConfig, UserInfo } from '@trackwell/contracts';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import Toaster from '../../../components/ui/toaster.tsx';
import { createStore } from '../../../lib/store.ts';
import { createTestI18n } from '../../../testing/render-with-i18n.tsx';
import { buildTenantConfig } from '../../../testing/tenant-config.ts';
import { TrackerPage } from '../components/tracker-page.tsx';
import { TEST_TENANT_ID, TEST_USER_ID } from './fake-tracker-server.ts';

type Overrides = Parameters<typeof buildTenantConfig>[0];

export function buildUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    MAEUserID: TEST_USER_ID,
    MAETenantID: TEST_TENANT_ID,
    userType: 'individual',
    firstName: 'Ada',
    lastName: 'Lovelace',
    login: 'ada@example.test',
    locale: null,
    ...overrides,
  };
}

export function buildFlags(overrides: Partial<Record<keyof FeatureFlags, boolean>> = {}): FeatureFlags {
  return {
    enable_resolver_DP_for_content: { enabled: overrides.enable_resolver_DP_for_content ?? false },
    track_by_publishers: { enabled: overrides.track_by_publishers ?? false },
    enable_translation: { enabled: overrides.enable_translation ?? true },
    user_webhooks: { enabled: overrides.user_webhooks ?? true },
  };
}

/** Every section on: the tenant of most tests. */
export const ALL_SECTIONS = {
  trackerSetting: {
    individual_standard_tracker: { enabled: true },
    committee: { enabled: true },
    industry_area: { enabled: true },
    publisher: { enabled: true },
    work_item: { enabled: true },
    publisher_list: [
      { code: 'PUB1', name: 'First Publisher' },
      { code: 'PUB2', name: 'Second Publisher' },
      { code: 'PUB1B', name: 'First Publisher' },
    ],
  },
} satisfies Overrides;

/** Renders the tracker page as the app does for a signed-in user: real store, English, the toaster. */
export function renderTrackerPage({
  tenant = buildTenantConfig(ALL_SECTIONS),
  flags = buildFlags({ track_by_publishers: true }),
  user = buildUser(),
  i18n = createTestI18n(),
}: {
  tenant?: TenantConfig;
  flags?: FeatureFlags;
  user?: UserInfo;
  /** The page's i18n: English with the locale server by default. */
  i18n?: ReturnType<typeof createTestI18n>;
} = {}) {
  const store = createStore({ context: { tenant, accessToken: () => 'test-token' }, i18n });
  return {
    store,
    i18n,
    ...render(
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <Toaster />
          <TrackerPage user={user} tenant={tenant} flags={flags} />
        </I18nextProvider>
      </Provider>,
    ),
  };
}
