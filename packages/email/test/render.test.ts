import { SUPPORTED_LANGUAGES } from '@trackwell/contracts';
import { buildTenantDefinition } from '@trackwell/db/testing';
import { describe, expect, it } from 'vitest';
import {
  brandingFromTenant,
  compileNotification,
  decodeQuotedPrintable,
  EMAIL_STRINGS,
  encodeQuotedPrintable,
  renderUnsubscribePage,
  resolveEmailLanguage,
} from '../src/index.ts';
import { expectWellFormedQuotedPrintable } from './quoted-printable.ts';

const def = buildTenantDefinition({ name: 'Acme <Standards>' });
const branding = brandingFromTenant(def, 'http://acme.localhost:8080');
const change = {
  kind: 'new_edition' as const,
  standard: {
    assetId: 'D638',
    title: 'Tensile Properties of Plastics',
    committee: 'D20',
    publisher: 'PUB1',
    oldDesignation: 'D638-14',
    designation: 'D638-22',
    oldStatus: null,
    status: 'active',
    edition: '2022',
    date: '2022-06-01',
  },
};
const recipient = {
  name: 'Ada <Lovelace>',
  reasons: [
    { type: 'COMMITTEE' as const, value: 'D20' },
    { type: 'STANDARD' as const, value: 'D638-22' },
  ],
  unsubscribeUrl: 'http://acme.localhost:8080/notifications/unsubscribe?t=abc.def&x=1',
};
const links = {
  standardUrl: 'http://acme.localhost:8080/store/standards/D638.html',
  trackerUrl: 'http://acme.localhost:8080/',
};

