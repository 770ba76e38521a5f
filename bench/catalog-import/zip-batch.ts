/**
 * Benchmark of a ZIP batch of STS files: `node bench/catalog-import/zip-batch.ts [--files 10000]`
 * (`--skip-pglite` for PostgreSQL only).
 *
 *  1. Builds N NISO STS files in one ZIP, in memory, shaped as the public files of metanorma/sts-ruby are
 *     (packages/db/test/fixtures/sts/public): a `<standard><front><std-meta>` with title-wraps in German,
 *     English and French (intro, main, compl, full), `std-ident`, dated and undated `std-ref`, `release-date`,
 *     `comm-ref`, `ics`, a `std-xref` of type supersedes, `permissions` and a `custom-meta-group`, then a short
 *     body; one standard per file, deflated. The publishers and committees they name are imported first,
 *     untimed (data.ts).
 *  2. Without a database: the archive read, inflated, decoded and parsed (parseStsZip) alone.
 *  3. On PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a throw-away database
 *     beside it, dropped at the end) and on PGlite (in memory): parse + dry run + apply into an empty
 *     catalogue, then the same batch again (every standard unchanged).
 *  Prints files/s and the process's RSS peak per phase (sampled every 20 ms), and its maxRSS. Asserts nothing
 *  but that each import did what it should (else it stops, saying so).
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import {
  applyCatalogImport,
  type DatabaseHandle,
  dryRunCatalogImport,
  migrate,
  upsertTenant,
} from '@trackwell/db';
import { parseStsZip } from '@trackwell/db/catalog-import';
import { buildTenantDefinition, buildZip, EVERY_MATCHING_RULE } from '@trackwell/db/testing';
import { committeeCode, PUBLISHERS, setupRows } from './data.ts';
import { onMemoryPglite, onThrowAwayPostgres } from './databases.ts';
import { log, maxRss, measure, type Phase } from './measure.ts';

const { values: args } = parseArgs({
  options: {
    files: { type: 'string', default: '10000' },
    'skip-pglite': { type: 'boolean', default: false },
  },
});
const FILES = Number(args.files);

/** One STS file of a standard, as sts-ruby's ISO/DIN 13849-1 files are built (front matter, short body). */
export function stsStandardFile(i: number): string {
  const publisher = PUBLISHERS[i % PUBLISHERS.length]!;
  const number = 10_000 + i;
  const part = (i % 3) + 1;
  const month = String((i % 12) + 1).padStart(2, '0');
  const day = String((i % 28) + 1).padStart(2, '0');
  const title = (lang: string, intro: string, main: string, compl: string) => `
      <title-wrap xml:lang="${lang}">
        <intro>${intro}</intro>
        <main>${main} ${i}</main>
        <compl>${compl} ${part}</compl>
        <full>${intro} — ${main} ${i} — ${compl} ${part}</full>
      </title-wrap>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<standard xmlns:mml="http://www.w3.org/1998/Math/MathML" xmlns:xlink="http://www.w3.org/1999/xlink" xml:lang="en">
  <front>
    <std-meta id="profile.int">${title('de', 'Sicherheit von Maschinen', 'Sicherheitsbezogene Teile', 'Teil')}${title(
      'en',
      'Safety of machinery',
      'Safety-related parts of control systems',
      'Part',
    )}${title('fr', 'Sécurité des machines', 'Parties des systèmes de commande', 'Partie')}
      <release-version>n</release-version>
      <std-ident>
        <originator>${publisher}</originator>
        <doc-type>st</doc-type>
        <doc-number>${number}</doc-number>
        <part-number>${part}</part-number>
        <edition>2022</edition>
        <version/>
      </std-ident>
      <content-language>en</content-language>
      <std-ref type="undated">${publisher} ${number}-${part}</std-ref>
      <std-ref type="dated">${publisher} ${number}-${part}:2022-${month}</std-ref>
      <doc-ref>${publisher} ${number}-${part}</doc-ref>
      <release-date>2022-${month}-${day}</release-date>
      <comm-ref>${committeeCode(i % 60)}</comm-ref>
      <secretariat/>
      <ics>13.110</ics>
      <ics>${10 + (i % 80)}.${String(i % 200).padStart(3, '0')}</ics>
      <std-xref type="supersedes">
        <std-ref>${publisher} ${number}-${part}:2015-${month}</std-ref>
      </std-xref>
      <permissions>
        <copyright-statement>© 2022 ${publisher}</copyright-statement>
        <copyright-year>2022</copyright-year>
        <copyright-holder>${publisher}</copyright-holder>
      </permissions>
      <custom-meta-group>
        <custom-meta><meta-name>sales.number</meta-name><meta-value>${1_000_000 + i}</meta-value></custom-meta>
      </custom-meta-group>
    </std-meta>
  </front>
  <body>
    <sec id="sec_1"><label>1</label><title>Scope</title>
      <p>This part of ${publisher} ${number} provides safety requirements and guidance on the principles for the
        design and integration of safety-related parts of control systems (SRP/CS), including software.</p>
    </sec>
  </body>
</standard>
`;
}

