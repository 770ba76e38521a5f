import {
  FOOTER_LINK_KEYS,
  type Language,
  SUPPORTED_LANGUAGES,
  type TenantConfig,
  type TenantDefinition,
  type TenantTheme,
} from '@trackwell/contracts';
import {
  AENOR_ADDRESS,
  AENOR_INTRO,
  AWWA_INTRO,
  NORDIC_INTRO,
  PLATFORM_INTRO,
} from './intro-translations.ts';
import { type LogoEmblem, tenantLogoSvg } from './logos.ts';

/**
 * The demo tenants: one Trackwell install serving the platform's own tenant and four stores. Each one differs
 * where the spec lets tenants differ (theme, logo, footer, languages, tracker sections, feature flags), so the
 * demo and the end-to-end tests show every per-tenant branch. Ids are fixed so a re-seed keeps them.
 *
 * URL fields are root-relative: the configuration service resolves them against the origin of the request,
 * so the same definition works on http://awwa.localhost:8080 and behind any proxy.
 */

export interface DemoTenant {
  /** Fixed id: seeding never changes it. */
  id: string;
  definition: TenantDefinition;
}

/** A fictional compass service (spec §1 sidebar link); nothing answers on it. */
const COMPASS_URI = 'https://compass.trackwell.example/';

/** The URL fields every demo tenant shares: all on the tenant's own origin. */
function sameOriginUrls(code: string) {
  return {
    'compass-uri': COMPASS_URI,
    'issuer-uri': '/oauth2/default',
    'mae-uri': '/',
    'client-id': `trackwell-portal-${code}`,
    'myaccount-uri': '/',
    'tracker-uri': '/',
    'login-page-url': '/signin',
    'member-uri': '/',
    'public-uri': '/store/',
    publicURL: '/store/standards/',
  } satisfies Partial<TenantConfig>;
}

type FooterLinkKey = (typeof FOOTER_LINK_KEYS)[number];

/** Bottom links to the tenant's store pages, in the spec's order (spec §2 Footer). */
function storeLinks(keys: readonly FooterLinkKey[]) {
  const path: Record<FooterLinkKey, string> = {
    home: '/store/',
    aboutOrganisation: '/store/about',
    contact: '/store/contact',
    privacyPolicy: '/store/privacy',
    policies: '/store/policies',
    copyrightPermissions: '/store/copyright',
    sales: '/store/sales',
  };
  return FOOTER_LINK_KEYS.filter((k) => keys.includes(k)).map((label) => ({ label, url: path[label] }));
}

type SocialNetwork = 'linkedin' | 'x' | 'youtube' | 'facebook' | 'instagram';
const SOCIAL: Record<SocialNetwork, { label: string; base: string; icon: string }> = {
  linkedin: { label: 'LinkedIn', base: 'https://www.linkedin.com/company/', icon: 'fa-linkedin' },
  x: { label: 'X', base: 'https://x.com/', icon: 'fa-x-twitter' },
  youtube: { label: 'YouTube', base: 'https://www.youtube.com/@', icon: 'fa-youtube' },
  facebook: { label: 'Facebook', base: 'https://www.facebook.com/', icon: 'fa-facebook' },
  instagram: { label: 'Instagram', base: 'https://www.instagram.com/', icon: 'fa-instagram' },
};

/** Social links with clearly fictional demo handles. */
function socials(handle: string, networks: readonly SocialNetwork[]) {
  return {
    links: networks.map((n) => ({
      label: SOCIAL[n].label,
      url: `${SOCIAL[n].base}${handle}`,
      'fa-icon': SOCIAL[n].icon,
    })),
  };
}

const on = { enabled: true };
const off = { enabled: false };

interface DemoTenantInput {
  id: string;
  code: string;
  hosts: string[];
  name: string;
  theme: TenantTheme;
  logo: { name: string; tagline?: string; initials: string; emblem: LogoEmblem };
  trackerSetting: TenantConfig['trackerSetting'];
  footer: TenantConfig['footer'];
  ui: Pick<
    TenantConfig['ui'],
    'footerLogo' | 'sidebar' | 'copyrightLine' | 'languageSelector' | 'languages' | 'defaultLanguage'
  >;
  featureFlags: TenantDefinition['featureFlags'];
  /** Self-registration on the sign-in page: the terms link; off when absent. */
  registrationTermsUrl?: string;
}

