import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CATALOG_IMPORT_MAX_BYTES,
  CONSOLE_CATALOG_PATHS,
  catalogImportAnswer,
  catalogImportDryRunAnswer,
  catalogImportRunAnswer,
} from '@trackwell/contracts';
import { setSourceTrackings } from '@trackwell/db';
import { describe, expect, it } from 'vitest';
import {
  a,
  adminA,
  callAs,
  consoleRowCounts,
  editorA,
  t,
  useConsoleWorld,
} from '../support/console-world.ts';
import { expectError } from '../support/tracker-world.ts';

/**
 * The console's catalogue import over HTTP: a CSV or NISO STS XML file as the body, a dry run
 * that writes nothing, an import that applies it (all or nothing), records the change events of changed
 * editions and e-mails their trackers, audited; bad files refused with the row and field, nothing applied.
 */
useConsoleWorld();

const FIXTURES = join(import.meta.dirname, '../../../../packages/db/test/fixtures');
const ACME_CSV = readFileSync(join(FIXTURES, 'csv/acme-catalogue.csv'), 'utf8');
const ACME_STS = readFileSync(join(FIXTURES, 'sts/acme-standards.xml'), 'utf8');
const url = (path: string, query = '') => `${path.replace(':code', a.tenant.code)}${query}`;
const upload = (path: string, body: string | Buffer, type: string, query = '', who = adminA) =>
  callAs(who, { method: 'POST', url: url(path, query), payload: body, headers: { 'content-type': type } });

