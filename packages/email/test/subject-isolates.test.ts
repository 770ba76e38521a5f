import { CATALOG_EVENT_KINDS, type NotificationChange } from '@trackwell/contracts';
import { buildTenantDefinition } from '@trackwell/db/testing';
import { describe, expect, it } from 'vitest';
import {
  brandingFromTenant,
  compileDigest,
  compileNotification,
  compileStatusReport,
  renderSignInMail,
  type SignInMail,
} from '../src/index.ts';

/**
 * The Subject line of every kind of e-mail, in Arabic: each value written into the translated words (a
 * designation, a work item's number, a count, a date, the store's name, a code) sits between FSI (U+2068) and
 * PDI (U+2069), so "ISO 13849-1" keeps its order and its side of the sentence in a mailbox's list, where no
 * HTML <bdi> can help. In a left-to-right language the Subject carries no isolates.
 */
const FSI = '\u2068';
const PDI = '\u2069';
const iso = (value: string) => `${FSI}${value}${PDI}`;
const branding = brandingFromTenant(buildTenantDefinition({ name: 'Acme Normas' }), 'http://acme.localhost');
const links = { trackerUrl: 'http://acme.localhost/', standardUrl: 'http://acme.localhost/s/1' };
const recipient = { name: 'Ada', reasons: [], unsubscribeUrl: 'http://acme.localhost/u' };

const standard = {
  assetId: 'iso-13849-1',
  title: 'Safety of machinery',
  committee: 'TC 199',
  publisher: 'ISO',
  oldDesignation: null,
  designation: 'ISO 13849-1',
  oldStatus: null,
  status: 'active',
  edition: '2023',
  date: '2023-04-01',
};
const workItem = {
  number: 'WK 12345',
  title: 'Revision',
  committee: 'TC 199',
  oldStatus: null,
  status: 'ACTIVE',
};
const changeOf = (kind: NotificationChange['kind']): NotificationChange =>
  kind.includes('work_item') ? { kind, workItem } : { kind, standard };

/** No isolate character left outside a pair, and none at all in a left-to-right Subject. */
const unpaired = (subject: string) =>
  subject.replaceAll(/\u2068[^\u2068\u2069]*\u2069/g, '').match(/[\u2068\u2069]/);

describe('Subject lines in a right-to-left language isolate their values', () => {
  it.each(CATALOG_EVENT_KINDS)('a change e-mail (%s) isolates its designation or number', async (kind) => {
    const change = changeOf(kind);
    const value = change.workItem ? 'WK 12345' : 'ISO 13849-1';
    const arabic = (await compileNotification({ language: 'ar', branding, change, links })).render(recipient);
    expect(arabic.subject).toContain(iso(value));
    expect(unpaired(arabic.subject)).toBeNull();
    // The HTML's <title> carries the same isolated words (escaped), the text part's headline too.
    expect(arabic.html).toContain(`<title>${arabic.subject.replaceAll('&', '&amp;')}</title>`);
    const english = (await compileNotification({ language: 'en', branding, change, links })).render(
      recipient,
    );
    expect(english.subject).toContain(value);
    expect(english.subject).not.toMatch(/[\u2068\u2069]/);
  });

  it('a successor e-mail isolates both the new and the replaced designation', async () => {
    const change: NotificationChange = {
      kind: 'new_standard',
      standard: { ...standard, designation: 'ISO 13849-1:2023' },
      successor: {
        from: { assetId: 'old', designation: 'ISO 13849-1:2015', date: '2015-12-01' },
        to: { assetId: 'iso-13849-1', designation: 'ISO 13849-1:2023' },
      },
    };
    const compiled = await compileNotification({ language: 'ar', branding, change, links });
    const mail = compiled.render({
      ...recipient,
      reasons: [{ type: 'STANDARD', value: 'ISO 13849-1:2015' }],
      successor: { followed: true },
    });
    expect(mail.subject).toContain(iso('ISO 13849-1:2023'));
    expect(mail.subject).toContain(iso('ISO 13849-1:2015'));
    expect(unpaired(mail.subject)).toBeNull();
  });

  it('a digest isolates its count', async () => {
    const digest = await compileDigest({
      language: 'ar',
      branding,
      frequency: 'weekly',
      links: { trackerUrl: links.trackerUrl, preferencesUrl: 'http://acme.localhost/account/preferences' },
    });
    const mail = digest.render({
      name: 'Ada',
      unsubscribeUrl: 'http://acme.localhost/u',
      entries: [{ change: changeOf('withdrawal'), reasons: [], standardUrl: links.standardUrl }],
    });
    expect(mail.subject).toBe(`ملخصك الأسبوعي للتغييرات (${iso('1')})`);
  });

  it('a monthly status report isolates its date', async () => {
    const report = await compileStatusReport({
      language: 'ar',
      branding,
      links: { trackerUrl: links.trackerUrl, preferencesUrl: 'http://acme.localhost/account/preferences' },
    });
    const list = {
      standards: [],
      total: 0,
      sources: [],
      changes: 0,
      since: '2099-01-01',
      asOf: '2099-02-01',
    };
    const mail = report.render({ name: 'Ada', unsubscribeUrl: 'http://acme.localhost/u', list });
    expect(mail.subject).toMatch(/^حالة قائمتك في \u2068[^\u2068\u2069]+\u2069$/);
    const spanish = (
      await compileStatusReport({
        language: 'es',
        branding,
        links: { trackerUrl: links.trackerUrl, preferencesUrl: 'http://acme.localhost/account/preferences' },
      })
    ).render({ name: 'Ada', unsubscribeUrl: 'http://acme.localhost/u', list });
    expect(spanish.subject).not.toMatch(/[\u2068\u2069]/);
  });

  const signIn: Array<[string, SignInMail]> = [
    ['a sign-in code', { kind: 'code', code: '123456', minutes: 5 }],
    ['a push approval', { kind: 'push', ip: '203.0.113.9', link: 'http://acme.localhost/p', minutes: 5 }],
    ['a password reset', { kind: 'reset', link: 'http://acme.localhost/r', token: 't' }],
    ['an unlock', { kind: 'unlock', link: 'http://acme.localhost/r', token: 't' }],
    ['an activation', { kind: 'activate', link: 'http://acme.localhost/a', token: 't' }],
    [
      'an invitation',
      { kind: 'invite', link: 'http://acme.localhost/i', inviter: 'ops@x.test', role: 'store_admin' },
    ],
    ['a registration code', { kind: 'register-code', code: '654321', minutes: 10 }],
    ['a registration of a known address', { kind: 'register-exists', link: 'http://acme.localhost/s' }],
  ];

  it.each(signIn)('%s e-mail isolates the store’s name (and its code)', (_, mail) => {
    const person = { tenantName: 'Acme Normas', firstName: 'Ada' };
    const arabic = renderSignInMail('ar', mail, person);
    expect(arabic.subject).toContain(iso('Acme Normas'));
    if ('code' in mail) expect(arabic.subject).toContain(iso(mail.code));
    expect(unpaired(arabic.subject)).toBeNull();
    const english = renderSignInMail('en', mail, person);
    expect(english.subject).toContain('Acme Normas');
    expect(english.subject).not.toMatch(/[\u2068\u2069]/);
  });
});
