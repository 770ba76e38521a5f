import { readFileSync } from 'node:fs';
import type { CatalogImportRow } from '@trackwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStsZip, withErrorFiles, withRowFiles } from '../src/catalog-import/index.ts';
import {
  applyCatalogImport,
  type DatabaseHandle,
  dryRunCatalogImport,
  findStandard,
  upsertTenant,
} from '../src/index.ts';
import {
  buildTenantDefinition,
  buildZip,
  createTestDatabase,
  EVERY_MATCHING_RULE,
  type TestDatabase,
} from '../src/testing.ts';

/**
 * A batch: a ZIP of NISO STS files read into one import, with an outcome per file. The archives are built
 * here (testing-zip.ts) from small generated STS files without a DOCTYPE, and the committed archive of real public
 * files (fixtures/sts/public, SOURCES.md) is read whole, one outcome per file. Each bad input refuses with
 * its reason and yields no row to apply.
 */

import { stdMeta, stsFile } from './zip-batch-files.ts';

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
