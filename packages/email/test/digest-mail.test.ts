import { SUPPORTED_LANGUAGES } from '@trackwell/contracts';
import { buildTenantDefinition } from '@trackwell/db/testing';
import { describe, expect, it } from 'vitest';
import { brandingFromTenant, compileDigest, decodeQuotedPrintable } from '../src/index.ts';
import { expectWellFormedQuotedPrintable } from './quoted-printable.ts';

/** The digest e-mail's pre-encoded body (what the digest run sends) is its HTML, byte for byte. */
const branding = brandingFromTenant(
  buildTenantDefinition({ name: 'Acme <Standards>' }),
  'http://acme.localhost',
);
const links = {
  trackerUrl: 'http://acme.localhost/',
  preferencesUrl: 'http://acme.localhost/account/preferences',
};
const entry = (designation: string, reason: string) => ({
  change: {
    kind: 'editorial_change' as const,
    standard: {
      assetId: designation.toLowerCase(),
      title: 'Tensile Properties of Plastics — Zoë’s $& = test',
      committee: 'D20',
      publisher: 'PUB1',
      oldDesignation: designation,
      designation,
      oldStatus: null,
      status: 'active',
      edition: '2022',
      date: '2022-06-01',
    },
  },
  reasons: [{ type: 'COMMITTEE' as const, value: reason }],
  standardUrl: `http://acme.localhost/store/standards/${designation}.html`,
});

describe('digest e-mail', () => {
  it('renderEncoded: quoted-printable HTML that decodes to exactly render().html, in every language', async () => {
    const recipient = {
      name: 'Ada $& <Lovelace>  ',
      unsubscribeUrl: 'http://acme.localhost/notifications/unsubscribe?t=abc.def&x=1',
      entries: [entry('D638-22', 'D20'), entry('D790-17', 'Plastiques ünd Ströme')],
    };
    for (const language of SUPPORTED_LANGUAGES) {
      for (const frequency of ['daily', 'weekly'] as const) {
        const m = await compileDigest({ language, branding, frequency, links });
        const { html, text, subject } = m.render(recipient);
        const encoded = m.renderEncoded(recipient);
        expect([encoded.text, encoded.subject]).toEqual([text, subject]);
        expect(decodeQuotedPrintable(encoded.htmlQuotedPrintable)).toBe(html.replace(/\r?\n/g, '\r\n'));
        expectWellFormedQuotedPrintable(encoded.htmlQuotedPrintable);
        expect(html).toContain('D790-17');
        expect(html).not.toContain('TWDIGEST');
      }
    }
  });
});

describe('a digest run’s recipients who share a change', () => {
  it('each get their own greeting, reasons and successor link in the encoded body, as render() makes it', async () => {
    const m = await compileDigest({ language: 'fr_FR', branding, frequency: 'daily', links });
    const shared = entry('D638-22', 'D20');
    // A new standard that replaces one the recipient tracks: a "Track D638-22 instead" link of their own.
    const replacement = entry('D638-22', 'D638-14');
    const successor = (url: string) => ({
      ...replacement,
      change: {
        ...replacement.change,
        kind: 'new_standard' as const,
        successor: {
          from: { assetId: 'd638-14', designation: 'D638-14' },
          to: { assetId: 'd638-22', designation: 'D638-22' },
        },
      },
      successor: { followed: false as const, url },
    });
    const recipients = [
      { name: 'Ada', entries: [shared, entry('D790-17', 'D20')] },
      { name: 'Bea', entries: [entry('D638-22', 'Plastiques'), shared] },
      { name: 'Cy', entries: [successor('http://acme.localhost/notifications/follow-successor?t=cy')] },
      { name: 'Di', entries: [successor('http://acme.localhost/notifications/follow-successor?t=di')] },
      { name: 'Ada again', entries: [shared, entry('D790-17', 'D20')] },
    ].map((r) => ({ ...r, unsubscribeUrl: `http://acme.localhost/notifications/unsubscribe?t=${r.name}` }));
    const decoded = recipients.map((r) => {
      const encoded = m.renderEncoded(r);
      const { html, text } = m.render(r);
      expect(encoded.text).toBe(text);
      expect(decodeQuotedPrintable(encoded.htmlQuotedPrintable)).toBe(html.replace(/\r?\n/g, '\r\n'));
      return decodeQuotedPrintable(encoded.htmlQuotedPrintable);
    });
    expect(decoded[0]).toContain('Ada');
    expect(decoded[1]).toContain('Plastiques');
    expect(decoded[0]).not.toContain('Plastiques');
    expect(decoded[2]).toContain('follow-successor?t=cy');
    expect(decoded[3]).toContain('follow-successor?t=di');
    expect(decoded[3]).not.toContain('follow-successor?t=cy');
    expect(decoded[4]).toContain('unsubscribe?t=Ada again');
  });
});
