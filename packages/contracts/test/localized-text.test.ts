import { describe, expect, it } from 'vitest';
import { pickLocalized } from '../src/localized-text.ts';
import { tenantConfig } from '../src/tenant-config.ts';

describe('pickLocalized (store text per language, with a fallback)', () => {
  const byLanguage = { ar: 'تابع المعايير', fr_FR: 'Suivez les normes', es: 'Siga las normas' };

  it("gives the reader's own language, marked with its language and direction", () => {
    expect(pickLocalized('Follow standards', byLanguage, 'ar', 'en')).toEqual({
      text: 'تابع المعايير',
      language: 'ar',
      dir: 'rtl',
    });
  });

  it('falls back to the same language family before the default (fr_CA reads fr_FR, es_ES reads es)', () => {
    expect(pickLocalized('Follow standards', byLanguage, 'fr_CA', 'en')).toMatchObject({
      text: 'Suivez les normes',
      language: 'fr_FR',
    });
    expect(pickLocalized('Follow standards', byLanguage, 'es_ES', 'en').language).toBe('es');
  });

  it("falls back to the store's default-language text, marked as that language (left to right)", () => {
    expect(pickLocalized('Follow standards', byLanguage, 'ja', 'en')).toEqual({
      text: 'Follow standards',
      language: 'en',
      dir: 'ltr',
    });
    expect(pickLocalized('Follow standards', undefined, 'ar', 'en').dir).toBe('ltr');
    // An empty or blank translation does not count.
    expect(pickLocalized('Follow standards', { de: '  ' }, 'de', 'en').text).toBe('Follow standards');
  });
});

describe('tenant configuration: texts by language', () => {
  const base = {
    'compass-uri': '/compass',
    'issuer-uri': '/oauth2/default',
    'mae-uri': '/mae',
    'client-id': 'portal',
    'myaccount-uri': '/idp/myaccount',
    'tracker-uri': '/',
    'login-page-url': '/signin',
    'member-uri': '/member',
    'public-uri': '/store',
    publicURL: '/store/standards/',
    tenantName: 'Acme',
    tenantCode: 'acme',
    trackerSetting: {
      individual_standard_tracker: { enabled: true },
      committee: { enabled: true },
      industry_area: { enabled: true },
      publisher: { enabled: false },
      work_item: { enabled: false },
      publisher_list: [],
      header: { page_paragraph_info: 'Follow standards.', page_paragraph_info_by_language: { ar: 'تابع' } },
    },
    footer: {
      socials: { links: [{ label: 'LinkedIn', url: 'https://linkedin.example/', 'fa-icon': 'fa-linkedin' }] },
      displayAddress: '1 Test Street',
      displayAddress_by_language: { ar: '١ شارع الاختبار' },
      links: [],
    },
    ui: {
      themeStylesheetUrl: '/assets/acme/theme.css',
      logoUrl: '/assets/acme/logo.svg',
      footerLogo: 'poweredBy',
      poweredByLogoUrl: '/assets/trackwell/logo.svg',
      sidebar: { enabled: false },
      copyrightLine: { enabled: false },
      contactUrl: '/contact',
      languageSelector: { enabled: true },
      languages: ['en', 'ar'],
      defaultLanguage: 'en',
      localeCookieEnv: 'Dev',
    },
  };

  it('accepts translations into languages the store offers', () => {
    expect(tenantConfig.safeParse(base).success).toBe(true);
  });

  it('refuses a translation into a language the store does not offer, naming the field', () => {
    const config = structuredClone(base);
    config.trackerSetting.header.page_paragraph_info_by_language = { ar: 'تابع', ja: '規格' } as never;
    const result = tenantConfig.safeParse(config);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['trackerSetting', 'header', 'page_paragraph_info_by_language'],
        message: "names a language that is not one of the store's languages (ui.languages)",
      }),
    ]);
  });

  it('refuses an unknown language code, control characters and an oversized text', () => {
    for (const byLanguage of [{ xx: 'hi' }, { ar: 'a\u0000b' }, { ar: 'x'.repeat(4001) }]) {
      const config = structuredClone(base);
      config.trackerSetting.header.page_paragraph_info_by_language = byLanguage as never;
      expect(tenantConfig.safeParse(config).success).toBe(false);
    }
    const label = structuredClone(base);
    (label.footer.socials.links[0] as Record<string, unknown>).label_by_language = { ar: 'x'.repeat(61) };
    expect(tenantConfig.safeParse(label).success).toBe(false);
  });
});
