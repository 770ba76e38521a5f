import { SUPPORTED_LANGUAGES } from '@trackwell/contracts';
import { buildTenantDefinition } from '@trackwell/db/testing';
import { describe, expect, it } from 'vitest';
import { brandingFromTenant, compileStatusReport, type StatusReportList } from '../src/index.ts';

/** The monthly "status of your list" report, rendered in the user's language. */
const def = buildTenantDefinition({ code: 'acme' });
const branding = brandingFromTenant(def, 'http://acme.localhost:8080');
const links = {
  trackerUrl: 'http://acme.localhost:8080/',
  preferencesUrl: 'http://acme.localhost:8080/account/preferences',
};
const list: StatusReportList = {
  standards: [
    {
      designation: 'D638-22',
      title: 'Tensile <Properties> of Plastics',
      edition: '2022',
      status: 'active',
      publishedOn: '2022-03-01',
      url: 'http://acme.localhost:8080/standards/D638.html',
    },
    {
      designation: 'E119-20',
      title: 'Fire Tests',
      edition: '2020',
      status: 'withdrawn',
      publishedOn: '2020-01-01',
    },
  ],
  total: 2,
  sources: [
    { type: 'COMMITTEE', name: 'D20 — Plastics', standards: 12 },
    { type: 'WORKITEM', name: '', standards: null },
  ],
  changes: 0,
  since: '2099-01-01',
  asOf: '2099-02-01',
};
const recipient = { name: 'Ana $& Pérez', unsubscribeUrl: 'http://acme.localhost:8080/u?t=x&y', list };

describe('the monthly status report e-mail', () => {
  it('lists each standard with edition, status and date in Spanish, escaped, with "no changes" on record', async () => {
    const m = (await compileStatusReport({ language: 'es', branding, links })).render(recipient);
    expect(m.subject).toBe('El estado de su lista al 1 de febrero de 2099');
    expect(m.text).toContain('Hola, Ana $& Pérez:');
    expect(m.text).toContain('Sin cambios desde el 1 de enero de 2099.');
    expect(m.text).toContain('* D638-22 Tensile <Properties> of Plastics');
    expect(m.text).toContain('Edición: 2022 · Estado: Vigente · Publicada: 1 de marzo de 2022');
    expect(m.text).toContain('Estado: Retirada');
    expect(m.text).toContain('* Comité D20 — Plastics: normas cubiertas: 12');
    expect(m.text).toContain('* Trabajos en curso de sus comités');
    expect(m.text).toContain(
      'Desactivar este informe mensual: http://acme.localhost:8080/account/preferences',
    );
    expect(m.html).toContain('Tensile &lt;Properties&gt; of Plastics');
    expect(m.html).not.toContain('<Properties>');
    expect(m.html).toContain('href="http://acme.localhost:8080/standards/D638.html"');
    expect(m.html).toContain('href="http://acme.localhost:8080/u?t=x&amp;y"');
    expect(m.html).toContain('<bdi>Ana $&amp; Pérez</bdi>');
    expect(m.html).not.toContain('TWDIGEST');
  });

  it('counts the changes and cuts a long list with "and N more" linking to the tracker', async () => {
    const m = (await compileStatusReport({ language: 'en', branding, links })).render({
      ...recipient,
      list: { ...list, changes: 3, total: 1502, standards: list.standards.slice(0, 1) },
    });
    expect(m.text).toContain('Changes since January 1, 2099: 3.');
    expect(m.text).toContain('Standards you track: 1,502');
    expect(m.text).toContain('And 1,501 more: see your tracker. http://acme.localhost:8080/');
    expect(m.html).toMatch(
      /<a href="http:\/\/acme\.localhost:8080\/"[^>]*>And 1,501 more: see your tracker\.<\/a>/,
    );
  });

  it('is written right to left in Arabic and renders in every language', async () => {
    const arabic = (await compileStatusReport({ language: 'ar', branding, links })).render(recipient);
    expect(arabic.html).toContain('dir="rtl"');
    expect(arabic.text).toContain('الإصدار: 2022 · الحالة: سارية');
    const subjects = new Set<string>();
    for (const language of SUPPORTED_LANGUAGES) {
      const m = (await compileStatusReport({ language, branding, links })).render(recipient);
      expect(m.subject).toContain('2099');
      expect(m.text).toContain('D638-22');
      subjects.add(m.subject);
    }
    expect(subjects.size).toBeGreaterThanOrEqual(SUPPORTED_LANGUAGES.length - 3); // fr_CA/fr_FR, es/es_ES share words
  });
});
