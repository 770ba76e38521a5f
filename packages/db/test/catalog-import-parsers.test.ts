import { readFileSync } from 'node:fs';
import { catalogImportRow } from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import { parseCatalogCsv, parseStsXml } from '../src/catalog-import/index.ts';

// Pure tests of the import parsers: no database.

const fixture = (name: string) => readFileSync(new URL(`./fixtures/sts/${name}`, import.meta.url));

/** The same bytes as chunks of `size` bytes (splitting multi-byte characters and tags). */
const chunked = (bytes: Uint8Array, size: number) =>
  Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));

describe('catalogue CSV', () => {
  it('reads a BOM, CRLF, quoted commas, doubled quotes and line breaks, and headers as people write them', async () => {
    const csv =
      '\ufeffCode,"Name"\r\nATMS,"Allied, Testing ""&"" Materials"\r\nPQCI,"Petroleum\r\nQuality"\r\n';
    const parsed = await parseCatalogCsv(csv);
    expect(parsed.rows).toEqual([
      { row: 2, value: { kind: 'publisher', code: 'ATMS', name: 'Allied, Testing "&" Materials' } },
    ]);
    // The quoted line break is read as part of the cell, which a name may not have.
    expect(parsed.errors).toEqual([
      { row: expect.any(Number), field: 'name', reason: 'must be a single line' },
    ]);
    expect(parsed.complete).toBe(true);
  });

  it('reads UTF-8 bytes in chunks that split characters', async () => {
    const bytes = new TextEncoder().encode('marketing_code,code_name\nPLAST,Plásticos y polímeros ✓\n');
    const parsed = await parseCatalogCsv(chunked(bytes, 3));
    expect(parsed.rows[0]!.value).toEqual({
      kind: 'industry_area',
      marketingCode: 'PLAST',
      codeName: 'Plásticos y polímeros ✓',
    });
  });

  it('tells the kind from the header, or from a kind column in a mixed file', async () => {
    const mixed =
      'kind,code,name,marketing_code,code_name\npublisher,ATMS,Allied,,\nIndustry Area,,,PLAST,Plastics\nbook,,,,\n';
    const parsed = await parseCatalogCsv(mixed);
    expect(parsed.rows.map((r) => r.value.kind)).toEqual(['publisher', 'industry_area']);
    expect(parsed.errors).toEqual([{ row: 4, field: 'kind', reason: 'unknown kind "book"' }]);
  });

  it('refuses a header without the kind’s columns as a whole (row 0), not read further', async () => {
    const parsed = await parseCatalogCsv('content_code,title\nX,Y\n', { kind: 'standard' });
    expect(parsed.complete).toBe(false);
    expect(parsed.errors.map((e) => e.field)).toEqual([
      'asset_id',
      'designation',
      'publisher_code',
      'committee_designation',
      'status',
      'edition',
      'published_on',
    ]);
    expect((await parseCatalogCsv('')).errors).toEqual([
      { row: 0, field: null, reason: 'the file is empty (no header row)' },
    ]);
    expect((await parseCatalogCsv('a,b\n1,2\n')).errors[0]!.reason).toMatch(/no known kind/);
  });

  it('refuses malformed records one by one, with their line, and reads on', async () => {
    const csv = 'code,name\nA,one\nB,t"w"o\nC\nD,four,extra\nF,six\n';
    const parsed = await parseCatalogCsv(csv);
    expect(parsed.rows.map((r) => r.value.kind === 'publisher' && r.value.code)).toEqual(['A', 'F']);
    expect(parsed.errors.map((e) => e.row)).toEqual([3, 4, 5]);
    expect(parsed.errors[1]!.reason).toBe('has 1 fields, the header has 2');
    expect(parsed.errors[0]!.reason).toMatch(/^malformed CSV \(INVALID_OPENING_QUOTE\)/);
    expect(parsed.complete).toBe(true);
    // After a bad closing quote csv-parse cannot find the next record: the rest is lost, so the file is
    // marked incomplete and is never applied (rows cannot silently go missing).
    const lost = await parseCatalogCsv('code,name\nE,"five"x\nF,six\n');
    expect(lost.errors.map((e) => e.reason.slice(0, 40))).toEqual([
      'malformed CSV (CSV_INVALID_CLOSING_QUOTE',
      'malformed CSV (CSV_QUOTE_NOT_CLOSED): Qu',
    ]);
    expect(lost.complete).toBe(false);
  });

  it('an unclosed quote at the end makes the file incomplete', async () => {
    const parsed = await parseCatalogCsv('code,name\nA,one\nB,"two\nC,three\n');
    expect(parsed.complete).toBe(false);
    expect(parsed.errors[0]!.reason).toMatch(/CSV_QUOTE_NOT_CLOSED/);
  });

  it('refuses NUL, lone surrogates, controls, over-long values and a bad status or date, naming the column', async () => {
    const long = 'x'.repeat(501);
    const csv = [
      'work_item_number,title,committee_designation,status,created_on',
      'WK1,"nul \u0000 here",D20,proposed,2025-01-01',
      'WK2,"lone \ud800 surrogate",D20,proposed,2025-01-01',
      `WK3,"${long}",D20,proposed,2025-01-01`,
      'WK4,"bidi \u202e",D20,shelved,2025-02-30',
    ].join('\n');
    const parsed = await parseCatalogCsv(csv);
    // A lone surrogate has no UTF-8: the text arrives with U+FFFD in its place, never as invalid bytes.
    expect(parsed.rows.map((r) => r.value.kind === 'work_item' && r.value.title)).toEqual([
      'lone \ufffd surrogate',
    ]);
    expect(parsed.errors).toEqual([
      { row: 2, field: 'title', reason: 'must not contain NUL or lone surrogates' },
      { row: 4, field: 'title', reason: expect.stringMatching(/500/) },
      { row: 5, field: 'title', reason: 'must not contain control characters' },
      { row: 5, field: 'status', reason: expect.any(String) },
      { row: 5, field: 'created_on', reason: 'must be a date YYYY-MM-DD' },
    ]);
  });
});

