import type { OktaAuth } from '@okta/okta-auth-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureCookieWrites } from '../../testing/cookie-writes.ts';
import { createTestI18n } from '../../testing/render-with-i18n.tsx';
import { serveLocales } from '../../testing/serve-locales.ts';
import { buildTenantConfig } from '../../testing/tenant-config.ts';
import { applyStoredLanguage } from './sign-in-language.ts';

/** The SDK after a sign-in, holding an ID token with this `locale` claim. */
const signedInWith = (locale: unknown) =>
  ({ tokenManager: { getTokensSync: () => ({ idToken: { claims: { locale } } }) } }) as unknown as OktaAuth;

beforeEach(serveLocales);
afterEach(() => {
  Reflect.deleteProperty(document, 'cookie');
  vi.unstubAllGlobals();
});

describe('at sign-in the stored language wins', () => {
  const { ui } = buildTenantConfig({
    ui: { languageSelector: { enabled: true }, languages: ['en', 'ar', 'es'] },
  });

  it("switches the page to the person's stored language and sets the cookie to it", async () => {
    const writes = captureCookieWrites();
    const i18n = createTestI18n();
    await applyStoredLanguage(signedInWith('ar'), i18n, ui);
    expect(i18n.language).toBe('ar');
    expect(writes).toEqual(['locale_Dev=ar; Max-Age=2592000; Path=/; SameSite=None; Secure']);
  });

  it('changes nothing without a stored language, with one the store does not offer, or with old free text', async () => {
    const writes = captureCookieWrites();
    for (const locale of [undefined, 'de', 'Arabic', 42]) {
      const i18n = createTestI18n();
      await applyStoredLanguage(signedInWith(locale), i18n, ui);
      expect(i18n.language, String(locale)).toBe('en');
    }
    expect(writes).toEqual([]);
  });

  it('changes nothing on a store that is not translated (English only, no selector)', async () => {
    const writes = captureCookieWrites();
    const fixed = buildTenantConfig({ ui: { languageSelector: { enabled: false }, languages: ['en'] } }).ui;
    const i18n = createTestI18n();
    await applyStoredLanguage(signedInWith('en'), i18n, fixed);
    await applyStoredLanguage(signedInWith('ar'), i18n, fixed);
    expect(i18n.language).toBe('en');
    expect(writes).toEqual([]);
  });
});
