import { SUPPORTED_LANGUAGES } from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import { INVITE_STRINGS, type InviteStrings } from '../src/invite-strings.ts';
import { renderSignInMail } from '../src/sign-in-mail.ts';

const flatten = (s: InviteStrings) =>
  new Map(
    Object.entries(s).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[key, value] as const]
        : Object.entries(value).map(([k, v]) => [`${key}.${k}`, v as string] as const),
    ),
  );
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the console invitation e-mail', () => {
  const english = flatten(INVITE_STRINGS.en);

  it.each(SUPPORTED_LANGUAGES.filter((l) => l !== 'en'))(
    '%s has every key, translated, with the same placeholders',
    (language) => {
      const strings = flatten(INVITE_STRINGS[language]);
      expect([...strings.keys()]).toEqual([...english.keys()]);
      for (const [key, value] of strings) {
        expect(value.trim(), `${language}:${key}`).not.toBe('');
        expect(value, `${language}:${key} is still English`).not.toBe(english.get(key));
        expect(placeholders(value), `${language}:${key}`).toEqual(placeholders(english.get(key) as string));
      }
    },
  );

  it('names the store, who invited, the role in the language, and the link; HTML escaped', () => {
    const link = 'http://acme.localhost:8080/signin/reset-password/tok?lang=en';
    const mail = renderSignInMail(
      'en',
      { kind: 'invite', link, inviter: 'Morgan <ops>', role: 'store_admin' },
      { tenantName: 'Acme', firstName: 'Ada' },
    );
    expect(mail.subject).toBe('Acme: you are invited to run the store');
    expect(mail.text).toContain('Hello Ada,');
    expect(mail.text).toContain('Morgan <ops> made you store administrator of Acme');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain('Morgan &lt;ops&gt;');
    expect(mail.html).not.toContain('<ops>');
  });

  it('in Arabic: right to left, the role in Arabic', () => {
    const mail = renderSignInMail(
      'ar',
      { kind: 'invite', link: 'http://acme.localhost/x?lang=ar', inviter: 'Morgan', role: 'catalog_editor' },
      { tenantName: 'Acme', firstName: 'Ada' },
    );
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.text).toContain('محرر الفهرس');
  });
});
