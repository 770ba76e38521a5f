import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CATALOG_IMPORT_MAX_BYTES,
  type CatalogColumnMapping,
  CONSOLE_CATALOG_PATHS,
  catalogImportAnswer,
  catalogImportColumnsAnswer,
  catalogImportDryRunAnswer,
  catalogMappingAnswer,
  XLSX_TYPE,
} from '@trackwell/contracts';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import {
  a,
  adminA,
  adminB,
  type ConsoleActor,
  callAs,
  consoleRowCounts,
  editorA,
  nobodyA,
  operator,
  t,
  useConsoleWorld,
} from '../support/console-world.ts';
import { expectError } from '../support/tracker-world.ts';

/**
 * Catalogue exports written by others over HTTP: the store's saved column mapping (GET, PUT, audited, every
 * refusal), a file's columns with the mapping they suggest, and the dry run and import through the saved
 * mapping, as CSV (ISO's open data, packages/db/test/fixtures/csv/public) and as an XLSX workbook; hostile
 * workbooks are refused with a reason, never a 500.
 */
useConsoleWorld();

const FIXTURES = join(import.meta.dirname, '../../../../packages/db/test/fixtures/csv');
const ISO_CSV = readFileSync(join(FIXTURES, 'public/iso-deliverables-metadata.csv'), 'utf8');
const ACME_CSV = readFileSync(join(FIXTURES, 'acme-catalogue.csv'), 'utf8');

const ISO_MAPPING: CatalogColumnMapping = {
  columns: [
    { header: 'reference', field: 'reference' },
    { header: 'title.en', field: 'titles', language: 'en' },
    { header: 'title.fr', field: 'titles', language: 'fr' },
    { header: 'publicationDate', field: 'publishedOn' },
    { header: 'edition', field: 'edition' },
    { header: 'icsCode', field: 'icsCodes' },
    { header: 'ownerCommittee', field: 'committeeDesignation' },
    { header: 'currentStage', field: 'stage' },
  ],
};

const url = (path: string, query = '', code = a.tenant.code) => `${path.replace(':code', code)}${query}`;
const upload = (path: string, body: string | Buffer, type: string, query = '', who: ConsoleActor = adminA) =>
  callAs(who, { method: 'POST', url: url(path, query), payload: body, headers: { 'content-type': type } });
const putMapping = (mapping: object, who: ConsoleActor = adminA, code = a.tenant.code) =>
  callAs(who, { method: 'PUT', url: url(CONSOLE_CATALOG_PATHS.importMapping, '', code), payload: mapping });

/** The ISO export as a workbook: every cell text (as ISO's CSV is), its first sheet the export. */
async function isoWorkbook(): Promise<Buffer> {
  const { parse } = await import('csv-parse/sync');
  const records = parse(ISO_CSV, { relax_column_count: true }) as string[][];
  return writeXlsxFile(records.map((r) => r.map((value) => ({ value, type: String })))).toBuffer();
}

describe('the saved column mapping', () => {
  it('is null until saved; PUT saves it (audited), GET reads it back', async () => {
    const none = catalogMappingAnswer.parse(
      (await callAs(editorA, { url: url(CONSOLE_CATALOG_PATHS.importMapping) })).json(),
    );
    expect(none).toEqual({ mapping: null, updatedAt: null });

    const put = await putMapping(ISO_MAPPING, editorA);
    expect(put.statusCode).toBe(200);
    expect(catalogMappingAnswer.parse(put.json()).mapping).toEqual(ISO_MAPPING);
    const read = catalogMappingAnswer.parse(
      (await callAs(adminA, { url: url(CONSOLE_CATALOG_PATHS.importMapping) })).json(),
    );
    expect(read.mapping).toEqual(ISO_MAPPING);
    expect(read.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const audit = await t.app.db.query<{ after: { columns: string[] } }>(
      `SELECT after FROM console_audit_log WHERE action = 'catalog.mapping' AND tenant_id = $1 AND actor_id = $2`,
      [a.tenant.id, editorA.user.id],
    );
    expect(audit.rows[0]?.after.columns).toContain('title.fr → titles.fr');
  });

  it('a bad mapping is 400 naming the field, and nothing is saved', async () => {
    await putMapping(ISO_MAPPING);
    const bad = expectError(
      await putMapping({
        columns: [
          { header: 'reference', field: 'reference' },
          { header: 'title.fr', field: 'titles' },
          { header: 'ICS', field: 'edition', separator: ';' },
          { header: 'x', field: 'rocket' },
        ],
      }),
      400,
    );
    expect(bad.issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: expect.stringContaining('columns.3.field') })]),
    );
    const missing = expectError(
      await putMapping({ columns: [{ header: 'title.fr', field: 'titles' }] }),
      400,
    );
    expect(missing.issues?.map((i) => i.message)).toEqual(
      expect.arrayContaining([
        'field titles needs a language',
        'field designation is not mapped (map a column to reference or designation)',
      ]),
    );
    const read = catalogMappingAnswer.parse(
      (await callAs(adminA, { url: url(CONSOLE_CATALOG_PATHS.importMapping) })).json(),
    );
    expect(read.mapping).toEqual(ISO_MAPPING);
  });

  it('is refused without a catalogue role (403), to another store (403), and for a store that is none (404)', async () => {
    const before = await consoleRowCounts();
    expectError(await callAs(nobodyA, { url: url(CONSOLE_CATALOG_PATHS.importMapping) }), 403);
    expectError(await putMapping(ISO_MAPPING, nobodyA), 403);
    expectError(await putMapping(ISO_MAPPING, adminB), 403);
    expectError(await callAs(adminB, { url: url(CONSOLE_CATALOG_PATHS.importMapping) }), 403);
    expectError(await putMapping(ISO_MAPPING, operator, 'no-such-store'), 404);
    expectError(
      await callAs(operator, { url: url(CONSOLE_CATALOG_PATHS.importMapping, '', 'no-such-store') }),
      404,
    );
    expect(await consoleRowCounts()).toEqual(before);
  });
});

