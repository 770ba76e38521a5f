import { act, renderHook, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../testing/render-with-i18n.tsx';
import { buildTenantConfig } from '../../../testing/tenant-config.ts';
import { initialTenantLanguage, useTenantDocument } from './use-tenant-document.ts';

afterEach(() => Reflect.deleteProperty(document, 'cookie'));

const withCookie = (cookie: string) =>
  Object.defineProperty(document, 'cookie', { configurable: true, get: () => cookie, set: () => undefined });

describe('initialTenantLanguage: an e-mailed link opens the page in its language (?lang=)', () => {
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

describe('useTenantDocument: dressed once per configuration', () => {
  it("an equal configuration (a new object, the same content) keeps the page and the screen's title", async () => {
    const i18n = createTestI18n('en');
    const config = buildTenantConfig({ tenantName: 'Acme Standards' });
    const { result, rerender } = renderHook(({ c }) => useTenantDocument(c), {
      initialProps: { c: config },
      wrapper: ({ children }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>,
    });
    await waitFor(() => expect(result.current).toBe(true));
    expect(document.title).toBe('Acme Standards');
    // A screen then names itself (useDocumentTitle), and the configuration is read again.
    document.title = 'Page not found – Acme Standards';
    act(() => rerender({ c: structuredClone(config) }));
    expect(result.current).toBe(true);
    expect(document.title).toBe('Page not found – Acme Standards');

    // A configuration that really changed is dressed again.
    act(() => rerender({ c: { ...config, tenantName: 'Acme Renamed' } }));
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
    expect(document.title).toBe('Acme Renamed');
  });
});
