import type { ImportRowOf, ParsedCatalogImport } from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import { parseStsXml } from '../src/index.ts';

/**
 * Which lists of an STS document are citations, and whose: the shapes the real files use (see
 * standard-citations.test.ts for the real DIN EN ISO 13849-1) and the ones the tag set allows besides.
 */

const meta = (
  n: string,
) => `<front><std-meta><std-ident><originator>ISO</originator><doc-number>${n}</doc-number>
  <edition>1</edition></std-ident><std-ref type="undated">ISO ${n}</std-ref><std-ref type="dated">ISO ${n}:2020</std-ref>
  <title-wrap xml:lang="en"><full>Standard ${n}</full></title-wrap><release-date>2020-01</release-date></std-meta></front>`;
const standardsOf = (parsed: ParsedCatalogImport) =>
  parsed.rows.flatMap((r) => (r.value.kind === 'standard' ? [r.value as ImportRowOf<'standard'>] : []));

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
