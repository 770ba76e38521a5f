import { readFileSync } from 'node:fs';
import { CATALOG_IMPORT_ZIP_LIMITS, type CatalogImportRow } from '@trackwell/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyCatalogImport,
  type DatabaseHandle,
  dryRunCatalogImport,
  findStandard,
  parseStsZip,
  upsertTenant,
  withErrorFiles,
  withRowFiles,
} from '../src/index.ts';
import {
  buildTenantDefinition,
  buildZip,
  createTestDatabase,
  deflatedZeros,
  EVERY_MATCHING_RULE,
  type TestDatabase,
} from '../src/testing.ts';

/**
 * A batch: a ZIP of NISO STS files read into one import, with an outcome per file. The archives are built
 * here (testing-zip.ts) from small generated STS files without a DOCTYPE, so what is tested is the archive's
 * handling, whatever the STS parser answers for real-world files; the committed archive of real public files
 * (fixtures/sts/public, SOURCES.md) is only read to its end, one outcome per file. Each bad input refuses with
 * its reason and yields no row to apply.
 */

/** One `std-meta` as publishers write it: titles in three languages, dated and undated references. */
function stdMeta(n: number, options: { committee?: string; title?: string; area?: string } = {}) {
  return `<std-meta>
    <title-wrap xml:lang="de"><main>Prüfverfahren ${n}</main></title-wrap>
    <title-wrap xml:lang="en"><full>${options.title ?? `Test method ${n}`}</full></title-wrap>
    <title-wrap xml:lang="fr"><main>Méthode d'essai ${n}</main></title-wrap>
    <std-ident><originator>ZIPP</originator><doc-number>${n}</doc-number><edition>2</edition></std-ident>
    <std-ref type="undated">ZIPP ${n}</std-ref>
    <std-ref type="dated">ZIPP ${n}:2024</std-ref>
    <release-date>2024-05-01</release-date>
    <comm-ref>${options.committee ?? 'Z1'}</comm-ref>
    <ics>13.110</ics>
    ${options.area ? `<custom-meta-group><custom-meta><meta-name>industry-area</meta-name><meta-value>${options.area}</meta-value></custom-meta></custom-meta-group>` : ''}
  </std-meta>`;
}
const stsFile = (...metas: string[]) =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<standards>${metas.join('')}</standards>\n`);

const realArchive = () =>
  readFileSync(new URL('./fixtures/sts/public/metanorma-sts-ruby.zip', import.meta.url));

describe('a ZIP batch of STS files', () => {
  it('every row and error names its file, rows are numbered across the batch, one outcome per file', async () => {
    const zip = buildZip([
      { name: 'batch/', data: new Uint8Array() },
      { name: 'batch/first.xml', data: stsFile(stdMeta(1), stdMeta(2)) },
      { name: '__MACOSX/batch/._first.xml', data: Buffer.from('resource fork') },
      { name: 'batch/.DS_Store', data: Buffer.from('finder') },
      { name: 'batch/notes.txt', data: Buffer.from('read me') },
      { name: 'batch/second.XML', data: stsFile(stdMeta(3, { committee: '' }), stdMeta(4)), method: 0 },
    ]);
    const batch = await parseStsZip(zip);
    expect(batch.complete).toBe(true);
    const standards = batch.rows.filter((r) => r.value.kind === 'standard');
    // The publisher the files name is the first file's, also in the dry run's outcomes.
    expect(
      withRowFiles([{ row: 0, kind: 'publisher', key: 'ZIPP', outcome: 'new' }], batch).map((o) => o.file),
    ).toEqual(['batch/first.xml']);
    expect(standards.map((r) => [r.row, r.file])).toEqual([
      [1, 'batch/first.xml'],
      [2, 'batch/first.xml'],
      [3, 'batch/second.XML'],
      [4, 'batch/second.XML'],
    ]);
    // The publisher and committee the files name: one row each for the batch, from the first file.
    expect(batch.rows.filter((r) => r.value.kind !== 'standard').map((r) => [r.value.kind, r.file])).toEqual([
      ['publisher', 'batch/first.xml'],
      ['committee', 'batch/first.xml'],
    ]);
    expect(batch.errors).toEqual([]);
    // An empty comm-ref is said, with its file, and the standard is imported without a committee.
    expect(batch.warnings).toEqual([
      {
        row: 3,
        field: 'comm-ref',
        reason: 'is empty: imported without a committee',
        file: 'batch/second.XML',
      },
    ]);
    expect(batch.files).toEqual([
      { file: 'batch/first.xml', outcome: 'read', standards: 2, errors: 0 },
      { file: 'batch/notes.txt', outcome: 'skipped', standards: 0, errors: 0, reason: 'not an XML file' },
      { file: 'batch/second.XML', outcome: 'read', standards: 2, errors: 0 },
    ]);
  });

  it('an archive with no XML file is incomplete: nothing to apply', async () => {
    const batch = await parseStsZip(buildZip([{ name: 'readme.txt', data: Buffer.from('x') }]));
    expect(batch).toMatchObject({ complete: false, rows: [] });
    expect(batch.errors).toEqual([{ row: 0, field: null, reason: 'the archive holds no XML file' }]);
  });

  it('the public sts-ruby files: every file read, its standards named by file, the adoptions linked', async () => {
    const batch = await parseStsZip(realArchive());
    expect(batch.complete).toBe(true);
    expect(batch.errors).toEqual([]);
    expect(batch.files.map((f) => [f.file, f.outcome])).toEqual([
      ['sts-ruby/nat-meta.xml', 'read'],
      ['sts-ruby/Samp1.xml', 'read'],
      ['sts-ruby/ISO_13849-1_2008-12_en_TBX.metadata.xml', 'read'],
      ['sts-ruby/DIN_EN_ISO_13849-1_2008-12_en_TBX.metadata.xml', 'read'],
    ]);
    const standards = batch.rows.flatMap((r) =>
      r.value.kind === 'standard' ? [[r.file, r.value.designation, r.value.adopts]] : [],
    );
    expect(standards).toEqual([
      ['sts-ruby/nat-meta.xml', 'ISO 123456:2009', undefined],
      ['sts-ruby/Samp1.xml', 'ISO 2560:2009', undefined],
      ['sts-ruby/ISO_13849-1_2008-12_en_TBX.metadata.xml', 'ISO 13849-1:2006-11', undefined],
      [
        'sts-ruby/DIN_EN_ISO_13849-1_2008-12_en_TBX.metadata.xml',
        'DIN EN ISO 13849-1:2008-12',
        'EN ISO 13849-1',
      ],
      ['sts-ruby/DIN_EN_ISO_13849-1_2008-12_en_TBX.metadata.xml', 'EN ISO 13849-1:2008-06', 'ISO 13849-1'],
      ['sts-ruby/DIN_EN_ISO_13849-1_2008-12_en_TBX.metadata.xml', 'ISO 13849-1:2006-11', undefined],
    ]);
  });
});

describe('a ZIP batch against the catalogue', () => {
  let test: TestDatabase;
  let db: DatabaseHandle;
  let tenantId: string;
  const setup: CatalogImportRow[] = [
    { kind: 'publisher', code: 'ZIPP', name: 'Zip Publisher' },
    { kind: 'committee', designation: 'Z1', title: 'Zip committee', publisherCode: 'ZIPP' },
  ];

  beforeAll(async () => {
    test = await createTestDatabase();
    db = test.handle;
    tenantId = (await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()))).id;
    const rows = setup.map((value, i) => ({ row: i + 1, value }));
    await applyCatalogImport(
      db,
      tenantId,
      { rows, errors: [], complete: true },
      { rules: EVERY_MATCHING_RULE },
    );
  }, 60_000);
  afterAll(() => test?.drop());

  it('the dry run names the file of every row outcome and of the checks it adds; the batch applies whole', async () => {
    const zip = buildZip([
      { name: 'a.xml', data: stsFile(stdMeta(10), stdMeta(11)) },
      { name: 'b.xml', data: stsFile(stdMeta(12, { area: 'NOPE' })) },
    ]);
    const batch = await parseStsZip(zip);
    const dry = await dryRunCatalogImport(db, tenantId, batch);
    expect(withRowFiles(dry.rows, batch).map((r) => [r.row, r.file, r.outcome])).toEqual([
      [1, 'a.xml', 'new'],
      [2, 'a.xml', 'new'],
      [3, 'b.xml', 'error'],
    ]);
    const refused = await applyCatalogImport(db, tenantId, batch, { rules: EVERY_MATCHING_RULE });
    expect(refused.outcome).toBe('refused');
    expect(withErrorFiles(refused.errors, batch)).toEqual([
      { row: 3, field: 'industry_areas', reason: 'no industry area NOPE', file: 'b.xml' },
    ]);
    expect(await findStandard(db, tenantId, { contentCode: 'ZIPP 10' })).toBeUndefined();

    const good = await parseStsZip(buildZip([{ name: 'a.xml', data: stsFile(stdMeta(10), stdMeta(11)) }]));
    const applied = await applyCatalogImport(db, tenantId, good, { rules: EVERY_MATCHING_RULE });
    expect(applied).toMatchObject({ outcome: 'applied', totals: { new: 2 } });
    expect(await findStandard(db, tenantId, { contentCode: 'ZIPP 11' })).toMatchObject({
      designation: 'ZIPP 11:2024',
      title: 'Test method 11',
    });
  });

  it('a batch with a malformed file applies nothing, not even with skipBadRows', async () => {
    const batch = await parseStsZip(
      buildZip([
        { name: 'good.xml', data: stsFile(stdMeta(20)) },
        { name: 'broken.xml', data: Buffer.from('<standards><std-meta><title-wrap></standards>') },
      ]),
    );
    const run = await applyCatalogImport(db, tenantId, batch, {
      rules: EVERY_MATCHING_RULE,
      skipBadRows: true,
    });
    expect(run.outcome).toBe('refused');
    expect(await findStandard(db, tenantId, { contentCode: 'ZIPP 20' })).toBeUndefined();
  });
});

describe('a ZIP batch refuses bad archives, with the reason', () => {
  let zeros: ReturnType<typeof deflatedZeros> | undefined;
  /** 200 MB of zeros, deflated to about 200 KB: a zip bomb's payload (built once). */
  const bombPayload = () => {
    zeros ??= deflatedZeros(200 * 1024 * 1024);
    return zeros;
  };
  const refusedWith = async (zip: Uint8Array, reason: RegExp, limits = {}) => {
    const batch = await parseStsZip(zip, { limits });
    expect(batch.complete).toBe(false);
    expect(batch.rows).toEqual([]);
    expect(batch.errors).toHaveLength(1);
    expect(batch.errors[0]!.reason).toMatch(reason);
    return batch;
  };

  it('a zip bomb (200 MB of zeros in 200 KB) is stopped at the per-file limit', async () => {
    const zeros = bombPayload();
    expect(zeros.bytes.length).toBeLessThan(400 * 1024);
    const batch = await refusedWith(
      buildZip([{ name: 'bomb.xml', deflated: zeros }]),
      /bomb\.xml inflates to more than 33,554,432 bytes, the limit for one file/,
    );
    expect(batch.errors[0]!.file).toBe('bomb.xml');
    expect(batch.files).toEqual([expect.objectContaining({ file: 'bomb.xml', outcome: 'refused' })]);
  });

  it('a zip bomb whose headers declare a tiny size is stopped: the inflated bytes are counted, not the header', async () => {
    const zeros = bombPayload();
    await refusedWith(
      buildZip([{ name: 'small.xml', deflated: zeros, declaredSize: 2_000 }]),
      /small\.xml inflates to more than the 2,000 bytes its header declares/,
    );
    // Declaring nearly 4 GB instead (so the header's check lets it through): the count stops it.
    await refusedWith(
      buildZip([{ name: 'large.xml', deflated: zeros, declaredSize: 0xfffffffe }]),
      /large\.xml inflates to more than 33,554,432 bytes, the limit for one file/,
    );
  });

  it('files each under the per-file limit are stopped when together they pass the total', async () => {
    const data = Buffer.concat([stsFile(stdMeta(1)), Buffer.alloc(900 * 1024, ' ')]);
    const zip = buildZip(Array.from({ length: 5 }, (_, i) => ({ name: `part${i}.xml`, data })));
    await refusedWith(zip, /the batch inflates to more than 3,145,728 bytes.*\(passed in part3\.xml\)/, {
      fileBytes: 1024 * 1024,
      totalBytes: 3 * 1024 * 1024,
    });
  });

  it('100,000 tiny entries are refused by the entry limit before any is read', async () => {
    const zip = buildZip(
      Array.from({ length: 100_000 }, (_, i) => ({
        name: `f${i}.xml`,
        data: Buffer.from('<a/>'),
        method: 0,
      })),
    );
    const batch = await refusedWith(zip, /the archive has 100,000 entries; a batch takes at most 20,000/);
    expect(batch.files).toEqual([]);
    expect(CATALOG_IMPORT_ZIP_LIMITS.entries).toBe(20_000);
  });

  it('a truncated archive and bytes that are no archive are refused as unreadable', async () => {
    const zip = buildZip([
      { name: 'a.xml', data: stsFile(stdMeta(1)) },
      { name: 'b.xml', data: stsFile(stdMeta(2)) },
    ]);
    await refusedWith(zip.subarray(0, zip.length - 30), /not a readable ZIP archive/);
    await refusedWith(Buffer.from('<std-meta/>'), /not a readable ZIP archive/);
    await refusedWith(new Uint8Array(), /not a readable ZIP archive/);
  });

  it('damaged compressed data or a wrong CRC-32 refuses the batch', async () => {
    const data = stsFile(stdMeta(1), stdMeta(2), stdMeta(3));
    await refusedWith(
      buildZip([{ name: 'a.xml', data, crc: 12345 }]),
      /a\.xml is corrupt: its bytes do not match the CRC-32/,
    );
    const zip = buildZip([{ name: 'a.xml', data }]);
    const damaged = Buffer.from(zip);
    damaged.fill(0xff, 40, 60); // inside the deflated data, after the local header and name
    await refusedWith(damaged, /a\.xml (cannot be inflated|is corrupt|inflates to)/);
  });

  it('an encrypted entry or an unknown compression method refuses the batch', async () => {
    const data = stsFile(stdMeta(1));
    await refusedWith(
      buildZip([{ name: 'secret.xml', data, flags: 0x1 }]),
      /secret\.xml is encrypted: encrypted entries are not read/,
    );
    await refusedWith(
      buildZip([{ name: 'lzma.xml', data, method: 14 }]),
      /lzma\.xml is compressed with method 14: only stored and deflated entries are read/,
    );
  });

  it('a file of 32 MB of characters XML does not allow is refused, the parser stopped soon after the first', async () => {
    const zip = buildZip([{ name: 'nul.xml', deflated: deflatedZeros(32 * 1024 * 1024) }]);
    const batch = await parseStsZip(zip);
    expect(batch.files).toEqual([
      expect.objectContaining({
        file: 'nul.xml',
        outcome: 'refused',
        reason: expect.stringMatching(/^malformed XML/),
      }),
    ]);
  });

  it('malformed XML inside refuses that file with its reason; the others are read; the batch is incomplete', async () => {
    const batch = await parseStsZip(
      buildZip([
        { name: 'good.xml', data: stsFile(stdMeta(1)) },
        { name: 'broken.xml', data: Buffer.from('<standards><std-meta><title-wrap></standards>') },
      ]),
    );
    expect(batch.complete).toBe(false);
    expect(batch.rows.filter((r) => r.value.kind === 'standard').map((r) => r.file)).toEqual(['good.xml']);
    expect(batch.errors).toEqual([
      expect.objectContaining({ file: 'broken.xml', reason: expect.stringMatching(/^malformed XML/) }),
    ]);
    expect(batch.files).toEqual([
      { file: 'good.xml', outcome: 'read', standards: 1, errors: 0 },
      expect.objectContaining({
        file: 'broken.xml',
        outcome: 'refused',
        reason: expect.stringMatching(/^malformed XML/),
      }),
    ]);
  });

  it('a file with a wrong encoding declaration is refused with the declared encoding named', async () => {
    const latin1 = (declared: string, text: string) =>
      Buffer.from(`<?xml version="1.0" encoding="${declared}"?><standards>${text}</standards>`, 'latin1');
    const batch = await parseStsZip(
      buildZip([
        { name: 'good.xml', data: stsFile(stdMeta(1)) },
        // windows-1252's dash (0x97) under an ISO-8859-1 declaration: a C1 control character there.
        { name: 'cp1252.xml', data: latin1('ISO-8859-1', stdMeta(2, { title: 'Safety \u0097 Part 1' })) },
        { name: 'latin1.xml', data: latin1('UTF-8', stdMeta(3, { title: 'Sécurité' })) },
        { name: 'sjis.xml', data: latin1('Shift_JIS', stdMeta(4)) },
      ]),
    );
    expect(batch.complete).toBe(false);
    expect(batch.files.map((f) => [f.file, f.outcome, f.reason])).toEqual([
      ['good.xml', 'read', undefined],
      [
        'cp1252.xml',
        'refused',
        expect.stringMatching(/^declares encoding ISO-8859-1 but its bytes are not ISO-8859-1/),
      ],
      ['latin1.xml', 'refused', 'declares encoding UTF-8 but its bytes are not UTF-8'],
      ['sjis.xml', 'refused', expect.stringMatching(/^declares encoding Shift_JIS, which is not read/)],
    ]);
    expect(batch.errors.map((e) => e.file)).toEqual(['cp1252.xml', 'latin1.xml', 'sjis.xml']);
  });

  it('random bytes and damaged archives never throw: each is read or refused with a reason', async () => {
    const valid = buildZip([
      { name: 'a.xml', data: stsFile(stdMeta(1), stdMeta(2)) },
      { name: 'b.xml', data: stsFile(stdMeta(3)), method: 0 },
      { name: 'c.txt', data: Buffer.from('x') },
    ]);
    const damage = fc
      .array(fc.tuple(fc.nat({ max: valid.length - 1 }), fc.integer({ min: 0, max: 255 })), {
        minLength: 1,
        maxLength: 8,
      })
      .map((edits) => {
        const copy = Buffer.from(valid);
        for (const [at, byte] of edits) copy[at] = byte;
        return copy;
      });
    const truncated = fc.nat({ max: valid.length }).map((n) => valid.subarray(0, n));
    const noise = fc.uint8Array({ maxLength: 2048 });
    await fc.assert(
      fc.asyncProperty(fc.oneof(damage, truncated, noise), async (bytes) => {
        const batch = await parseStsZip(bytes);
        expect(batch.complete || batch.errors.length > 0).toBe(true);
        for (const e of batch.errors) expect(e.reason.length).toBeGreaterThan(0);
      }),
      { seed: 20261127, numRuns: 300 },
    );
  });
});
