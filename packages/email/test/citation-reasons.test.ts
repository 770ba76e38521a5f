import { SUPPORTED_LANGUAGES } from '@trackwell/contracts';
import { buildTenantDefinition } from '@trackwell/db/testing';
import { describe, expect, it } from 'vitest';
import { brandingFromTenant, CITATION_STRINGS, compileNotification } from '../src/index.ts';

/**
 * Why a reader is told about a standard they do not track: a standard they track cites it. An undated
 * reference says the latest edition applies; a dated one says what became of its edition; an informative
 * one says so; both designations are isolated in right-to-left text.
 */

const branding = brandingFromTenant(buildTenantDefinition({ name: 'Acme' }), 'http://acme.localhost:8080');
const links = {
  standardUrl: 'http://acme.localhost:8080/store/standards/iec.html',
  trackerUrl: 'http://acme.localhost:8080/',
};
const standard = {
  assetId: 'iec-62061',
  title: 'Functional safety of machinery',
  committee: 'IEC/TC 44',
  publisher: 'IEC',
  oldDesignation: 'IEC 62061:2005',
  designation: 'IEC 62061:2021',
  oldStatus: null,
  status: 'active',
  edition: '2021',
  date: '2021-03-01',
};
const cites = (cited: string, dated: boolean, informative = false) => ({
  type: 'CITATION' as const,
  value: 'ISO 13849-1:2015',
  cited,
  dated,
  informative,
});
const mail = async (
  language: 'en' | 'ar',
  kind: 'new_edition' | 'withdrawal',
  reasons: ReturnType<typeof cites>[],
) =>
  (await compileNotification({ language, branding, change: { kind, standard }, links })).render({
    name: 'Ada',
    reasons,
    unsubscribeUrl: 'http://acme.localhost:8080/notifications/unsubscribe?t=x',
  });

describe('cited-standard reasons in the change e-mail', () => {
  it('an undated reference: the latest edition applies; a dated one: its edition is now replaced', async () => {
    const { text, html } = await mail('en', 'new_edition', [
      cites('IEC 62061', false),
      cites('IEC 62061:2005', true),
    ]);
    expect(text).toContain(
      '- ISO 13849-1:2015, which you track, cites IEC 62061: an undated reference, so the latest edition applies.',
    );
    expect(text).toContain(
      '- ISO 13849-1:2015, which you track, cites IEC 62061:2005: a dated reference to that edition, which is now replaced by a new edition.',
    );
    expect(html).toContain('<bdi>ISO 13849-1:2015</bdi>, which you track, cites <bdi>IEC 62061</bdi>');
  });

  it('a withdrawal of a dated reference says the edition is withdrawn; an informative reference says so', async () => {
    const { text } = await mail('en', 'withdrawal', [cites('IEC 62061:2005', true, true)]);
    expect(text).toContain(
      'cites IEC 62061:2005: a dated reference to that edition, which is now withdrawn. (An informative reference, from its bibliography.)',
    );
  });

  it('in Arabic both designations are isolated (FSI … PDI) in the text part', async () => {
    const { text } = await mail('ar', 'new_edition', [cites('IEC 62061', false)]);
    expect(text).toContain('\u2068ISO 13849-1:2015\u2069');
    expect(text).toContain('\u2068IEC 62061\u2069');
  });

  it('every language has every sentence, with both values in each', () => {
    for (const language of SUPPORTED_LANGUAGES) {
      const c = CITATION_STRINGS[language];
      for (const sentence of [c.undated, c.dated]) {
        expect(sentence, language).toContain('{value}');
        expect(sentence, language).toContain('{cited}');
      }
      expect(c.dated, language).toContain('{state}');
    }
  });
});
