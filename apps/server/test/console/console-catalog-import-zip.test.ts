import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CATALOG_IMPORT_MAX_BYTES,
  CONSOLE_CATALOG_PATHS,
  catalogImportAnswer,
  catalogImportDryRunAnswer,
} from '@trackwell/contracts';
import { buildZip, deflatedZeros } from '@trackwell/db/testing';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { a, adminA, callAs, consoleRowCounts, t, useConsoleWorld } from '../support/console-world.ts';
import { expectError } from '../support/tracker-world.ts';

/**
 * The console's catalogue import of a batch: a ZIP of NISO STS files as the body (`application/zip`). The dry
 * run names each row's file and gives an outcome per file; the import applies the batch whole. A bad archive
 * (a zip bomb, with honest or lying headers; 100,000 entries; truncated bytes), a malformed file or one
 * whose bytes are not the encoding it declares is refused with its reason, and no standard is written.
 */
useConsoleWorld();

const FIXTURES = join(import.meta.dirname, '../../../../packages/db/test/fixtures');
const ACME_CSV = readFileSync(join(FIXTURES, 'csv/acme-catalogue.csv'), 'utf8');
const url = (path: string) => path.replace(':code', a.tenant.code);
const upload = (path: string, body: string | Buffer, type = 'application/zip') =>
  callAs(adminA, { method: 'POST', url: url(path), payload: body, headers: { 'content-type': type } });

