import { afterEach, describe, expect, it } from 'vitest';
import { buildTenantConfig } from '../../../testing/tenant-config.ts';
import { initialTenantLanguage } from './use-tenant-document.ts';

afterEach(() => Reflect.deleteProperty(document, 'cookie'));

const withCookie = (cookie: string) =>
  Object.defineProperty(document, 'cookie', { configurable: true, get: () => cookie, set: () => undefined });

describe('initialTenantLanguage: an e-mailed link opens the page in its language (issue 12 §8, ?lang=)', () => {
  const config = buildTenantConfig({
    ui: { languageSelector: { enabled: true }, languages: ['es_ES', 'en', 'ar'], defaultLanguage: 'es_ES' },
  });

  it("takes the link's language over the cookie when the store offers it", () => {
    withCookie('locale_Dev=en');
    expect(initialTenantLanguage(config, '?lang=ar')).toBe('ar');
    expect(initialTenantLanguage(config, '?x=1&lang=ar')).toBe('ar');
  });

  it('ignores a language the store does not offer, or garbage: the cookie, else the default', () => {
    withCookie('locale_Dev=en');
    expect(initialTenantLanguage(config, '?lang=de')).toBe('en');
    expect(initialTenantLanguage(config, '?lang=%3Cscript%3E')).toBe('en');
    withCookie('');
    expect(initialTenantLanguage(config, '?lang=ja')).toBe('es_ES');
    expect(initialTenantLanguage(config, '')).toBe('es_ES');
  });
});