describe('a source that fails (an upload cut off)', () => {
  async function* cutOff(first: string) {
    yield new TextEncoder().encode(first);
    throw new Error('connection reset');
  }

  it('is an incomplete file for both parsers, never a throw', async () => {
    const csv = await parseCatalogCsv(cutOff('code,name\nA,one\n'));
    expect(csv.complete).toBe(false);
    expect(csv.errors.at(-1)).toEqual({
      row: 0,
      field: null,
      reason: expect.stringMatching(/connection reset/),
    });
    const sts = await parseStsXml(cutOff('<collection><std-meta>'));
    expect(sts.complete).toBe(false);
    expect(sts.errors[0]!.reason).toMatch(/connection reset/);
  });
});

describe('import row contract', () => {
  it('refuses a lone surrogate and a ";" in a list code where rows are built in code', () => {
    const row = { kind: 'publisher', code: 'A\ud800', name: 'n' };
    expect(catalogImportRow.safeParse(row).error?.issues[0]?.message).toBe(
      'must not contain NUL or lone surrogates',
    );
    const area = { kind: 'standard', industryAreas: ['A;B'] };
    const issues = catalogImportRow.safeParse(area).error?.issues ?? [];
    expect(issues.find((i) => i.path[0] === 'industryAreas')?.message).toBe('must not contain ";"');
  });
});

