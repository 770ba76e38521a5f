import { getTenantConfigurationResponse, type TenantConfig } from '@trackwell/contracts';

type Overrides = Partial<Omit<TenantConfig, 'ui' | 'trackerSetting'>> & {
  ui?: Partial<TenantConfig['ui']>;
  trackerSetting?: Partial<TenantConfig['trackerSetting']>;
};

/** A valid tenant configuration for tests; pass only what the test is about. */
export function buildTenantConfig(overrides: Overrides = {}): TenantConfig {
  const origin = 'http://localhost:3000';
  const base: TenantConfig = {
    'compass-uri': `${origin}/compass`,
    'issuer-uri': `${origin}/oauth2/default`,
    'mae-uri': `${origin}/mae`,
    'client-id': 'portal-test',
    'myaccount-uri': `${origin}/idp/myaccount`,
    'tracker-uri': origin,
    'login-page-url': `${origin}/login`,
    'member-uri': `${origin}/member`,
    'public-uri': `${origin}/store`,
    publicURL: `${origin}/store/standards/`,
    tenantName: 'Acme Standards',
    tenantCode: 'acme',
    trackerSetting: {
      individual_standard_tracker: { enabled: true },
      committee: { enabled: true },
      industry_area: { enabled: true },
      publisher: { enabled: false },
      work_item: { enabled: false },
      publisher_list: [],
      header: {
        page_paragraph_info: 'Follow the standards you rely on.\n\nWe email you when they change.',
      },
    },
    footer: { socials: { links: [] }, displayAddress: '1 Test Street', links: [] },
    ui: {
      themeStylesheetUrl: `${origin}/assets/acme/theme.css`,
      logoUrl: `${origin}/assets/acme/logo.svg`,
      footerLogo: 'poweredBy',
      poweredByLogoUrl: `${origin}/assets/trackwell/logo.svg`,
      sidebar: { enabled: false },
      copyrightLine: { enabled: false },
      contactUrl: `${origin}/contact`,
      languageSelector: { enabled: false },
      languages: ['en'],
      defaultLanguage: 'en',
      localeCookieEnv: 'Dev',
    },
  };
  return {
    ...base,
    ...overrides,
    trackerSetting: { ...base.trackerSetting, ...overrides.trackerSetting },
    ui: { ...base.ui, ...overrides.ui },
  };
}

/** The configuration service's success answer (spec §7: responseData.value holds the config). */
export function tenantConfigResponse(config: TenantConfig = buildTenantConfig()) {
  return getTenantConfigurationResponse.parse({ status: '200', responseData: { value: config } });
}