function demoTenant(t: DemoTenantInput): DemoTenant {
  const c = t.theme.colors;
  return {
    id: t.id,
    definition: {
      code: t.code,
      hosts: t.hosts,
      config: {
        ...sameOriginUrls(t.code),
        tenantName: t.name,
        tenantCode: t.code,
        trackerSetting: t.trackerSetting,
        footer: t.footer,
        ui: {
          ...t.ui,
          themeStylesheetUrl: `/assets/${t.code}/theme.css`,
          logoUrl: `/assets/${t.code}/logo.svg`,
          poweredByLogoUrl: '/assets/trackwell/logo.svg',
          contactUrl: '/store/contact',
          localeCookieEnv: 'Dev', // spec §9: locale_{env} with env 'Dev'
        },
        ...(t.registrationTermsUrl ? { registrationTermsUrl: t.registrationTermsUrl } : {}),
      },
      theme: t.theme,
      featureFlags: t.featureFlags,
      logoSvg: tenantLogoSvg({
        ...t.logo,
        primary: c.primary,
        onPrimary: c.primaryContrast,
        background: c.headerBackground,
        text: c.headerText,
        font: t.theme.headingFont,
      }),
    },
  };
}

/** Publisher options for the tracker (codes match the demo catalogue, catalogue.ts). */
const PUBLISHER = {
  ATMS: { code: 'ATMS', name: 'Allied Testing & Materials Society' },
  PQCI: { code: 'PQCI', name: 'Petroleum Quality Council International' },
  NWSA: { code: 'NWSA', name: 'National Water Standards Alliance' },
  GBSO: { code: 'GBSO', name: 'Global Building Safety Organization' },
  HSSB: { code: 'HSSB', name: 'Health & Safety Standards Board' },
  IMEC: { code: 'IMEC', name: 'Institute of Mechanical Engineering Codes' },
  ESIC: { code: 'ESIC', name: 'Electrotechnical Standards & Interoperability Council' },
} as const;

const trackwell = demoTenant({
  id: '4f1b266b-d106-46b6-90dc-d53e51cbd56f',
  code: 'trackwell',
  hosts: ['localhost', '127.0.0.1'],
  name: 'Trackwell',
  theme: {
    colors: {
      primary: '#3346c4',
      primaryContrast: '#ffffff',
      secondary: '#f5a524',
      background: '#f6f7fb',
      surface: '#ffffff',
      text: '#1c2033',
      mutedText: '#5c6480',
      link: '#2a3cb0',
      // Dark header: this logo is also the "Powered by" logo in the (dark) footers of other tenants.
      headerBackground: '#1c2033',
      headerText: '#ffffff',
      footerBackground: '#141827',
      footerText: '#e4e7f2',
    },
    font: 'system',
    headingFont: 'geometric',
    radius: 8,
  },
  logo: { name: 'Trackwell', initials: 'T', emblem: 'track' },
  trackerSetting: {
    individual_standard_tracker: on,
    committee: on,
    industry_area: on,
    publisher: off,
    work_item: on,
    publisher_list: [
      PUBLISHER.ATMS,
      PUBLISHER.GBSO,
      PUBLISHER.NWSA,
      PUBLISHER.ATMS, // a repeated entry: the portal de-duplicates publisher options by name (spec §3 Options)
      PUBLISHER.ESIC,
    ],
    header: {
      page_paragraph_info:
        'Follow the standards that matter to your work. Track individual standards, whole technical committees, ' +
        'industry areas or new work items, and Trackwell e-mails you when a new edition, revision, amendment or ' +
        'withdrawal is published.\n\n' +
        'Every change in the catalogue is matched against your trackers once, so you get one e-mail per change ' +
        'however many of your trackers it concerns. Pause a single standard with its switch, or stop all ' +
        'tracking e-mails with the unsubscribe link at the bottom of this page.',
      page_paragraph_info_by_language: PLATFORM_INTRO,
    },
  },
  footer: {
    socials: socials('trackwell-demo', ['linkedin', 'x', 'youtube']),
    displayAddress: 'Trackwell Platform Services, 1200 Harbour Way, Suite 300, Portland, OR 97209, USA',
    links: storeLinks(['home', 'aboutOrganisation', 'contact', 'privacyPolicy', 'copyrightPermissions']),
  },
  ui: {
    footerLogo: 'poweredBy',
    sidebar: on,
    copyrightLine: on,
    languageSelector: on,
    languages: [...SUPPORTED_LANGUAGES],
    defaultLanguage: 'en',
  },
  featureFlags: {
    enable_resolver_DP_for_content: off,
    track_by_publishers: off,
    enable_translation: on,
    user_webhooks: on,
  },
});