/** One ACME standard as an STS `std-meta` (the store's sample catalogue has publisher ACME, committee A10). */
const stdMeta = (code: string, title: string) => `<std-meta>
  <title-wrap xml:lang="en"><main>${title}</main></title-wrap>
  <title-wrap xml:lang="fr"><main>Méthode ${code}</main></title-wrap>
  <std-ident><originator>ACME</originator><doc-number>${code}</doc-number><edition>2025</edition></std-ident>
  <std-ref type="undated">ACME ${code}</std-ref><std-ref type="dated">ACME ${code}-25</std-ref>
  <release-date>2025-03-01</release-date><comm-ref>A10</comm-ref><ics>91.100.30</ics>
</std-meta>`;
const stsFile = (...metas: string[]) =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><standards>${metas.join('')}</standards>`);

async function storeStandards() {
  const { rows } = await t.app.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM standards WHERE tenant_id = $1',
    [a.tenant.id],
  );
  return rows[0]!.n;
}

describe('a ZIP batch of STS files through the console', () => {
  beforeAll(async () => {
    const seeded = await upload(CONSOLE_CATALOG_PATHS.imports, ACME_CSV, 'text/csv');
    expect(catalogImportAnswer.parse(seeded.json()).outcome).toBe('applied');
  });

  it('the dry run names each row’s file and answers an outcome per file; the import applies the batch, audited', async () => {
    const zip = buildZip([
      { name: 'delivery/', data: new Uint8Array() },
      { name: 'delivery/z900.xml', data: stsFile(stdMeta('Z900', 'Zip batch standard one')) },
      { name: 'delivery/z901.xml', data: stsFile(stdMeta('Z901', 'Zip batch standard two')), method: 0 },
      { name: '__MACOSX/delivery/._z900.xml', data: Buffer.from('fork') },
      { name: 'delivery/cover-letter.pdf', data: Buffer.from('%PDF-1.4') },
    ]);
    const before = await storeStandards();
    const dry = catalogImportDryRunAnswer.parse(
      (await upload(CONSOLE_CATALOG_PATHS.importDryRun, zip)).json(),
    );
    expect(dry).toMatchObject({ format: 'zip', complete: true, totals: { new: 2, error: 0 } });
    expect(dry.rows.map((r) => [r.row, r.file, r.key, r.outcome])).toEqual([
      [1, 'delivery/z900.xml', 'ACME Z900', 'new'],
      [2, 'delivery/z901.xml', 'ACME Z901', 'new'],
    ]);
    expect(dry.files).toEqual([
      { file: 'delivery/z900.xml', outcome: 'read', standards: 1, errors: 0 },
      { file: 'delivery/z901.xml', outcome: 'read', standards: 1, errors: 0 },
      {
        file: 'delivery/cover-letter.pdf',
        outcome: 'skipped',
        standards: 0,
        errors: 0,
        reason: 'not an XML file',
      },
    ]);
    expect(await storeStandards()).toBe(before);

    const run = catalogImportAnswer.parse((await upload(CONSOLE_CATALOG_PATHS.imports, zip)).json());
    expect(run).toMatchObject({ format: 'zip', outcome: 'applied', totals: { new: 2 } });
    expect(run.files).toHaveLength(3);
    expect(await storeStandards()).toBe(before + 2);
    const audit = await t.app.db.query<{ after: { format: string } }>(
      `SELECT after FROM console_audit_log WHERE action = 'catalog.import' AND target = $1`,
      [run.runId],
    );
    expect(audit.rows[0]?.after.format).toBe('zip');
  });

  it('a row refused by the catalogue’s checks names its file in the import’s errors', async () => {
    // An industry area the store lacks (a committee it lacks would be created: the file names it).
    const bad = stdMeta('Z902', 'Unknown area').replace(
      '<comm-ref>A10</comm-ref>',
      '<comm-ref>A10</comm-ref><custom-meta-group><custom-meta><meta-name>industry-area</meta-name>' +
        '<meta-value>NOPE</meta-value></custom-meta></custom-meta-group>',
    );
    const zip = buildZip([
      { name: 'ok.xml', data: stsFile(stdMeta('Z903', 'Fine')) },
      { name: 'bad.xml', data: stsFile(bad) },
    ]);
    const run = catalogImportAnswer.parse((await upload(CONSOLE_CATALOG_PATHS.imports, zip)).json());
    expect(run.outcome).toBe('refused');
    expect(run.errors).toEqual([
      { row: 2, field: 'industry_areas', reason: 'no industry area NOPE', file: 'bad.xml' },
    ]);
  });

  describe('bad batches are refused with their reason, and no standard is written', () => {
    let payload: ReturnType<typeof deflatedZeros> | undefined;
    /** 200 MB of zeros deflated to about 200 KB (built once, when first needed). */
    const bomb = () => {
      payload ??= deflatedZeros(200 * 1024 * 1024);
      return payload;
    };
    const good = { name: 'good.xml', data: stsFile(stdMeta('Z950', 'Never applied')) };
    const BAD: Array<[string, () => Buffer, RegExp]> = [
      [
        'a zip bomb (200 MB of zeros in about 200 KB)',
        () => buildZip([good, { name: 'bomb.xml', deflated: bomb() }]),
        /bomb\.xml inflates to more than 33,554,432 bytes, the limit for one file/,
      ],
      [
        'a zip bomb whose headers declare 1 KB',
        () => buildZip([good, { name: 'bomb.xml', deflated: bomb(), declaredSize: 1024 }]),
        /bomb\.xml inflates to more than the 1,024 bytes its header declares/,
      ],
      [
        '100,000 tiny entries',
        () =>
          buildZip(
            Array.from({ length: 100_000 }, (_, i) => ({
              name: `${i}.xml`,
              data: Buffer.from('<a/>'),
              method: 0,
            })),
          ),
        /the archive has 100,000 entries; a batch takes at most 20,000/,
      ],
      [
        'a truncated archive',
        () => {
          const zip = buildZip([good, { name: 'more.xml', data: stsFile(stdMeta('Z951', 'More')) }]);
          return zip.subarray(0, zip.length - 40);
        },
        /not a readable ZIP archive/,
      ],
      [
        'malformed XML inside',
        () =>
          buildZip([good, { name: 'broken.xml', data: Buffer.from('<standards><std-meta><title-wrap>') }]),
        /^malformed XML/,
      ],
      [
        'a wrong encoding declaration',
        () =>
          buildZip([
            good,
            {
              name: 'latin1.xml',
              data: Buffer.from(
                `<?xml version="1.0" encoding="UTF-8"?>${stdMeta('Z952', 'Sécurité')}`,
                'latin1',
              ),
            },
          ]),
        /^declares encoding UTF-8 but its bytes are not UTF-8$/,
      ],
    ];

    it.each(BAD)('%s', async (_name, build, reason) => {
      const zip = build();
      expect(zip.length).toBeLessThan(CATALOG_IMPORT_MAX_BYTES);
      const before = await consoleRowCounts();
      const standards = await storeStandards();

      const dry = catalogImportDryRunAnswer.parse(
        (await upload(CONSOLE_CATALOG_PATHS.importDryRun, zip)).json(),
      );
      expect(dry.complete).toBe(false);
      expect(dry.rows.flatMap((r) => r.errors ?? []).some((e) => reason.test(e.reason))).toBe(true);

      const run = catalogImportAnswer.parse((await upload(CONSOLE_CATALOG_PATHS.imports, zip)).json());
      expect(run).toMatchObject({
        format: 'zip',
        outcome: 'refused',
        message: 'the file could not be read to its end',
      });
      expect(run.errors.some((e) => reason.test(e.reason))).toBe(true);
      expect(await storeStandards()).toBe(standards);
      const after = await consoleRowCounts();
      expect({ standards: after.standards, events: after.events, publishers: after.publishers }).toEqual({
        standards: before.standards,
        events: before.events,
        publishers: before.publishers,
      });
    });
  });

  it('the OpenAPI document describes the ZIP batch, its limits and the answers’ files', async () => {
    type Operation = {
      description?: string;
      responses: Record<
        string,
        { description?: string; content?: Record<string, { schema: { properties?: object } }> }
      >;
    };
    const doc = (await t.app.inject({ url: '/docs/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    for (const path of [CONSOLE_CATALOG_PATHS.importDryRun, CONSOLE_CATALOG_PATHS.imports]) {
      const post = doc.paths[path.replace(':code', '{code}')]?.post;
      expect(post?.description, path).toMatch(/A ZIP \(application\/zip\) is a batch of STS files/);
      expect(post?.description, path).toMatch(/more than 20000 entries, or inflates past 32 MiB in one file/);
      expect(post?.responses['415']?.description, path).toContain('application/zip');
      const answer = post?.responses['200']?.content?.['application/json']?.schema;
      expect(Object.keys(answer?.properties ?? {}), path).toContain('files');
    }
  });

  it('a ZIP over the upload limit is 413 (its compressed bytes count); another archive type is 415', async () => {
    expectError(await upload(CONSOLE_CATALOG_PATHS.imports, Buffer.alloc(CATALOG_IMPORT_MAX_BYTES + 1)), 413);
    expectError(
      await upload(CONSOLE_CATALOG_PATHS.imports, Buffer.from('PK'), 'application/x-7z-compressed'),
      415,
    );
  });

  it('random bytes and damaged archives as application/zip are answered, never with a 500', async () => {
    const valid = buildZip([
      { name: 'a.xml', data: stsFile(stdMeta('Z960', 'One'), stdMeta('Z961', 'Two')) },
      { name: 'b.xml', data: stsFile(stdMeta('Z962', 'Three')), method: 0 },
    ]);
    const damaged = fc
      .array(fc.tuple(fc.nat({ max: valid.length - 1 }), fc.integer({ min: 0, max: 255 })), {
        minLength: 1,
        maxLength: 6,
      })
      .map((edits) => {
        const copy = Buffer.from(valid);
        for (const [at, byte] of edits) copy[at] = byte;
        return copy;
      });
    const noise = fc.uint8Array({ maxLength: 4096 }).map((bytes) => Buffer.from(bytes));
    const standards = await storeStandards();
    await fc.assert(
      fc.asyncProperty(fc.oneof(damaged, noise), fc.boolean(), async (body, dryRun) => {
        const path = dryRun ? CONSOLE_CATALOG_PATHS.importDryRun : CONSOLE_CATALOG_PATHS.imports;
        const answer = await upload(path, body);
        expect(answer.statusCode).toBe(200);
      }),
      { seed: 20261128, numRuns: 100 },
    );
    // A damaged archive may still be whole enough to apply; noise never is. Either way nothing failed.
    expect(await storeStandards()).toBeGreaterThanOrEqual(standards);
  });
});
