import { FOOTER_LINK_KEYS } from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_LOGOS_JUDGED_CLEAN, judgeSvg, logoDigest, svgProblems } from '../src/repositories/svg-guard.ts';
import { parseTenantDefinition } from '../src/repositories/tenants.ts';
import { DEMO_CATALOGUE_SEED, generateCatalogue, getDemoCatalogue } from '../src/seed/catalogue.ts';
import { DEMO_TENANTS } from '../src/seed/index.ts';
import { contrastRatio, tenantLogoSvg } from '../src/seed/logos.ts';
import { createRandom } from '../src/seed/random.ts';
import { DEMO_TENANT_DEFINITIONS } from '../src/seed/tenants.ts';

// Pure tests of the seed's data: no database.

describe('seeded random generator', () => {
  it('repeats for a seed and differs between seeds', () => {
    const draw = (seed: string) => {
      const rng = createRandom(seed);
      return Array.from({ length: 5 }, () => rng.int(0, 1_000_000));
    };
    expect(draw('a')).toEqual(draw('a'));
    expect(draw('a')).not.toEqual(draw('b'));
  });

  it('stays within bounds', () => {
    const rng = createRandom('bounds');
    const seen = new Set(Array.from({ length: 10_000 }, () => rng.int(3, 7)));
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
  });
});

describe('demo catalogue', () => {
  const catalogue = getDemoCatalogue();

  it('has the sizes of a real publisher store', () => {
    expect(catalogue.publishers.length).toBeGreaterThanOrEqual(5);
    expect(catalogue.committees).toHaveLength(60);
    expect(catalogue.industryAreas).toHaveLength(30);
    expect(catalogue.standards).toHaveLength(3000);
    expect(catalogue.workItems).toHaveLength(300);
  });

  it('is deterministic: the same seed gives the same catalogue, value for value', () => {
    expect(generateCatalogue(DEMO_CATALOGUE_SEED)).toEqual(catalogue);
    expect(generateCatalogue('another seed').standards[0]).not.toEqual(catalogue.standards[0]);
  });

  it('keeps its fixed values (changing them changes every demo database: bump DEMO_CATALOGUE_SEED)', () => {
    expect(catalogue.standards[0]).toEqual({
      assetId: 'e2269-24',
      contentCode: 'GBSO-E2269-2024',
      designation: 'E2269-24',
      title: 'Standard Guide for Design with Fire-Resistive Joint Systems',
      publisherCode: 'GBSO',
      committeeDesignation: 'E05',
      status: 'active',
      edition: '2024',
      publishedOn: '2024-06-05',
      industryAreas: ['FIRES', 'CONST'],
    });
    expect(catalogue.standards[1234]?.designation).toBe('F7029-11');
    expect(catalogue.standards[1234]?.status).toBe('historical');
    expect(catalogue.standards[2999]?.title).toBe(
      'Standard Test Method for Creep and Creep Rupture of Vulcanized Rubber',
    );
    expect(catalogue.workItems[0]).toEqual({
      workItemNumber: 'WK94690',
      title: 'Revision of E3288-25 Standard Practice for Reporting Test Results for Pharmaceutical Powders',
      committeeDesignation: 'E55',
      status: 'withdrawn',
      createdOn: '2023-08-02',
    });
  });

  it('has well-formed, unique keys', () => {
    const unique = (values: string[]) => new Set(values).size === values.length;
    expect(unique(catalogue.publishers.map((p) => p.code))).toBe(true);
    expect(unique(catalogue.committees.map((c) => c.designation))).toBe(true);
    expect(unique(catalogue.industryAreas.map((a) => a.marketingCode))).toBe(true);
    expect(unique(catalogue.standards.map((s) => s.assetId))).toBe(true);
    expect(unique(catalogue.standards.map((s) => s.contentCode))).toBe(true);
    expect(unique(catalogue.workItems.map((w) => w.workItemNumber))).toBe(true);
    for (const c of catalogue.committees) expect(c.designation).toMatch(/^[A-Z]\d{2}$/);
    for (const a of catalogue.industryAreas) expect(a.marketingCode).toMatch(/^[A-Z]{5}$/);
    for (const w of catalogue.workItems) expect(w.workItemNumber).toMatch(/^WK\d{5}$/);
    for (const s of catalogue.standards) {
      expect(s.designation).toMatch(/^[A-Z]\d{1,4}-\d{2}$/);
      expect(s.assetId).toBe(s.designation.toLowerCase());
      expect(s.designation.endsWith(`-${s.edition.slice(2)}`)).toBe(true);
      expect(s.publishedOn.startsWith(s.edition)).toBe(true);
      expect(s.title).toMatch(
        /^Standard (Test Method|Specification|Practice|Guide|Classification System|Terminology) /,
      );
    }
  });

  it('refers only to publishers, committees and industry areas it has', () => {
    const publishers = new Set(catalogue.publishers.map((p) => p.code));
    const committees = new Map(catalogue.committees.map((c) => [c.designation, c]));
    const areas = new Set(catalogue.industryAreas.map((a) => a.marketingCode));
    for (const c of catalogue.committees) expect(publishers.has(c.publisherCode)).toBe(true);
    for (const s of catalogue.standards) {
      const committee = committees.get(s.committeeDesignation);
      expect(committee?.publisherCode).toBe(s.publisherCode);
      expect(s.designation.charAt(0)).toBe(s.committeeDesignation.charAt(0));
      expect(s.industryAreas.length).toBeGreaterThanOrEqual(1);
      expect(s.industryAreas.length).toBeLessThanOrEqual(3);
      expect(new Set(s.industryAreas).size).toBe(s.industryAreas.length);
      for (const a of s.industryAreas) expect(areas.has(a)).toBe(true);
    }
    for (const w of catalogue.workItems) expect(committees.has(w.committeeDesignation)).toBe(true);
  });

  it('is mostly active, with some withdrawn and historical editions', () => {
    const count = (status: string) => catalogue.standards.filter((s) => s.status === status).length;
    expect(count('active')).toBeGreaterThan(2400);
    expect(count('withdrawn')).toBeGreaterThan(100);
    expect(count('historical')).toBeGreaterThan(100);
  });
});