const awwa = demoTenant({
  id: 'f87ed0eb-2b52-4f90-9b76-676a131e2426',
  code: 'awwa',
  hosts: ['awwa.localhost'],
  name: 'AWWA Standards Store',
  theme: {
    colors: {
      primary: '#00539b',
      primaryContrast: '#ffffff',
      secondary: '#00a3e0',
      background: '#f2f7fb',
      surface: '#ffffff',
      text: '#122b40',
      mutedText: '#4f6578',
      link: '#0067b9',
      headerBackground: '#00539b',
      headerText: '#ffffff',
      footerBackground: '#0b2f52',
      footerText: '#d7e6f3',
    },
    font: 'humanist',
    headingFont: 'humanist',
    radius: 4,
  },
  logo: { name: 'AWWA', tagline: 'Standards Store', initials: 'A', emblem: 'drop' },
  trackerSetting: {
    individual_standard_tracker: on,
    committee: on,
    industry_area: on,
    // Enabled here but the tenant flag track_by_publishers is off: the section stays hidden (spec §2 Tracker page 5).
    publisher: on,
    work_item: on,
    publisher_list: [PUBLISHER.NWSA, PUBLISHER.ATMS, PUBLISHER.NWSA, PUBLISHER.HSSB],
    header: {
      page_paragraph_info:
        'Stay current with the standards behind safe, reliable water. Track the standards for pipe, valves, ' +
        'storage tanks, treatment chemicals and disinfection that your utility relies on, and we will e-mail ' +
        'you as soon as a revision, addendum or new edition is published.\n\n' +
        'Tracking a committee also tells you when it opens a new work item, so your engineers can review a ' +
        'draft and comment before it goes to ballot.',
      page_paragraph_info_by_language: AWWA_INTRO,
    },
  },
  footer: {
    socials: socials('awwa-standards-demo', ['facebook', 'linkedin', 'x', 'youtube']),
    displayAddress: 'AWWA Standards Store, 4100 Aqueduct Parkway, Denver, CO 80204, USA',
    links: storeLinks(['home', 'aboutOrganisation', 'contact', 'privacyPolicy', 'policies', 'sales']),
  },
  ui: {
    footerLogo: 'tenant',
    sidebar: off,
    copyrightLine: off,
    languageSelector: on,
    languages: ['en', 'es', 'fr_CA'],
    defaultLanguage: 'en',
  },
  featureFlags: {
    enable_resolver_DP_for_content: off,
    track_by_publishers: off,
    enable_translation: on,
    user_webhooks: on,
  },
});

const aenor = demoTenant({
  id: '817c001b-e858-454b-8ea0-122915699fc9',
  code: 'aenor',
  hosts: ['aenor.localhost'],
  name: 'AENOR Tienda de Normas',
  // The demo store where shoppers create their own accounts.
  registrationTermsUrl: '/store/policies',
  theme: {
    colors: {
      primary: '#c8102e',
      primaryContrast: '#ffffff',
      secondary: '#3d3d3d',
      background: '#faf7f7',
      surface: '#ffffff',
      text: '#262626',
      mutedText: '#666666',
      link: '#a50d26',
      headerBackground: '#ffffff',
      headerText: '#262626',
      footerBackground: '#f1ecec',
      footerText: '#3d3d3d',
    },
    font: 'system',
    headingFont: 'condensed',
    radius: 2,
  },
  logo: { name: 'AENOR', tagline: 'Tienda de Normas', initials: 'A', emblem: 'ring' },
  trackerSetting: {
    individual_standard_tracker: on,
    committee: on,
    industry_area: on,
    publisher: off,
    work_item: on,
    publisher_list: [PUBLISHER.ATMS, PUBLISHER.ESIC, PUBLISHER.GBSO, PUBLISHER.ESIC],
    header: {
      page_paragraph_info:
        'Manténgase al día con las normas que aplica su organización. Siga normas concretas, comités técnicos ' +
        'o sectores de actividad y le avisaremos por correo electrónico cuando se publique una nueva edición, ' +
        'una modificación o una anulación.\n\n' +
        'Los avisos llegan en el idioma que elija en su perfil. Puede pausar el seguimiento de una norma en ' +
        'cualquier momento, o darse de baja de todos los avisos con el enlace al final de esta página.',
      page_paragraph_info_by_language: AENOR_INTRO,
    },
  },
  footer: {
    socials: socials('aenor-normas-demo', ['linkedin', 'x', 'youtube', 'instagram']),
    displayAddress: 'Tienda de Normas, Calle de la Normalización 12, 28004 Madrid, España',
    displayAddress_by_language: AENOR_ADDRESS,
    links: storeLinks([
      'home',
      'aboutOrganisation',
      'contact',
      'privacyPolicy',
      'policies',
      'copyrightPermissions',
    ]),
  },
  ui: {
    footerLogo: 'tenant',
    sidebar: off,
    copyrightLine: off,
    languageSelector: on,
    languages: ['es_ES', 'en', 'fr_FR', 'pt', 'ar'],
    defaultLanguage: 'es_ES',
  },
  featureFlags: {
    enable_resolver_DP_for_content: off,
    track_by_publishers: off,
    enable_translation: on,
    user_webhooks: on,
  },
});

