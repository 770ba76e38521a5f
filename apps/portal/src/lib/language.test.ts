import { describe, expect, it } from 'vitest';
import { languageSelectorVisible, resolveLanguage, translationEnabledFromUi } from './language.ts';

const on = { enabled: true };
const off = { enabled: false };

describe('resolveLanguage (spec §4 "Language")', () => {
  const tenant = { languages: ['en', 'ar', 'de'] as const, defaultLanguage: 'de' as const };

  it('uses the stored preference when the tenant offers it', () => {
    expect(resolveLanguage({ ...tenant, stored: 'ar', translationEnabled: true })).toBe('ar');
  });

  it('falls back to the tenant default without a preference, or with one the tenant does not offer', () => {
    expect(resolveLanguage({ ...tenant, stored: undefined, translationEnabled: true })).toBe('de');
    expect(resolveLanguage({ ...tenant, stored: 'ja', translationEnabled: true })).toBe('de');
  });

  it('forces English when translation is off, whatever is stored or configured', () => {
    expect(resolveLanguage({ ...tenant, stored: 'ar', translationEnabled: false })).toBe('en');
    expect(resolveLanguage({ ...tenant, stored: undefined, translationEnabled: false })).toBe('en');
  });
});

describe('translation switch before sign-in', () => {
  it('is off for a tenant with no selector and English only (the pacific demo tenant)', () => {
    expect(translationEnabledFromUi({ languageSelector: off, languages: ['en'] })).toBe(false);
  });

  it('is on as soon as the tenant offers a choice, or has one language of its own', () => {
    expect(translationEnabledFromUi({ languageSelector: on, languages: ['en'] })).toBe(true);
    expect(translationEnabledFromUi({ languageSelector: off, languages: ['en', 'de'] })).toBe(true);
    expect(translationEnabledFromUi({ languageSelector: off, languages: ['de'] })).toBe(true);
  });
});

describe('languageSelectorVisible (spec §2 Header)', () => {
  it('needs the tenant setting, more than one language and translation on', () => {
    expect(languageSelectorVisible({ languageSelector: on, languages: ['en', 'ar'] }, true)).toBe(true);
    expect(languageSelectorVisible({ languageSelector: off, languages: ['en', 'ar'] }, true)).toBe(false);
    expect(languageSelectorVisible({ languageSelector: on, languages: ['en'] }, true)).toBe(false);
    expect(languageSelectorVisible({ languageSelector: on, languages: ['en', 'ar'] }, false)).toBe(false);
  });
});