describe('notification e-mail', () => {
  it('shows what changed, why, the links and the branding, in HTML and text, escaped', async () => {
    const m = await compileNotification({ language: 'en', branding, change, links });
    expect(m.subject).toBe('New edition of D638-22');
    const { html, text } = m.render(recipient);
    expect(html).toContain('D638-14');
    expect(html).toContain('D638-22');
    expect(html).toContain('You track committee <bdi>D20</bdi>.');
    expect(html).toContain('href="http://acme.localhost:8080/store/standards/D638.html"');
    expect(html).toContain('http://acme.localhost:8080/notifications/unsubscribe?t=abc.def&amp;x=1');
    expect(html).toContain('Hello <bdi>Ada &lt;Lovelace&gt;</bdi>,');
    expect(html).not.toContain('<Lovelace>');
    expect(html).not.toContain('Acme <Standards>');
    expect(html).toContain('#1d4ed8');
    expect(html).toContain('Powered by:');
    expect(html).toContain('1 Test Street, Testville');
    expect(html).toContain('<html lang="en" dir="ltr"');
    expect(text).toContain('Previous designation: D638-14');
    expect(text).toContain('Designation: D638-22');
    expect(text).toContain('- You track committee D20.');
    expect(text).toContain(recipient.unsubscribeUrl);
  });

  it('tells a reader who tracks an adoption why a change of the adopted standard reaches them, and no empty committee', async () => {
    const iso = {
      ...change,
      standard: {
        ...change.standard!,
        title: 'Safety of machinery',
        titles: { de: 'Sicherheit von Maschinen', fr: 'Sécurité des machines' },
        committee: null,
        designation: 'ISO 13849-1:2015-12',
      },
    };
    const m = await compileNotification({ language: 'de', branding, change: iso, links });
    const { html, text } = m.render({
      ...recipient,
      reasons: [{ type: 'ADOPTION' as const, value: 'DIN EN ISO 13849-1:2008-12' }],
    });
    expect(text).toContain('- Sie verfolgen DIN EN ISO 13849-1:2008-12, die diese Norm übernimmt.');
    expect(html).toContain('Sie verfolgen <bdi>DIN EN ISO 13849-1:2008-12</bdi>, die diese Norm übernimmt.');
    // The title in the reader's language, where the catalogue has it.
    expect(text).toContain('Sicherheit von Maschinen');
    expect(text).not.toContain('Safety of machinery');
    const french = (await compileNotification({ language: 'fr_CA', branding, change: iso, links })).render(
      recipient,
    );
    expect(french.html).toContain('Sécurité des machines');
    // A standard without a committee has no committee row, rather than an empty one.
    expect(text).not.toContain('Ausschuss');
  });

  it('follows the footer-logo rule: the tenant logo instead of "Powered by"', async () => {
    const own = brandingFromTenant(
      { ...def, config: { ...def.config, ui: { ...def.config.ui, footerLogo: 'tenant' } } },
      'http://acme.localhost:8080',
    );
    const { html } = (await compileNotification({ language: 'en', branding: own, change, links })).render(
      recipient,
    );
    expect(html).not.toContain('Powered by:');
  });

  it("gives the store's address in the reader's language where the store wrote it, else its own", async () => {
    const localized = {
      ...branding,
      displayAddressByLanguage: { ar: 'أكمي، ١ شارع الاختبار' },
      defaultLanguage: 'en' as const,
    };
    const arabic = (await compileNotification({ language: 'ar', branding: localized, change, links })).render(
      recipient,
    );
    expect(arabic.html).toContain('<span lang="ar" dir="rtl">أكمي، ١ شارع الاختبار</span>');
    expect(arabic.text).toContain('أكمي، ١ شارع الاختبار');
    const japanese = (
      await compileNotification({ language: 'ja', branding: localized, change, links })
    ).render(recipient);
    expect(japanese.html).toContain('<span lang="en" dir="ltr">1 Test Street, Testville</span>');
  });

  it('is written in every one of the 14 languages, Arabic right to left', async () => {
    const subjects = new Set<string>();
    for (const language of SUPPORTED_LANGUAGES) {
      const m = await compileNotification({ language, branding, change, links });
      const { html } = m.render(recipient);
      subjects.add(m.subject);
      expect(html).toContain(EMAIL_STRINGS[language].viewStandard.replace(/'/g, '&#39;'));
      if (language === 'ar') expect(html).toMatch(/<html lang="ar" dir="rtl"/);
    }
    // en and every other language differ (fr_CA/fr_FR and es/es_ES share their subjects)
    expect(subjects.size).toBe(12);
    const store = { languages: ['en', 'fr_CA', 'es'] as const, defaultLanguage: 'es' as const };
    expect(resolveEmailLanguage('fr-CA', store)).toBe('fr_CA');
    expect(resolveEmailLanguage('xx', store)).toBe('es');
    expect(resolveEmailLanguage('de', store)).toBe('es'); // a language the store does not offer
  });

  it('renderEncoded: quoted-printable HTML that decodes to exactly render().html, in every language', async () => {
    const tricky = {
      ...recipient,
      name: 'Zoë $& = O’Brien  ',
      reasons: [...recipient.reasons, { type: 'INDUSTRYAREA' as const, value: 'Plastiques ünd Ströme' }],
    };
    for (const language of SUPPORTED_LANGUAGES) {
      const m = await compileNotification({ language, branding, change, links });
      const { html, text } = m.render(tricky);
      const encoded = m.renderEncoded(tricky);
      expect(encoded.text).toBe(text);
      expect(decodeQuotedPrintable(encoded.htmlQuotedPrintable)).toBe(html.replace(/\r?\n/g, '\r\n'));
      expectWellFormedQuotedPrintable(encoded.htmlQuotedPrintable);
    }
    expect(encodeQuotedPrintable('a = b \nc\t')).toBe('a =3D b=20\r\nc=09');
    expect(encodeQuotedPrintable('x'.repeat(80))).toBe(`${'x'.repeat(75)}=\r\nxxxxx`);
  });

  it('the unsubscribe page confirms with a button that posts', () => {
    const html = renderUnsubscribePage({
      language: 'ar',
      branding,
      state: 'confirm',
      action: '/notifications/unsubscribe?t=a',
    });
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('<form method="post" action="/notifications/unsubscribe?t=a">');
  });
});
