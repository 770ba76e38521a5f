import { SUPPORTED_LANGUAGES } from '@trackwell/contracts';
import { buildTenantDefinition } from '@trackwell/db/testing';
import { describe, expect, it } from 'vitest';
import { brandingFromTenant } from '../src/branding.ts';
import { renderListRecipientMail, renderListUnsubscribePage } from '../src/list-recipient-mail.ts';
import { LIST_RECIPIENT_STRINGS, type ListRecipientStrings } from '../src/list-recipient-strings.ts';

/**
 * The organisation list's e-mail to an outside address and its unsubscribe page: every language complete
 * with English's placeholders; names escaped in HTML and isolated in Arabic; the unsubscribe link in both
 * parts.
 */

const flatten = (s: ListRecipientStrings) =>
  new Map(
    Object.entries(s).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[key, value] as const]
        : Object.entries(value).map(([k, v]) => [`${key}.${k}`, v as string] as const),
    ),
  );
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

const mail = {
  tenantName: 'Acme Store',
  organisation: 'Water <b>Co</b>',
  list: 'Suppliers',
  email: 'auditor@example.test',
  kind: 'new_edition' as const,
  designation: 'ISO 9001:2026',
  title: 'Quality management systems',
  standardUrl: 'https://store.example/standards/iso-9001.html',
  unsubscribeUrl: 'https://store.example/notifications/list-unsubscribe?t=abc',
};

describe('the outside recipient’s e-mail', () => {
  const english = flatten(LIST_RECIPIENT_STRINGS.en);

  it.each(SUPPORTED_LANGUAGES.filter((l) => l !== 'en'))(
    '%s has every key with English’s placeholders',
    (language) => {
      const strings = flatten(LIST_RECIPIENT_STRINGS[language]);
      expect([...strings.keys()]).toEqual([...english.keys()]);
      for (const [key, value] of strings) {
        expect(value.trim(), `${language}:${key}`).not.toBe('');
        expect(placeholders(value), `${language}:${key}`).toEqual(placeholders(english.get(key) as string));
      }
    },
  );

  it('names the list, the change and the standard, escapes names in HTML, and links the unsubscribe', () => {
    const m = renderListRecipientMail('en', mail);
    expect(m.subject).toBe('Suppliers: New edition of ISO 9001:2026');
    expect(m.text).toContain('A standard on the watch list Suppliers of Water <b>Co</b> has changed:');
    expect(m.text).toContain(
      'ISO 9001:2026 — Quality management systems\nhttps://store.example/standards/iso-9001.html',
    );
    expect(m.text).toContain(`Stop the e-mails of this list (one click): ${mail.unsubscribeUrl}`);
    expect(m.html).toContain('<bdi>Water &lt;b&gt;Co&lt;/b&gt;</bdi>');
    expect(m.html).not.toContain('<b>Co</b>');
    expect(m.html).toContain(`href="${mail.unsubscribeUrl}"`);
  });

  it('in Arabic: right to left, the Latin names isolated in the text part', () => {
    const m = renderListRecipientMail('ar', mail);
    expect(m.html).toContain('<html lang="ar" dir="rtl">');
    expect(m.text).toContain('\u2068Suppliers\u2069');
    expect(m.subject).toContain('\u2068ISO 9001:2026\u2069');
  });

  it('the unsubscribe page names the address and the list; the confirm posts back to the link', () => {
    const branding = brandingFromTenant(buildTenantDefinition({ name: 'Acme' }), 'https://store.example');
    const page = renderListUnsubscribePage({
      language: 'en',
      branding,
      state: 'confirm',
      action: '/notifications/list-unsubscribe?t=abc',
      recipient: { email: mail.email, list: mail.list, organisation: 'Water Co' },
    });
    expect(page).toContain('Stop the e-mails of this list?');
    expect(page).toContain('<bdi>auditor@example.test</bdi> will no longer get the changes of the list');
    expect(page).toContain('action="/notifications/list-unsubscribe?t=abc"');
  });
});