describe('NISO STS', () => {
  it('reads one std-meta inside standard/front: identity, English title, committee, ICS, date, areas', async () => {
    const parsed = await parseStsXml(fixture('single.xml'));
    expect(parsed).toEqual({
      rows: [
        // The publisher and committee the file names, created only where the store lacks them.
        { row: 0, value: { kind: 'publisher', code: 'ATMS', name: 'ATMS', onlyIfNew: true } },
        {
          row: 0,
          value: {
            kind: 'committee',
            designation: 'D20',
            title: 'D20',
            publisherCode: 'ATMS',
            onlyIfNew: true,
          },
        },
        {
          row: 1,
          value: {
            kind: 'standard',
            contentCode: 'ATMS D638',
            assetId: 'd638-22',
            designation: 'D638-22',
            title: 'Standard Test Method for Tensile Properties of Plastics',
            publisherCode: 'ATMS',
            committeeDesignation: 'D20',
            status: 'active',
            edition: '2022',
            publishedOn: '2022-05-01',
            publishedPrecision: 'day',
            titles: {
              en: 'Standard Test Method for Tensile Properties of Plastics',
              fr: 'Plastiques — Propriétés en traction',
            },
            industryAreas: ['PLAST', 'TEST'],
            icsCodes: ['83.080.01', '19.060'],
            replaces: [],
          },
        },
      ],
      errors: [],
      warnings: [],
      complete: true,
    });
  });

  it('reads many std-meta: status from a withdrawal date or a replaced-by reference, titles from parts', async () => {
    const parsed = await parseStsXml(fixture('collection.xml'));
    const standards = parsed.rows.filter((r) => r.value.kind === 'standard');
    expect(standards.map((r) => r.value)).toMatchObject([
      {
        contentCode: 'PQCI P93-2',
        designation: 'P93-2-3',
        status: 'withdrawn',
        title: 'Petroleum products — Determination of flash point — Closed cup method',
        publishedOn: '2019-11-15',
      },
      { assetId: 'w3370-18-guide', status: 'historical', title: 'Guide for Sampling Water' },
    ]);
    // A missing committee is a warning (many real files have none); a missing edition and date are errors.
    expect(parsed.errors).toEqual([
      { row: 3, field: 'std-ident/edition', reason: 'is required' },
      { row: 3, field: 'release-date', reason: 'must be a date YYYY-MM-DD' },
    ]);
    expect(parsed.warnings).toContainEqual({
      row: 3,
      field: 'comm-ref',
      reason: 'is missing: imported without a committee',
    });
  });

  it('a national adoption and the standard it adopts are two standards, linked', async () => {
    const meta = (tag: string, originator: string) =>
      `<${tag}><title-wrap><main>Water quality</main></title-wrap><std-ident><originator>${originator}</originator>` +
      `<doc-number>5667</doc-number><edition>3</edition></std-ident><release-date>2024-02-01</release-date>` +
      `<comm-ref>TC 147</comm-ref></${tag}>`;
    const doc = `<standard><front>${meta('nat-meta', 'NS')}${meta('iso-meta', 'ISO')}</front><body/></standard>`;
    const parsed = await parseStsXml(`<collection>${doc}${doc}</collection>`);
    expect(parsed.errors).toEqual([]);
    const standards = parsed.rows.flatMap((r) =>
      r.value.kind === 'standard' ? [{ row: r.row, s: r.value }] : [],
    );
    expect(standards.map(({ row, s }) => [row, s.contentCode, s.adopts])).toEqual([
      [1, 'NS 5667', 'ISO 5667'],
      [2, 'ISO 5667', undefined],
      [3, 'NS 5667', 'ISO 5667'],
      [4, 'ISO 5667', undefined],
    ]);
  });

  it('gives the same rows fed in 7-byte chunks', async () => {
    const whole = await parseStsXml(fixture('collection.xml'));
    expect(await parseStsXml(chunked(fixture('collection.xml'), 7))).toEqual(whole);
  });

  it('refuses an external entity (XXE) as a row error, reading no file', async () => {
    const xxe = `<?xml version="1.0"?>
<!DOCTYPE std-meta [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<std-meta><comm-ref>&xxe;</comm-ref></std-meta>`;
    const parsed = await parseStsXml(xxe);
    expect(parsed.rows).toEqual([]);
    expect(parsed.complete).toBe(false);
    expect(parsed.errors).toEqual([{ row: 1, field: null, reason: expect.stringMatching(/DOCTYPE/) }]);
    expect(JSON.stringify(parsed)).not.toMatch(/root:/);
  });

  it('refuses a billion-laughs entity bomb at once', async () => {
    const lol = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join(
      '',
    );
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol0 "lol">${lol}]><std-meta><comm-ref>&lol9;</comm-ref></std-meta>`;
    const parsed = await parseStsXml(bomb);
    expect(parsed.complete).toBe(false);
    expect(parsed.errors[0]!.reason).toMatch(/DOCTYPE/);
  });

  it('a DOCTYPE naming its DTD is read past; HTML/ISO named entities are decoded; declared entities are refused', async () => {
    const meta = (extra: string) =>
      `<!DOCTYPE standard PUBLIC "-//NISO//DTD NISO STS v1//EN" "http://127.0.0.1:9/never-fetched.dtd"${extra}>` +
      '<standard><front><std-meta><title-wrap xml:lang="fr"><full>&Eacute;lectrodes &mdash; essai&nbsp;1</full>' +
      '</title-wrap><std-ident><originator>AFNOR</originator><doc-number>NF 1</doc-number><edition>1</edition>' +
      '</std-ident><release-date iso-8601-date="2020">2020</release-date><custom-meta-group><custom-meta>' +
      '<meta-name>note</meta-name><meta-value>x</meta-value></custom-meta></custom-meta-group></std-meta></front></standard>';
    const parsed = await parseStsXml(meta(''));
    expect(parsed.errors).toEqual([]);
    const [standard] = parsed.rows.filter((r) => r.value.kind === 'standard');
    expect(standard!.value).toMatchObject({
      title: 'Électrodes — essai 1', // &nbsp; decoded, then spaced as all title whitespace
      titles: { fr: 'Électrodes — essai 1' },
      publishedOn: '2020-01-01',
      publishedPrecision: 'year',
    });
    // An internal subset that declares an entity is refused even where the document never uses it.
    const declared = await parseStsXml(meta(' [<!ENTITY mdash "&#x2014;">]'));
    expect(declared.complete).toBe(false);
    expect(declared.errors[0]!.reason).toMatch(/declares entities/);
  });

  it('status from an ISO stage code: published and review stages active, 95.99 withdrawn, a project refused', async () => {
    const withStage = (stage: string) =>
      parseStsXml(
        `<std-meta><title-wrap><full>T</full></title-wrap><std-ident><originator>ISO</originator>` +
          `<doc-number>9</doc-number><edition>2</edition></std-ident><release-date>2019-04</release-date>` +
          `<custom-meta-group><custom-meta><meta-name>stage</meta-name><meta-value>${stage}</meta-value>` +
          `</custom-meta></custom-meta-group></std-meta>`,
      );
    const statusAt = async (stage: string) =>
      (await withStage(stage)).rows.find((r) => r.value.kind === 'standard')?.value;
    expect(await statusAt('60.60')).toMatchObject({ status: 'active' });
    expect(await statusAt('90.93')).toMatchObject({ status: 'active' });
    expect(await statusAt('95.99')).toMatchObject({ status: 'withdrawn' });
    const project = await withStage('40.20');
    expect(project.errors).toEqual([
      { row: 1, field: 'custom-meta stage', reason: 'stage 40.20 is not a published standard' },
    ]);
    const notACode = await withStage('draft');
    expect(notACode.warnings?.map((w) => w.field)).toContain('custom-meta stage');
  });

  it('an undeclared entity, malformed XML, a non-XML file or no std-meta: an error, never a throw', async () => {
    const undeclared = await parseStsXml('<std-meta><comm-ref>&nope;</comm-ref></std-meta>');
    expect(undeclared.errors[0]).toMatchObject({
      row: 1,
      field: null,
      reason: expect.stringMatching(/malformed XML/),
    });
    const unclosed = await parseStsXml('<std-meta><std-ident><originator>A</originator>');
    expect(unclosed.complete).toBe(false);
    const notXml = await parseStsXml('code,name\nA,B\n');
    expect(notXml.complete).toBe(false);
    const none = await parseStsXml('<standard><front/></standard>');
    expect(none.errors).toEqual([{ row: 0, field: null, reason: 'no std-meta element in the document' }]);
  });
});
