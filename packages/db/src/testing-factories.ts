import { randomBytes } from 'node:crypto';
import type { TenantDefinition } from '@trackwell/contracts';

/** A valid theme (contrast rules met) for test tenants. */
const TEST_THEME: TenantDefinition['theme'] = {
  colors: {
    primary: '#1d4ed8',
    primaryContrast: '#ffffff',
    secondary: '#1e3a8a',
    background: '#ffffff',
    surface: '#f8fafc',
    text: '#0f172a',
    mutedText: '#475569',
    link: '#1d4ed8',
    headerBackground: '#1d4ed8',
    headerText: '#ffffff',
    footerBackground: '#0f172a',
    footerText: '#e2e8f0',
  },
  font: 'system',
  headingFont: 'system',
  radius: 6,
};

/** A store's name as SVG text: a name such as "Blue & <Co>" must not break the logo's XML. */
const escapeXmlText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Builds a valid tenant definition with a unique code and host, so each test makes its own tenant.
 * Pass overrides for what the test is about; everything else is a sensible, valid default.
 */
export function buildTenantDefinition(
  overrides: { code?: string; hosts?: string[]; name?: string } & Partial<
    Omit<TenantDefinition, 'code' | 'hosts'>
  > = {},
): TenantDefinition {
  const code = overrides.code ?? `t${randomBytes(5).toString('hex')}`;
  const name = overrides.name ?? `Test Store ${code}`;
  const base: TenantDefinition = {
    code,
    hosts: overrides.hosts ?? [`${code}.test.localhost`],
    config: {
      'compass-uri': 'https://compass.example.com/',
      'issuer-uri': '/oauth2/default',
      'mae-uri': '/',
      'client-id': `trackwell-portal-${code}`,
      'myaccount-uri': '/',
      'tracker-uri': '/',
      'login-page-url': '/signin',
      'member-uri': '/',
      'public-uri': '/store/',
      publicURL: '/store/standards/',
      tenantName: name,
      tenantCode: code,
      trackerSetting: {
        individual_standard_tracker: { enabled: true },
        committee: { enabled: true },
        industry_area: { enabled: true },
        publisher: { enabled: false },
        work_item: { enabled: true },
        publisher_list: [{ code: 'PUB1', name: 'First Publisher' }],
        header: {
          page_paragraph_info: 'Track the standards you rely on.\n\nWe e-mail you when they change.',
        },
      },
      footer: {
        socials: {
          links: [{ label: 'LinkedIn', url: 'https://www.linkedin.com/', 'fa-icon': 'fa-linkedin' }],
        },
        displayAddress: '1 Test Street, Testville',
        links: [{ label: 'privacyPolicy', url: 'https://example.com/privacy' }],
      },
      ui: {
        themeStylesheetUrl: `/assets/${code}/theme.css`,
        logoUrl: `/assets/${code}/logo.svg`,
        footerLogo: 'poweredBy',
        poweredByLogoUrl: '/assets/trackwell/logo.svg',
        sidebar: { enabled: false },
        copyrightLine: { enabled: false },
        contactUrl: 'https://example.com/contact',
        languageSelector: { enabled: true },
        languages: ['en', 'ar'],
        defaultLanguage: 'en',
        localeCookieEnv: 'Dev',
      },
    },
    theme: structuredClone(TEST_THEME), // a copy: a test may change its tenant's theme
    featureFlags: {
      enable_resolver_DP_for_content: { enabled: false },
      track_by_publishers: { enabled: false },
      enable_translation: { enabled: true },
      user_webhooks: { enabled: true },
    },
    logoSvg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 32" role="img"><title>${escapeXmlText(name)}</title><rect width="120" height="32" rx="6" fill="#1d4ed8"/></svg>`,
  };
  const { code: _c, hosts: _h, name: _n, ...rest } = overrides;
  return { ...base, ...rest };
}
