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