const nordic = demoTenant({
  id: '918d42a7-b858-4700-9ad2-4eaf631acffd',
  code: 'nordic',
  hosts: ['nordic.localhost'],
  name: 'Nordic Standards Exchange',
  theme: {
    colors: {
      primary: '#1f6b4a',
      primaryContrast: '#ffffff',
      secondary: '#c9a227',
      background: '#f4f6f1',
      surface: '#fffefa',
      text: '#1d2a22',
      mutedText: '#56665b',
      link: '#17603f',
      headerBackground: '#1f3d2e',
      headerText: '#f3f1e7',
      footerBackground: '#1f3d2e',
      footerText: '#dfe6d8',
    },
    font: 'serif',
    headingFont: 'serif',
    radius: 0,
  },
  logo: { name: 'Nordic Standards', tagline: 'Exchange', initials: 'N', emblem: 'hexagon' },
  trackerSetting: {
    individual_standard_tracker: on,
    committee: on,
    industry_area: on,
    publisher: on, // with track_by_publishers on: the one demo tenant showing the publisher tracker
    work_item: on,
    publisher_list: [
      PUBLISHER.ATMS,
      PUBLISHER.PQCI,
      PUBLISHER.NWSA,
      PUBLISHER.GBSO,
      PUBLISHER.HSSB,
      PUBLISHER.IMEC,
      PUBLISHER.ESIC,
      PUBLISHER.PQCI,
    ],
    header: {
      page_paragraph_info:
        'The Exchange carries the catalogues of seven publishers in one place. Follow a single standard, a ' +
        'committee, an industry area, or everything a publisher issues, and we will e-mail you when an ' +
        'edition, amendment or withdrawal affects you.\n\n' +
        'Standard titles open the licensed copy in your reading room when your organisation holds a ' +
        'subscription; otherwise they open the public page of the standard.',
      page_paragraph_info_by_language: NORDIC_INTRO,
    },
  },
  footer: {
    socials: socials('nordic-standards-demo', ['linkedin', 'facebook']),
    displayAddress: 'Nordic Standards Exchange, Standardgatan 8, 114 51 Stockholm, Sweden',
    links: storeLinks(['home', 'aboutOrganisation', 'contact', 'privacyPolicy', 'sales']),
  },
  ui: {
    footerLogo: 'poweredBy',
    sidebar: off,
    copyrightLine: off,
    languageSelector: on,
    languages: ['en', 'de', 'fr_FR'],
    defaultLanguage: 'en',
  },
  featureFlags: {
    enable_resolver_DP_for_content: on,
    track_by_publishers: on,
    enable_translation: on,
    user_webhooks: on,
  },
});

const pacific = demoTenant({
  id: '846b1551-fca2-4569-af06-b576afc59eb2',
  code: 'pacific',
  hosts: ['pacific.localhost'],
  name: 'Pacific Technical Library',
  theme: {
    colors: {
      primary: '#14b8a6',
      primaryContrast: '#04201c',
      secondary: '#f472b6',
      background: '#0d1620',
      surface: '#15222e',
      text: '#e3eef2',
      mutedText: '#93a9b5',
      link: '#5eead4',
      headerBackground: '#0a1118',
      headerText: '#e3eef2',
      footerBackground: '#0a1118',
      footerText: '#93a9b5',
    },
    font: 'geometric',
    headingFont: 'geometric',
    radius: 14,
  },
  logo: { name: 'Pacific', tagline: 'Technical Library', initials: 'P', emblem: 'wave' },
  trackerSetting: {
    individual_standard_tracker: on,
    committee: on,
    industry_area: off,
    publisher: off,
    work_item: off,
    publisher_list: [PUBLISHER.ATMS, PUBLISHER.IMEC, PUBLISHER.ATMS],
    header: {
      page_paragraph_info:
        'Keep your engineering library current. Track the standards your projects cite, or whole committees, ' +
        'and the library e-mails you whenever one of them is revised, amended or withdrawn.\n\n' +
        'Switch tracking off for a standard you no longer need without losing it from your list, and remove it ' +
        'when the project closes.',
    },
  },
  footer: {
    socials: socials('pacific-techlib-demo', ['linkedin', 'youtube']),
    displayAddress: 'Pacific Technical Library, 88 Harbourfront Road, Level 5, Auckland 1010, New Zealand',
    links: storeLinks(['home', 'contact', 'privacyPolicy', 'policies']),
  },
  ui: {
    footerLogo: 'poweredBy',
    sidebar: off,
    copyrightLine: off,
    languageSelector: off,
    languages: ['en'] satisfies Language[],
    defaultLanguage: 'en',
  },
  featureFlags: {
    enable_resolver_DP_for_content: off,
    track_by_publishers: off,
    enable_translation: off,
    user_webhooks: off,
  },
});

/** Every demo tenant, the platform's own first. */
export const DEMO_TENANT_DEFINITIONS: readonly DemoTenant[] = [trackwell, awwa, aenor, nordic, pacific];