describe('a file written by others', () => {
  it("answers its columns, first rows and the suggested mapping; the catalogue CSV's own header is recognised", async () => {
    const iso = catalogImportColumnsAnswer.parse(
      (await upload(CONSOLE_CATALOG_PATHS.importColumns, ISO_CSV, 'text/csv')).json(),
    );
    expect(iso.format).toBe('csv');
    expect(iso.recognised).toBe(false);
    expect(iso.headers.slice(0, 6)).toEqual([
      'id',
      'deliverableType',
      'supplementType',
      'reference',
      'title.en',
      'title.fr',
    ]);
    expect(iso.rows).toHaveLength(5);
    expect(iso.rows[0]![3]).toBe('ISO 18381:2013');
    expect(iso.suggested).toEqual(expect.arrayContaining(ISO_MAPPING.columns));
    // ISO's own ids, and the predecessors and successor its replaces and replacedBy name by them.
    expect(iso.suggested).toEqual(
      expect.arrayContaining([
        { header: 'id', field: 'sourceId' },
        { header: 'replaces', field: 'replaces' },
        { header: 'replacedBy', field: 'replacedBy' },
      ]),
    );

    const acme = catalogImportColumnsAnswer.parse(
      (await upload(CONSOLE_CATALOG_PATHS.importColumns, ACME_CSV, 'text/csv')).json(),
    );
    expect(acme.recognised).toBe(true);

    const sheet = catalogImportColumnsAnswer.parse(
      (await upload(CONSOLE_CATALOG_PATHS.importColumns, await isoWorkbook(), XLSX_TYPE)).json(),
    );
    expect({ format: sheet.format, headers: sheet.headers }).toEqual({
      format: 'xlsx',
      headers: iso.headers,
    });
    expectError(await upload(CONSOLE_CATALOG_PATHS.importColumns, '<x/>', 'application/xml'), 415);
    expectError(await upload(CONSOLE_CATALOG_PATHS.importColumns, 'not a zip', XLSX_TYPE), 400);
    expectError(await upload(CONSOLE_CATALOG_PATHS.importColumns, ISO_CSV, 'text/csv', '', nobodyA), 403);
  });

  it('the dry run through the saved mapping shows the standards with titles per language; the import applies them', async () => {
    await putMapping(ISO_MAPPING);
    const dry = catalogImportDryRunAnswer.parse(
      (await upload(CONSOLE_CATALOG_PATHS.importDryRun, ISO_CSV, 'text/csv', '?mapping=saved')).json(),
    );
    expect(dry).toMatchObject({ format: 'csv', complete: true });
    expect(dry.totals.error).toBe(3); // the three records their source left without a title
    expect(dry.rows.filter((r) => r.kind === 'standard' && r.outcome === 'new').map((r) => r.key)).toEqual([
      'ISO 18381',
      'ISO 6123-2',
      'ISO/IEC 10918-5',
      'ISO 18074',
    ]);

    const run = catalogImportAnswer.parse(
      (
        await upload(CONSOLE_CATALOG_PATHS.imports, ISO_CSV, 'text/csv', '?mapping=saved&skipBadRows=true')
      ).json(),
    );
    expect(run).toMatchObject({ outcome: 'applied', totals: { error: 3 } });
    const { rows } = await t.app.db.query<{
      designation: string;
      status: string;
      titles: Record<string, string>;
    }>(
      `SELECT designation, status, titles FROM standards WHERE tenant_id = $1 AND content_code = 'ISO 18074'`,
      [a.tenant.id],
    );
    expect(rows[0]).toMatchObject({ designation: 'ISO 18074:2015', status: 'active' });
    expect(rows[0]!.titles.fr).toMatch(/^Textiles — Identification de certaines fibres animales/);

    // The same file as a workbook: the same rows, unchanged now.
    const sheet = catalogImportDryRunAnswer.parse(
      (
        await upload(CONSOLE_CATALOG_PATHS.importDryRun, await isoWorkbook(), XLSX_TYPE, '?mapping=saved')
      ).json(),
    );
    expect(sheet).toMatchObject({ format: 'xlsx', complete: true });
    expect(sheet.totals).toMatchObject({ new: 0, error: 3 });
  });

  it('leaves projects (a stage before 60.60) out, counted in the dry run, never refused', async () => {
    await putMapping(ISO_MAPPING);
    const header = ISO_CSV.slice(0, ISO_CSV.indexOf('\r\n'));
    const projects = [
      header,
      '1,IS,,ISO/WD 0,Road vehicles,,,1,,ISO/TC 22,2098,,,,,',
      '2,IS,,ISO/DIS 9999,Draft,,,1,,ISO/TC 22,4020,,,,,',
      "3,IS,,ISO 9998:2020,Published,,2020-02,1,['43.020'],ISO/TC 22,6060,,,,,",
    ].join('\r\n');
    const dry = catalogImportDryRunAnswer.parse(
      (await upload(CONSOLE_CATALOG_PATHS.importDryRun, projects, 'text/csv', '?mapping=saved')).json(),
    );
    expect(dry).toMatchObject({ complete: true, leftOut: 2, totals: { error: 0 } });
    expect(dry.rows.filter((r) => r.kind === 'standard').map((r) => r.key)).toEqual(['ISO 9998']);
  });

  it('asks for a saved mapping the store lacks, or for an STS file: 400 naming the mapping', async () => {
    const lacking = expectError(
      await callAs(adminB, {
        method: 'POST',
        url: url(CONSOLE_CATALOG_PATHS.importDryRun, '?mapping=saved', adminB.store.tenant.code),
        payload: ISO_CSV,
        headers: { 'content-type': 'text/csv' },
      }),
      400,
    );
    expect(lacking.issues).toEqual([{ path: 'querystring.mapping', message: 'no saved column mapping' }]);
    expectError(
      await upload(CONSOLE_CATALOG_PATHS.importDryRun, '<std-meta/>', 'application/xml', '?mapping=saved'),
      400,
    );
    expectError(await upload(CONSOLE_CATALOG_PATHS.importDryRun, ISO_CSV, 'text/csv', '?mapping=mine'), 400);
  });
});

