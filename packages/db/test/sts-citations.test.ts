import { readFileSync } from 'node:fs';
import { catalogColumnMapping } from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import { parseCatalogCsv, parseStsXml } from '../src/catalog-import/index.ts';
import { CITED_CSV, DIN_REFERENCES, NORMATIVE, standardsOf } from './citation-fixtures.ts';

/**
 * Which lists of an STS document are citations, and whose: the real DIN EN ISO 13849-1 (metanorma/sts-ruby,
 * its reference lists kept: fixtures/sts/public/SOURCES.md), the shapes the tag set allows besides, and a
 * catalogue CSV's or another body's export's references columns.
 */

const meta = (
  n: string,
) => `<front><std-meta><std-ident><originator>ISO</originator><doc-number>${n}</doc-number>
  <edition>1</edition></std-ident><std-ref type="undated">ISO ${n}</std-ref><std-ref type="dated">ISO ${n}:2020</std-ref>
  <title-wrap xml:lang="en"><full>Standard ${n}</full></title-wrap><release-date>2020-01</release-date></std-meta></front>`;

describe('STS citations', () => {
  it('a norm-refs ref-list, bare std-refs and a bibliography; lists of other kinds and non-standards cite nothing', async () => {
    const parsed = await parseStsXml(`<standard>${meta('100')}<body>
      <sec sec-type="foreword"><ref-list><ref><std><std-ref>ISO 999</std-ref></std></ref></ref-list></sec>
      <ref-list content-type="norm-refs"><ref><std-ref type="dated">ISO 200:2019</std-ref></ref>
        <ref><std><std-id-group><std-id>urn:iso:std:iso:300</std-id></std-id-group>ISO 300
          <title>Something</title></std></ref></ref-list></body>
      <back><ref-list content-type="bibl"><ref><mixed-citation>A book, 1999</mixed-citation></ref>
        <ref><mixed-citation><std>IEC 400 (all parts)</std>, Title</mixed-citation></ref></ref-list></back></standard>`);
    expect(parsed.errors).toEqual([]);
    const [s] = standardsOf(parsed);
    expect(s!.references).toEqual(['ISO 200:2019', 'ISO 300']);
    expect(s!.informativeReferences).toEqual(['IEC 400 (all parts)']);
  });

  it('standards side by side in one wrapper keep their own citations; a standard without lists says nothing', async () => {
    const parsed = await parseStsXml(`<wrapper>
      <standard>${meta('1')}<body><sec sec-type="norm-refs"><ref-list><ref><std>ISO 11</std></ref></ref-list></sec></body></standard>
      <standard>${meta('2')}<body><sec sec-type="norm-refs"><ref-list><ref><std>ISO 22</std></ref></ref-list></sec></body></standard>
      <standard>${meta('3')}<body><sec sec-type="scope"><p>No references.</p></sec></body></standard>
    </wrapper>`);
    const [one, two, three] = standardsOf(parsed);
    expect(one!.references).toEqual(['ISO 11']);
    expect(two!.references).toEqual(['ISO 22']);
    expect(three!.references).toBeUndefined();
    expect(one!.informativeReferences).toBeUndefined();
  });

  it('an empty normative references clause says the standard cites none', async () => {
    const parsed = await parseStsXml(
      `<standard>${meta('5')}<body><sec sec-type="norm-refs"><p>There are no normative references.</p></sec></body></standard>`,
    );
    expect(standardsOf(parsed)[0]!.references).toEqual([]);
  });
});

describe('citations of the real DIN EN ISO 13849-1 and of catalogue CSVs', () => {
  it('reads the normative references and the bibliography of a real STS adoption, for each standard it holds', async () => {
    const parsed = await parseStsXml(DIN_REFERENCES);
    expect(parsed.errors).toEqual([]);
    const [din, en, iso] = standardsOf(parsed);
    // The adoptions adopt the ISO text: all three cite what it cites normatively.
    for (const s of [din, en, iso]) expect(s!.references).toEqual(NORMATIVE);
    expect(iso!.informativeReferences).toContain('IEC 62061');
    expect(iso!.informativeReferences).not.toContain('ISO 14121');
    // The national bibliography (DIN's Annex NA) is the DIN standard's own.
    expect(din!.informativeReferences!.length).toBeGreaterThan(iso!.informativeReferences!.length);
    expect(iso!.informativeReferences).toHaveLength(en!.informativeReferences!.length);
  });

  it('a file without reference lists says nothing of citations; one with a references column states them', async () => {
    const metadataOnly = readFileSync(
      new URL('./fixtures/sts/public/DIN_EN_ISO_13849-1_2008-12_en_TBX.metadata.xml', import.meta.url),
    );
    for (const s of standardsOf(await parseStsXml(metadataOnly))) {
      expect(s.references).toBeUndefined();
      expect(s.informativeReferences).toBeUndefined();
    }
    const csv = standardsOf(await parseCatalogCsv(CITED_CSV));
    expect(csv.map((s) => s.references)).toEqual([['ISO 12100-1:2003'], []]);
    const bad = await parseCatalogCsv(CITED_CSV.replace('ISO 12100-1:2003', 'no digits here'));
    expect(bad.errors).toEqual([{ row: 6, field: 'references', reason: 'is no standard designation' }]);
  });

  it("another body's export reads its references through a column mapping; unmapped, the file says nothing", async () => {
    const mapping = catalogColumnMapping.parse({
      columns: [
        { header: 'reference', field: 'reference' },
        { header: 'title', field: 'title' },
        { header: 'date', field: 'publishedOn' },
        { header: 'status', field: 'status' },
        { header: 'cites', field: 'references', separator: '|' },
        { header: 'bibliography', field: 'informativeReferences' },
      ],
    });
    const file = [
      'reference,title,date,status,cites,bibliography',
      'ISO 13849-1:2015,Safety of machinery,2015-12,active,ISO 12100:2010|IEC 62061,IEC 61508 (all parts)',
    ].join('\n');
    const [mapped] = standardsOf(await parseCatalogCsv(file, { mapping }));
    expect(mapped).toMatchObject({
      references: ['ISO 12100:2010', 'IEC 62061'],
      informativeReferences: ['IEC 61508 (all parts)'],
    });
    const unmapped = catalogColumnMapping.parse({
      columns: mapping.columns.filter((c) => c.field !== 'references' && c.field !== 'informativeReferences'),
    });
    const [plain] = standardsOf(await parseCatalogCsv(file, { mapping: unmapped }));
    expect(plain!.references).toBeUndefined();
  });
});