function buildBatch(files: number): Buffer {
  return buildZip(
    Array.from({ length: files }, (_, i) => ({
      name: `delivery/std-${String(i).padStart(5, '0')}.xml`,
      data: Buffer.from(stsStandardFile(i)),
    })),
  );
}

/** Parse + dry run + apply of the batch on one engine: into an empty catalogue, then again (unchanged). */
async function enginePhases(engine: string, db: DatabaseHandle, zip: Buffer): Promise<Phase[]> {
  await migrate(db);
  const tenant = await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition({ code: 'benchzip' })));
  const setup = setupRows().map((value, i) => ({ row: i + 1, value }));
  await applyCatalogImport(
    db,
    tenant.id,
    { rows: setup, errors: [], complete: true },
    { rules: EVERY_MATCHING_RULE },
  );
  const importBatch = async (expect: 'new' | 'unchanged') => {
    const batch = await parseStsZip(zip);
    const dry = await dryRunCatalogImport(db, tenant.id, batch);
    const applied = await applyCatalogImport(db, tenant.id, batch, { rules: EVERY_MATCHING_RULE });
    if (applied.outcome !== 'applied' || dry.totals[expect] !== FILES || applied.totals[expect] !== FILES)
      throw new Error(
        `${engine}: ${applied.outcome} ${JSON.stringify(applied.totals)} ${applied.message ?? ''}`,
      );
  };
  return [
    await measure(
      `${engine}: parse + dry run + apply, empty catalogue`,
      FILES,
      () => importBatch('new'),
      'files',
    ),
    await measure(
      `${engine}: the same batch again (all unchanged)`,
      FILES,
      () => importBatch('unchanged'),
      'files',
    ),
  ];
}

async function onPostgres(zip: Buffer): Promise<Phase[]> {
  return onThrowAwayPostgres('trackwell_bench_zip', (db) => {
    log('\nPostgreSQL');
    return enginePhases('PostgreSQL', db, zip);
  });
}

async function onPglite(zip: Buffer): Promise<Phase[]> {
  log('\nPGlite (in-process WASM, in memory)');
  return onMemoryPglite((db) => enginePhases('PGlite', db, zip));
}

async function main() {
  log(
    `Trackwell ZIP batch benchmark — ${new Date().toISOString()}, Node ${process.version}, ` +
      `${FILES.toLocaleString('en')} STS files in one ZIP; ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}`,
  );
  const zip = buildBatch(FILES);
  const inflated = stsStandardFile(0).length;
  const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en')} KB`;
  log(
    `  archive: ${kb(zip.length)} compressed, about ${kb(inflated * FILES)} inflated (${inflated} bytes a file)`,
  );
  log('\nNo database');
  await measure(
    'read the archive only (inflate, decode, parse)',
    FILES,
    async () => {
      const batch = await parseStsZip(zip);
      if (batch.rows.length !== FILES || batch.errors.length > 0)
        throw new Error(`parse: ${batch.rows.length} rows, ${JSON.stringify(batch.errors.slice(0, 3))}`);
    },
    'files',
  );
  await onPostgres(zip);
  if (!args['skip-pglite']) await onPglite(zip);
  log(`\nprocess maxRSS ${maxRss()}; load average ${loadavg()[0]!.toFixed(1)}`);
}

if (import.meta.main) await main();
