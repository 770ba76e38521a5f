import { buildTenantDefinition } from '@trackwell/db/testing';
import { describe, expect, it } from 'vitest';
import { brandingFromTenant, compileDigest, compileNotification } from '../src/index.ts';

/**
 * Arabic change and digest e-mails: the label/value table reads right to left on its own (`dir` on the
 * table, labels aligned right, the gap on their left), and every Latin value inside an Arabic sentence is
 * isolated (a <bdi> in HTML, FSI…PDI in the text part), so the full stop stays at the sentence's end.
 * Labels never break inside a word; the dot between links ends a line rather than starting one.
 */
const branding = {
  ...brandingFromTenant(buildTenantDefinition({ name: 'Acme' }), 'http://acme.localhost'),
  footerLinks: [
    { label: 'home' as const, url: 'http://acme.localhost/' },
    { label: 'privacyPolicy' as const, url: 'http://acme.localhost/privacy' },
    { label: 'contact' as const, url: 'http://acme.localhost/contact' },
  ],
};
const change = {
  kind: 'new_edition' as const,
  standard: {
    assetId: 'e1',
    title: 'Tensile Properties of Plastics',
    committee: 'E07',
    publisher: 'PUB1',
    oldDesignation: 'E1-14',
    designation: 'E1-22',
    oldStatus: null,
    status: 'active',
    edition: '2022',
    date: '2022-06-01',
  },
};
const reasons = [{ type: 'COMMITTEE' as const, value: 'E07' }];
const links = { trackerUrl: 'http://acme.localhost/', standardUrl: 'http://acme.localhost/s/e1' };
const compared = { ...change, compareUrl: 'http://acme.localhost/compare' };
const FSI = '\u2068';
const PDI = '\u2069';

async function both(language: 'ar' | 'en' | 'es') {
  const single = (await compileNotification({ language, branding, change, links })).render({
    name: 'Ada',
    reasons,
    unsubscribeUrl: 'http://acme.localhost/u',
  });
  const digest = (
    await compileDigest({
      language,
      branding,
      frequency: 'daily',
      links: { trackerUrl: links.trackerUrl, preferencesUrl: 'http://acme.localhost/account/preferences' },
    })
  ).render({
    name: 'Ada',
    unsubscribeUrl: 'http://acme.localhost/u',
    entries: [{ change: compared, reasons, standardUrl: links.standardUrl }],
  });
  return { single, digest };
}

describe('two directions in one e-mail', () => {
  it('an Arabic change e-mail and digest mirror the label/value table and isolate each value', async () => {
    const { single, digest } = await both('ar');
    for (const { html } of [single, digest]) {
      expect(html).toContain('<table role="presentation" dir="rtl"');
      expect(html).toMatch(/<th style="text-align:right;padding:4px 0 4px 12px;[^"]*">الرمز<\/th>/);
      expect(html).toMatch(/<td style="text-align:right;[^"]*"><bdi>E1-22<\/bdi><\/td>/);
      expect(html).toContain('أنت تتابع اللجنة <bdi>E07</bdi>.');
      expect(html).toContain('<bdi>E1-22</bdi>');
      expect(html).toContain('<bdi>Ada</bdi>');
    }
  });

  it('an Arabic text part isolates the designations, so the full stop stays at the end', async () => {
    const { single, digest } = await both('ar');
    for (const { text } of [single, digest]) {
      expect(text).toContain(`أنت تتابع اللجنة ${FSI}E07${PDI}.`);
      expect(text).toContain(`${FSI}E1-22${PDI}`);
      expect(text).not.toMatch(/اللجنة E07\./);
    }
  });

  it('a left-to-right e-mail keeps its text part free of isolates, and its table left to right', async () => {
    const { single, digest } = await both('en');
    for (const { html, text } of [single, digest]) {
      expect(text).toContain('You track committee E07.');
      expect(text).not.toMatch(/[\u2068\u2069]/);
      expect(html).toContain('<table role="presentation" dir="ltr"');
      expect(html).toContain('You track committee <bdi>E07</bdi>.');
    }
  });

  it('labels break only between words ("Designación" whole), and no line of links starts with its dot', async () => {
    const { single, digest } = await both('es');
    for (const { html } of [single, digest]) {
      expect(html).toMatch(/<th style="[^"]*word-break:normal;overflow-wrap:normal[^"]*">Designación<\/th>/);
      // a break opportunity (a plain space) only after the dot, never before it
      expect(html).not.toMatch(/ &nbsp;·/);
    }
    expect(single.html).toContain('&nbsp;&nbsp;·&nbsp; ');
    expect(digest.html).toContain('&nbsp;&nbsp;·&nbsp; ');
  });
});
