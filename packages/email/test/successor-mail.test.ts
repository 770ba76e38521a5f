import { SUPPORTED_LANGUAGES } from '@trackwell/contracts';
import { buildTenantDefinition } from '@trackwell/db/testing';
import { describe, expect, it } from 'vitest';
import {
  brandingFromTenant,
  compileNotification,
  renderSuccessorPage,
  SUCCESSOR_STRINGS,
} from '../src/index.ts';

const branding = brandingFromTenant(buildTenantDefinition({ name: 'Acme' }), 'http://acme.localhost:8080');
const successor = {
  from: { assetId: 'D638', designation: 'D638-14' },
  to: { assetId: 'D638-NEW', designation: 'D638-22' },
};
const change = {
  kind: 'new_standard' as const,
  standard: {
    assetId: 'D638-NEW',
    title: 'Tensile Properties of Plastics',
    committee: 'D20',
    publisher: 'PUB1',
    oldDesignation: null,
    designation: 'D638-22',
    oldStatus: null,
    status: 'active',
    edition: '2022',
    date: '2022-06-01',
  },
  successor,
};
const links = { trackerUrl: 'http://acme.localhost:8080/' };
const base = {
  name: 'Ada',
  reasons: [{ type: 'STANDARD' as const, value: 'D638-14' }],
  unsubscribeUrl: 'http://acme.localhost:8080/notifications/unsubscribe?t=u',
};
const followUrl = 'http://acme.localhost:8080/notifications/follow-successor?e=7&t=abc.1&x=<y>';

describe('a replacement in the change e-mail', () => {
  it('shows old → new and the recipient’s "Track <new> instead" button to the signed link', async () => {
    const m = await compileNotification({ language: 'en', branding, change, links });
    const { html, text } = m.render({ ...base, successor: { followed: false, url: followUrl } });
    expect(html).toContain('D638-14 → D638-22');
    expect(html).toContain('Track <bdi>D638-22</bdi> instead</a>');
    expect(html).toContain(
      'href="http://acme.localhost:8080/notifications/follow-successor?e=7&amp;t=abc.1&amp;x=&lt;y&gt;"',
    );
    expect(html).not.toContain('You now track');
    expect(text).toContain(`Track D638-22 instead: ${followUrl}`);
    expect(text).toContain('Previous designation: D638-14');
  });

  it('tells a user whose tracking followed automatically, with no button', async () => {
    const m = await compileNotification({ language: 'en', branding, change, links });
    const { html, text } = m.render({ ...base, successor: { followed: true } });
    expect(html).toContain('You now track <bdi>D638-22</bdi> instead of <bdi>D638-14</bdi>.');
    expect(html).not.toContain('follow-successor');
    expect(text).toContain('You now track D638-22 instead of D638-14.');
  });

  it('a withdrawal names its replacement; the encoded body decodes to the same HTML', async () => {
    const withdrawal = {
      ...change,
      kind: 'withdrawal' as const,
      standard: { ...change.standard, designation: 'D638-14', status: 'withdrawn', oldStatus: 'active' },
    };
    const m = await compileNotification({ language: 'de', branding, change: withdrawal, links });
    const recipient = { ...base, successor: { followed: false as const, url: followUrl } };
    const { text } = m.render(recipient);
    expect(text).toContain('Ersetzt durch: D638-22');
    expect(text).toContain('D638-22 verfolgen');
    const encoded = m.renderEncoded(recipient).htmlQuotedPrintable;
    expect(encoded.replace(/=\r?\n/g, '')).toContain('Stattdessen <bdi>D638-22</bdi> verfolgen');
  });

  it('an e-mail without a replacement has no successor part', async () => {
    const { successor: _, ...plain } = change;
    const { html } = (await compileNotification({ language: 'en', branding, change: plain, links })).render(
      base,
    );
    expect(html).not.toContain('TWTOKEN');
    expect(html).not.toContain('→');
  });

  it('every language has the words; Arabic reads right to left with the designations left to right', async () => {
    for (const language of SUPPORTED_LANGUAGES) {
      const s = SUCCESSOR_STRINGS[language];
      expect(s.trackInstead).toContain('{new}');
      for (const words of [s.nowTracking, s.page.title, s.page.doneTitle, s.page.alreadyTitle])
        expect([words.includes('{old}'), words.includes('{new}')]).toEqual([true, true]);
    }
    const m = await compileNotification({ language: 'ar', branding, change, links });
    const { html } = m.render({ ...base, successor: { followed: false, url: followUrl } });
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('<span dir="ltr">D638-14 → D638-22</span>');
    expect(html).toContain('تابِع <bdi>D638-22</bdi> بدلًا منها');
  });

  it('the confirm page posts to its own URL and changes wording once done, already done or invalid', () => {
    const page = (state: 'confirm' | 'done' | 'already' | 'invalid', language: 'en' | 'ar' = 'en') =>
      renderSuccessorPage({
        language,
        branding,
        state,
        succession: state === 'invalid' ? undefined : successor,
        action: '/notifications/follow-successor?e=7&t=a"b',
        trackerUrl: 'http://acme.localhost:8080/',
      });
    expect(page('confirm')).toContain('<h1 style="font-size:22px">Track D638-22 instead of D638-14?</h1>');
    expect(page('confirm')).toContain(
      '<form method="post" action="/notifications/follow-successor?e=7&amp;t=a&quot;b">',
    );
    expect(page('done')).toContain('You now track D638-22 instead of D638-14.');
    expect(page('done')).not.toContain('<form');
    expect(page('already')).toContain('Already done');
    expect(page('invalid')).toContain('This link is not valid or has expired.');
    expect(page('invalid')).not.toContain('<form');
    expect(page('confirm', 'ar')).toContain('<html lang="ar" dir="rtl">');
  });
});

