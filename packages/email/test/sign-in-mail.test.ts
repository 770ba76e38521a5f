import { SUPPORTED_LANGUAGES } from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import { renderSignInMail } from '../src/sign-in-mail.ts';
import { SIGN_IN_STRINGS, type SignInStrings } from '../src/sign-in-strings.ts';

const flatten = (s: SignInStrings) =>
  new Map(
    Object.entries(s).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[key, value] as const]
        : Object.entries(value).map(([k, v]) => [`${key}.${k}`, v as string] as const),
    ),
  );
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('sign-in strings (in every language of spec §3)', () => {
  const english = flatten(SIGN_IN_STRINGS.en);

  it.each(SUPPORTED_LANGUAGES.filter((l) => l !== 'en'))(
    '%s has every key, translated, with the same placeholders',
    (language) => {
      const strings = flatten(SIGN_IN_STRINGS[language]);
      expect([...strings.keys()]).toEqual([...english.keys()]);
      for (const [key, value] of strings) {
        const en = english.get(key) as string;
        expect(value.trim(), `${language}:${key}`).not.toBe('');
        expect(value, `${language}:${key} is still English`).not.toBe(en);
        expect(placeholders(value), `${language}:${key}`).toEqual(placeholders(en));
      }
    },
  );
});

describe('renderSignInMail', () => {
  const person = { tenantName: 'AENOR <Shop>', firstName: 'Ana' };

  it('writes a reset e-mail in Arabic, right to left, with the link and the token', () => {
    const link = 'http://aenor.localhost:8080/signin/reset-password/tok123?lang=ar';
    const mail = renderSignInMail('ar', { kind: 'reset', link, token: 'tok123' }, person);
    expect(mail.subject).toBe('\u2068AENOR <Shop>\u2069: إعادة تعيين كلمة المرور');
    expect(mail.text).toContain(`استخدم هذا الرابط لاختيار كلمة مرور جديدة: ${link}`);
    expect(mail.text).toContain('رمز الاسترداد: tok123');
    expect(mail.text.startsWith('مرحبًا Ana،')).toBe(true);
    expect(mail.html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(mail.html).toContain(`<a href="${link}" dir="ltr">`);
    // the store's name is escaped in the HTML part
    expect(mail.html).toContain('AENOR &lt;Shop&gt;');
    expect(mail.html).not.toContain('<Shop>');
  });

  it('writes a code e-mail with the code in the subject and body, left to right for Spanish', () => {
    const mail = renderSignInMail('es', { kind: 'code', code: '123456', minutes: 5 }, person);
    expect(mail.subject).toBe('AENOR <Shop>: tu código de inicio de sesión es 123456');
    expect(mail.text).toContain('Caduca en 5 minutos.');
    expect(mail.html).toMatch(/<html lang="es" dir="ltr">/);
  });

  it('writes push and unlock e-mails with their own wording', () => {
    const push = renderSignInMail(
      'de',
      { kind: 'push', ip: '10.0.0.1', link: 'http://x/p?lang=de', minutes: 5 },
      person,
    );
    expect(push.subject).toBe('AENOR <Shop>: Bestätigen Sie Ihre Anmeldung');
    expect(push.text).toContain('Jemand (von 10.0.0.1)');
    expect(push.text).toContain('Hier bestätigen oder ablehnen: http://x/p?lang=de');
    const unlock = renderSignInMail('en', { kind: 'unlock', link: 'http://x/u', token: 't' }, person);
    expect(unlock.subject).toBe('AENOR <Shop>: unlock your account');
    expect(unlock.text).toContain('Use this link to unlock it: http://x/u');
  });
});