describe('demo tenants', () => {
  const catalogue = getDemoCatalogue();
  const byCode = new Map(DEMO_TENANT_DEFINITIONS.map((t) => [t.definition.code, t.definition]));

  it('are the five tenants of the brief, each with its hosts', () => {
    expect(DEMO_TENANTS.map((t) => [t.code, t.hosts])).toEqual([
      ['trackwell', ['localhost', '127.0.0.1']],
      ['awwa', ['awwa.localhost']],
      ['aenor', ['aenor.localhost']],
      ['nordic', ['nordic.localhost']],
      ['pacific', ['pacific.localhost']],
    ]);
    expect(new Set(DEMO_TENANT_DEFINITIONS.map((t) => t.id)).size).toBe(5);
  });

  it.each(DEMO_TENANT_DEFINITIONS.map((t) => [t.definition.code, t] as const))(
    '%s passes validation',
    (_code, t) => {
      expect(() => parseTenantDefinition(t.definition)).not.toThrow();
      expect(svgProblems(t.definition.logoSvg)).toEqual([]);
    },
  );

  it('have logos the guard itself passes, and the guard knows exactly those as judged (a start seeds them without jsdom)', () => {
    const logos = DEMO_TENANT_DEFINITIONS.map((t) => t.definition.logoSvg);
    for (const logo of logos) expect(judgeSvg(logo)).toEqual([]);
    expect(new Set(logos.map(logoDigest))).toEqual(DEMO_LOGOS_JUDGED_CLEAN);
  });

  it('list only publishers of the catalogue, with a repeated one to exercise de-duplication by name', () => {
    const codes = new Set(catalogue.publishers.map((p) => p.code));
    for (const [code, d] of byCode) {
      const list = d.config.trackerSetting.publisher_list;
      for (const p of list) expect(codes.has(p.code), `${code}: ${p.code}`).toBe(true);
      expect(new Set(list.map((p) => p.name)).size, code).toBeLessThan(list.length);
    }
  });

  it('give their intro in every language they offer, two paragraphs each', () => {
    for (const { definition: d } of DEMO_TENANT_DEFINITIONS) {
      const { header } = d.config.trackerSetting;
      for (const language of d.config.ui.languages.filter((l) => l !== d.config.ui.defaultLanguage)) {
        const text = header.page_paragraph_info_by_language?.[language];
        expect(text, `${d.code} ${language}`).toBeTruthy();
        expect(text!.split('\n\n'), `${d.code} ${language}`).toHaveLength(2);
        expect(text, `${d.code} ${language}: a translation, not a copy`).not.toBe(header.page_paragraph_info);
      }
    }
  });

  it('each look different and carry their own footer and intro', () => {
    const themes = DEMO_TENANT_DEFINITIONS.map((t) => JSON.stringify(t.definition.theme.colors));
    expect(new Set(themes).size).toBe(5);
    expect(new Set(DEMO_TENANT_DEFINITIONS.map((t) => t.definition.logoSvg)).size).toBe(5);
    expect(new Set(DEMO_TENANT_DEFINITIONS.map((t) => t.definition.theme.radius)).size).toBe(5);
    for (const { definition: d } of DEMO_TENANT_DEFINITIONS) {
      expect(d.config.trackerSetting.header.page_paragraph_info.split('\n\n')).toHaveLength(2);
      expect(d.config.footer.socials.links.length).toBeGreaterThan(0);
      for (const link of d.config.footer.links) expect(FOOTER_LINK_KEYS).toContain(link.label);
      expect(d.config.ui.themeStylesheetUrl).toBe(`/assets/${d.code}/theme.css`);
      expect(d.config.ui.logoUrl).toBe(`/assets/${d.code}/logo.svg`);
      expect(d.config.ui.localeCookieEnv).toBe('Dev');
      expect(d.config['client-id']).toBe(`trackwell-portal-${d.code}`);
      expect(d.config['issuer-uri']).toBe('/oauth2/default');
    }
  });

  it('cover the per-tenant branches of the spec', () => {
    const trackwell = byCode.get('trackwell')!;
    expect(trackwell.config.ui.sidebar.enabled).toBe(true);
    expect(trackwell.config.ui.copyrightLine.enabled).toBe(true);
    expect(trackwell.config.ui.languages).toHaveLength(14);
    for (const code of ['awwa', 'aenor']) expect(byCode.get(code)!.config.ui.footerLogo).toBe('tenant');
    for (const code of ['trackwell', 'nordic', 'pacific'])
      expect(byCode.get(code)!.config.ui.footerLogo).toBe('poweredBy');
    expect(byCode.get('aenor')!.config.ui.defaultLanguage).toBe('es_ES');
    const nordic = byCode.get('nordic')!;
    expect(
      nordic.config.trackerSetting.publisher.enabled && nordic.featureFlags.track_by_publishers.enabled,
    ).toBe(true);
    expect(nordic.featureFlags.enable_resolver_DP_for_content.enabled).toBe(true);
    expect(nordic.theme.font).toBe('serif');
    const pacific = byCode.get('pacific')!;
    expect(pacific.featureFlags.enable_translation.enabled).toBe(false);
    expect(pacific.config.ui.languageSelector.enabled).toBe(false);
    expect(pacific.config.ui.languages).toEqual(['en']);
    expect(pacific.config.trackerSetting.work_item.enabled).toBe(false);
    expect(pacific.config.trackerSetting.industry_area.enabled).toBe(false);
    // Only nordic shows the publisher tracker (setting AND flag).
    const showsPublisher = DEMO_TENANT_DEFINITIONS.filter(
      ({ definition: d }) =>
        d.config.trackerSetting.publisher.enabled && d.featureFlags.track_by_publishers.enabled,
    );
    expect(showsPublisher.map((t) => t.definition.code)).toEqual(['nordic']);
  });
});

describe('logo generator', () => {
  const spec = {
    name: 'Acme & Sons <Standards>',
    tagline: 'Store',
    initials: 'AS',
    primary: '#123456',
    onPrimary: '#ffffff',
    background: '#ffffff',
    text: '#111111',
    font: 'serif' as const,
  };

  it.each(['track', 'drop', 'ring', 'hexagon', 'wave'] as const)('draws a clean %s emblem', (emblem) => {
    const svg = tenantLogoSvg({ ...spec, emblem });
    expect(svgProblems(svg)).toEqual([]);
    expect(svg).toContain('Acme &amp; Sons &lt;Standards&gt;');
    expect(svg).not.toMatch(/url\(|href|<script/i);
  });

  it('refuses a colour that is not #rrggbb', () => {
    expect(() => tenantLogoSvg({ ...spec, emblem: 'ring', primary: 'red"/><script>' })).toThrow(/#rrggbb/);
  });

  it('inverts the emblem on a background of its own colour', () => {
    const svg = tenantLogoSvg({ ...spec, emblem: 'ring', background: '#123456', text: '#ffffff' });
    expect(svg).toContain('<circle cx="28" cy="28" r="24" fill="#ffffff"/>');
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 0);
  });
});
