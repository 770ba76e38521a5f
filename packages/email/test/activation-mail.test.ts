import { SUPPORTED_LANGUAGES } from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import { ACTIVATION_STRINGS } from '../src/activation-strings.ts';
import { renderSignInMail } from '../src/sign-in-mail.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the Users API activation e-mail', () => {
  const english = ACTIVATION_STRINGS.en;

  it.each(SUPPORTED_LANGUAGES.filter((l) => l !== 'en'))(
    '%s has every sentence, translated, with the same placeholders',
    (language) => {
      const strings = ACTIVATION_STRINGS[language];
      expect(Object.keys(strings)).toEqual(Object.keys(english));
      for (const [key, value] of Object.entries(strings) as [keyof typeof english, string][]) {
        expect(value.trim(), `${language}:${key}`).not.toBe('');
        expect(value, `${language}:${key} is still English`).not.toBe(english[key]);
        expect(placeholders(value), `${language}:${key}`).toEqual(placeholders(english[key]));
      }
    },
  );

  it('asks the person to choose a password to activate the account, with the link and its 7 days', () => {
    const link = 'http://acme.localhost:8080/signin/reset-password/tok?lang=en';
    const mail = renderSignInMail(
      'en',
      { kind: 'activate', link, token: 'tok' },
      { tenantName: 'Acme <Shop>', firstName: 'Ada' },
    );
    expect(mail.subject).toBe('Acme <Shop>: activate your account');
    expect(mail.text).toContain('Hello Ada,');
    expect(mail.text).toContain(`Choose your password here to activate it: ${link}`);
    expect(mail.text).toContain('Recovery token: tok');
    expect(mail.text).toContain('The link expires in 7 days.');
    expect(mail.html).toContain('Acme &lt;Shop&gt;');
  });

  it('in Arabic: right to left, in Arabic', () => {
    const mail = renderSignInMail(
      'ar',
      { kind: 'activate', link: 'http://acme.localhost/x?lang=ar', token: 't' },
      { tenantName: 'Acme', firstName: 'Ada' },
    );
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.subject).toBe('\u2068Acme\u2069: فعّل حسابك');
  });
});
