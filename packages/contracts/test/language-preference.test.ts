import { describe, expect, it } from 'vitest';
import {
  languageFromAcceptLanguage,
  languageOfCode,
  offeredLanguage,
  personLanguage,
  profileLocaleProblem,
} from '../src/language-preference.ts';
import type { Language } from '../src/languages.ts';

const aenor: Language[] = ['es', 'en', 'ar'];

describe('languageOfCode (a stored or sent code, read leniently)', () => {
  it('reads language codes in any case and with - or _, and spec §9 locale codes', () => {
    expect(languageOfCode('fr_CA')).toBe('fr_CA');
    expect(languageOfCode('fr-ca')).toBe('fr_CA');
    expect(languageOfCode('cf')).toBe('fr_CA');
    expect(languageOfCode('zh-hans')).toBe('zh_Hans');
    expect(languageOfCode('ES')).toBe('es');
  });

  it('reads old free text and non-strings as unset', () => {
    for (const value of ['English', 'espanol', '', 'e\u0000s', null, undefined, 42, 'x'.repeat(100)])
      expect(languageOfCode(value)).toBeUndefined();
  });
});

describe('offeredLanguage', () => {
  it("keeps only the store's languages", () => {
    expect(offeredLanguage('es', aenor)).toBe('es');
    expect(offeredLanguage('de', aenor)).toBeUndefined();
    expect(offeredLanguage('Spanish', aenor)).toBeUndefined();
  });
});

describe("profileLocaleProblem (the profile's locale: a choice of the store's languages)", () => {
  it('accepts null and exactly an offered language code', () => {
    expect(profileLocaleProblem(null, aenor)).toBeUndefined();
    expect(profileLocaleProblem('ar', aenor)).toBeUndefined();
  });

  it('refuses free text, other spellings, unoffered languages and non-strings, naming the field', () => {
    for (const value of ['English', 'ES', 'es-ES', 'de', '', 'es\u0000', 3, {}, ['es']])
      expect(profileLocaleProblem(value, aenor)).toBe(
        "locale: must be one of the store's languages (es, en, ar)",
      );
  });
});

describe('languageFromAcceptLanguage', () => {
  it('takes the best-ranked offered language, exact first, then its family', () => {
    expect(languageFromAcceptLanguage('ar', aenor)).toBe('ar');
    expect(languageFromAcceptLanguage('de-DE,de;q=0.9,en;q=0.5', aenor)).toBe('en');
    expect(languageFromAcceptLanguage('en;q=0.4, ar;q=0.8', aenor)).toBe('ar');
    expect(languageFromAcceptLanguage('es-MX', aenor)).toBe('es');
    expect(languageFromAcceptLanguage('fr', ['en', 'fr_CA'])).toBe('fr_CA');
    expect(languageFromAcceptLanguage('fr-CA', ['fr_FR', 'fr_CA'])).toBe('fr_CA');
  });

  it('gives nothing for absent, refused (q=0), wildcard or unoffered languages', () => {
    expect(languageFromAcceptLanguage(undefined, aenor)).toBeUndefined();
    expect(languageFromAcceptLanguage('ar;q=0', aenor)).toBeUndefined();
    expect(languageFromAcceptLanguage('*', aenor)).toBeUndefined();
    expect(languageFromAcceptLanguage('ja, de', aenor)).toBeUndefined();
  });
});

describe('personLanguage (requested, else stored, else the store default)', () => {
  const store = { languages: aenor, defaultLanguage: 'es' as const };
  it('prefers the language asked in, then the stored one, then the default', () => {
    expect(personLanguage({ requested: 'ar', stored: 'en', store })).toBe('ar');
    expect(personLanguage({ requested: undefined, stored: 'en', store })).toBe('en');
    expect(personLanguage({ requested: 'de', stored: 'Klingon', store })).toBe('es');
  });
});