describe('catalogue import through the console', () => {
  it('a dry run of a first catalogue shows every row new and writes nothing; the import applies it, audited', async () => {
    const before = await consoleRowCounts();
    const dry = await upload(CONSOLE_CATALOG_PATHS.importDryRun, ACME_CSV, 'text/csv; charset=utf-8');
    expect(dry.statusCode).toBe(200);
    const checked = catalogImportDryRunAnswer.parse(dry.json());
    expect(checked).toMatchObject({ format: 'csv', complete: true });
    expect(checked.totals).toEqual({ new: 55, changed: 0, unchanged: 0, error: 0 });
    expect(await consoleRowCounts()).toEqual(before);

    const applied = await upload(CONSOLE_CATALOG_PATHS.imports, ACME_CSV, 'text/csv');
    expect(applied.statusCode).toBe(200);
    const run = catalogImportAnswer.parse(applied.json());
    expect(run).toMatchObject({ outcome: 'applied', totals: { new: 55, error: 0 }, events: 0 });
    const { rows } = await t.app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM standards WHERE tenant_id = $1 AND publisher_code = 'ACME'`,
      [a.tenant.id],
    );
    expect(rows[0]?.n).toBe(50);
    const audit = await t.app.db.query(
      `SELECT after FROM console_audit_log WHERE action = 'catalog.import' AND target = $1 AND actor_id = $2`,
      [run.runId, adminA.user.id],
    );
    expect(audit.rows).toHaveLength(1);
    const runs = catalogImportRunAnswer.parse(
      (await callAs(adminA, { url: url(CONSOLE_CATALOG_PATHS.imports) })).json(),
    );
    expect(runs.runs[0]).toMatchObject({ id: run.runId, outcome: 'applied' });

    // The same file again: every row unchanged.
    const again = catalogImportDryRunAnswer.parse(
      (await upload(CONSOLE_CATALOG_PATHS.importDryRun, ACME_CSV, 'text/csv')).json(),
    );
    expect(again.totals).toEqual({ new: 0, changed: 0, unchanged: 55, error: 0 });
  });

  it('an STS file with a new edition: the dry run names it; the import records it and its tracker is counted', async () => {
    await upload(CONSOLE_CATALOG_PATHS.imports, ACME_CSV, 'text/csv'); // the catalogue it changes (idempotent)
    const reader = await a.createUser();
    await setSourceTrackings(t.app.db, a.tenant.id, reader.id, 'TRACKER', [
      { trackingType: 'COMMITTEE', data: ['A10'] },
    ]);
    const dry = catalogImportDryRunAnswer.parse(
      (await upload(CONSOLE_CATALOG_PATHS.importDryRun, ACME_STS, 'application/xml', '', editorA)).json(),
    );
    expect(dry.totals).toMatchObject({ new: 1, changed: 1, error: 0 });
    expect(dry.rows.find((r) => r.outcome === 'changed')).toMatchObject({ event: 'new_edition' });

    const run = catalogImportAnswer.parse(
      (await upload(CONSOLE_CATALOG_PATHS.imports, ACME_STS, 'text/xml', '', editorA)).json(),
    );
    expect(run).toMatchObject({ format: 'sts', outcome: 'applied', events: 1, recipients: 1 });
    const { rows } = await t.app.db.query<{ kind: string }>(
      `SELECT kind FROM catalog_events WHERE tenant_id = $1 AND source = 'import'`,
      [a.tenant.id],
    );
    expect(rows.map((r) => r.kind)).toEqual(['new_edition']);
  });

  it('a file with a bad row applies nothing (the row and field named); with skipBadRows its good rows', async () => {
    const csv = 'kind,code,name\npublisher,GOOD1,Good Publisher\npublisher,BAD2,\n';
    const before = await consoleRowCounts();
    const run = catalogImportAnswer.parse(
      (await upload(CONSOLE_CATALOG_PATHS.imports, csv, 'text/csv')).json(),
    );
    expect(run.outcome).toBe('refused');
    expect(run.errors.length).toBeGreaterThan(0);
    expect(run.errors[0]).toMatchObject({ row: 3 });
    expect(run.errors.map((e) => e.field)).toEqual(['name']);
    const after = await consoleRowCounts();
    expect(after.publishers).toBe(before.publishers);

    const skipped = catalogImportAnswer.parse(
      (await upload(CONSOLE_CATALOG_PATHS.imports, csv, 'text/csv', '?skipBadRows=true')).json(),
    );
    expect(skipped).toMatchObject({ outcome: 'applied', totals: { new: 1, error: 1 } });
  });

  it('a real DIN EN ISO adoption: the dry run shows each standard with its warnings, the import the chain', async () => {
    const din = readFileSync(join(FIXTURES, 'sts/public/DIN_EN_ISO_13849-1_2008-12_en_TBX.metadata.xml'));
    const dry = catalogImportDryRunAnswer.parse(
      (await upload(CONSOLE_CATALOG_PATHS.importDryRun, din, 'application/xml', '', editorA)).json(),
    );
    expect(dry).toMatchObject({ format: 'sts', complete: true, totals: { error: 0 } });
    const standards = dry.rows.filter((r) => r.kind === 'standard');
    expect(standards.map((r) => [r.key, r.outcome])).toEqual([
      ['DIN EN ISO 13849-1', 'new'],
      ['EN ISO 13849-1', 'new'],
      ['ISO 13849-1', 'new'],
    ]);
    expect(standards[0]!.warnings).toEqual([
      {
        row: 1,
        field: 'std-ident/edition',
        reason: 'is empty: the edition is taken as 2008-12, from the date',
      },
      { row: 1, field: 'comm-ref', reason: 'is empty: imported without a committee' },
    ]);
    const run = catalogImportAnswer.parse(
      (await upload(CONSOLE_CATALOG_PATHS.imports, din, 'application/xml', '', editorA)).json(),
    );
    expect(run.outcome).toBe('applied');
    const page = await t.app.inject({
      url: '/store/standards/din-en-iso-13849-1-2008-12.html',
      headers: { host: a.host },
    });
    expect(page.body).toContain('EN ISO 13849-1:2008-06</a>, which adopts');
  });

  it('an XML file whose bytes are not the encoding it declares is refused whole, naming it', async () => {
    const before = await consoleRowCounts();
    const latin1 = Buffer.concat([
      Buffer.from('<?xml version="1.0" encoding="UTF-8"?><std-meta><title-wrap><full>'),
      Buffer.from([0xc9]), // É in ISO-8859-1: not UTF-8
      Buffer.from('lectrodes</full></title-wrap></std-meta>'),
    ]);
    const run = catalogImportAnswer.parse(
      (await upload(CONSOLE_CATALOG_PATHS.imports, latin1, 'application/xml')).json(),
    );
    expect(run.outcome).toBe('refused');
    expect(run.errors[0]).toMatchObject({ row: 0, reason: expect.stringMatching(/declares encoding UTF-8/) });
    expect((await consoleRowCounts()).standards).toBe(before.standards);
  });

  it('malformed CSV and XML, a DTD (XXE), the wrong content type, an oversized file: refused, nothing applied', async () => {
    const before = await consoleRowCounts();
    const unclosed = catalogImportAnswer.parse(
      (await upload(CONSOLE_CATALOG_PATHS.imports, 'kind,code,name\npublisher,"OPEN,x\n', 'text/csv')).json(),
    );
    expect(unclosed.outcome).toBe('refused');
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><std-meta>&e;</std-meta>';
    const dtd = catalogImportDryRunAnswer.parse(
      (await upload(CONSOLE_CATALOG_PATHS.importDryRun, xxe, 'application/xml')).json(),
    );
    expect(dtd.complete).toBe(false);
    expect(JSON.stringify(dtd)).not.toContain('root:');
    const broken = catalogImportAnswer.parse(
      (await upload(CONSOLE_CATALOG_PATHS.imports, '<std-meta><title-wrap>', 'application/xml')).json(),
    );
    expect(broken.outcome).toBe('refused');

    const json = await callAs(adminA, {
      method: 'POST',
      url: url(CONSOLE_CATALOG_PATHS.imports),
      payload: { rows: [] },
    });
    expectError(json, 415);
    expectError(await upload(CONSOLE_CATALOG_PATHS.imports, 'x', 'image/png'), 415);
    const huge = Buffer.alloc(CATALOG_IMPORT_MAX_BYTES + 1, 'a');
    expectError(await upload(CONSOLE_CATALOG_PATHS.imports, huge, 'text/csv'), 413);
    expectError(await upload(CONSOLE_CATALOG_PATHS.imports, ACME_CSV, 'text/csv', '?kind=rocket'), 400);
    const after = await consoleRowCounts();
    expect({ ...after, audit: 0, imports: 0 }).toEqual({ ...before, audit: 0, imports: 0 });
    expect(after.publishers).toBe(before.publishers);
    expect(after.standards).toBe(before.standards);
  });
});