describe('the subject of a new standard that replaces one the reader tracks', () => {
  const dated = {
    ...change,
    successor: { ...successor, from: { ...successor.from, edition: '2014', date: '2014-12-15' } },
  };

  it('says it replaces a standard the reader tracks, and shows the previous edition and its date', async () => {
    const m = await compileNotification({ language: 'en', branding, change: dated, links });
    const mail = m.render({ ...base, successor: { followed: false, url: followUrl } });
    expect(mail.subject).toBe('New standard D638-22 replaces D638-14, which you track');
    expect(mail.html).toContain(
      'New standard <bdi>D638-22</bdi> replaces <bdi>D638-14</bdi>, which you track',
    );
    expect(mail.html).toMatch(/>Previous edition published<\/th><td[^>]*><bdi>2014-12-15<\/bdi>/);
    expect(mail.text).toContain('New standard D638-22 replaces D638-14, which you track\n');
    expect(mail.text).toContain('Previous designation: D638-14\nPrevious edition published: 2014-12-15');
    expect(m.renderEncoded({ ...base, successor: { followed: true } }).subject).toBe(mail.subject);
  });

  it('a reader who does not track the replaced standard keeps the generic subject', async () => {
    const m = await compileNotification({ language: 'en', branding, change: dated, links });
    const other = m.render({ ...base, reasons: [{ type: 'COMMITTEE', value: 'D20' }] });
    expect(other.subject).toBe('New standard published: D638-22');
    expect(other.html).not.toContain('which you track');
  });

  it.each(SUPPORTED_LANGUAGES)('%s has its own subject naming both standards', async (language) => {
    const m = await compileNotification({ language, branding, change: dated, links });
    const { subject, html } = m.render({ ...base, successor: { followed: true } });
    expect(subject).toContain('D638-22');
    expect(subject).toContain('D638-14');
    expect(subject).not.toBe(m.subject);
    expect(SUCCESSOR_STRINGS[language].previousPublished.length).toBeGreaterThan(3);
    expect(html).toContain(`>${SUCCESSOR_STRINGS[language].previousPublished}</th>`);
    if (language !== 'en') expect(subject).not.toBe('New standard D638-22 replaces D638-14, which you track');
  });
});