describe('hostile workbooks', () => {
  it('bytes that are not a ZIP, and a zip bomb, are refused with the reason; nothing is applied, never a 500', async () => {
    const before = await consoleRowCounts();
    const notZip = catalogImportDryRunAnswer.parse(
      (await upload(CONSOLE_CATALOG_PATHS.importDryRun, 'reference,title\nISO 1,x\n', XLSX_TYPE)).json(),
    );
    expect(notZip).toMatchObject({ format: 'xlsx', complete: false, totals: { error: 1 } });
    expect(notZip.rows[0]?.errors?.[0]?.reason).toMatch(/not an Excel workbook/);

    // 160 MiB of zeros as a workbook part, deflated to well under a megabyte: past the unpacked limit.
    const bomb = Buffer.from(
      zipSync({ '[Content_Types].xml': new Uint8Array(160 * 1024 * 1024) }, { level: 9 }),
    );
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const refused = catalogImportAnswer.parse(
      (await upload(CONSOLE_CATALOG_PATHS.imports, bomb, XLSX_TYPE, '?skipBadRows=true')).json(),
    );
    expect(refused.outcome).toBe('refused');
    expect(refused.errors[0]?.reason).toMatch(/unpacks to more than 134,217,728 bytes/);
    // Over the import's byte limit: refused before it is read, as any import file is.
    const huge = Buffer.alloc(CATALOG_IMPORT_MAX_BYTES + 1);
    expectError(await upload(CONSOLE_CATALOG_PATHS.importDryRun, huge, XLSX_TYPE), 413);
    expectError(await upload(CONSOLE_CATALOG_PATHS.importColumns, huge, XLSX_TYPE), 413);
    const after = await consoleRowCounts();
    expect({ ...after, audit: 0, imports: 0 }).toEqual({ ...before, audit: 0, imports: 0 });
  });
});
