import { CONSOLE_CATALOG_PATHS, catalogImportAnswer, catalogImportDryRunAnswer } from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import { a, adminA, callAs, consoleRowCounts, useConsoleWorld } from '../support/console-world.ts';

/**
 * The console's import dry run names each row's links (predecessor, successor, base of a supplement) and the
 * links it cannot make as notes; a file whose standard replaces itself is refused, nothing applied.
 */
useConsoleWorld();

const url = (path: string) => path.replace(':code', a.tenant.code);
const upload = (path: string, body: string) =>
  callAs(adminA, {
    method: 'POST',
    url: url(path),
    payload: body,
    headers: { 'content-type': 'application/xml' },
  });

const meta = (dated: string, undated: string, extra = '') => `<std-meta>
  <std-ident><originator>LNK</originator><doc-number>1</doc-number><edition>1</edition></std-ident>
  <std-ref type="dated">${dated}</std-ref><std-ref type="undated">${undated}</std-ref>
  <title-wrap xml:lang="en"><full>${dated}</full></title-wrap><release-date iso-8601-date="2021-01-01"/>
  <comm-ref>LNK/TC 1</comm-ref>${extra}</std-meta>`;
const WITHDRAWN =
  '<custom-meta-group><custom-meta><meta-name>status</meta-name><meta-value>withdrawn</meta-value></custom-meta></custom-meta-group>';
const supersedes = (ref: string) => `<std-xref type="supersedes"><std-ref>${ref}</std-ref></std-xref>`;

describe('catalogue import links through the console', () => {
  it("the dry run names each row's predecessor, successor and base, and says what it cannot link", async () => {
    const file = `<standards>
      ${meta('LNK 2:2021', 'LNK 2', supersedes('LNK 1:2010'))}
      ${meta('LNK 1:2010', 'LNK 1', WITHDRAWN)}
      ${meta('LNK 2:2021/Amd 1:2023', 'LNK 2:2021/Amd 1')}
      ${meta('LNK 3:2021', 'LNK 3', supersedes('LNK 9:1999'))}
    </standards>`;
    const before = await consoleRowCounts();
    const dry = await upload(CONSOLE_CATALOG_PATHS.importDryRun, file);
    expect(dry.statusCode).toBe(200);
    const rows = catalogImportDryRunAnswer.parse(dry.json()).rows.filter((r) => r.kind === 'standard');
    expect(rows.map((r) => [r.key, r.links ?? null])).toEqual([
      ['LNK 2', { replaces: ['LNK 1:2010'] }],
      ['LNK 1', { replacedBy: 'LNK 2:2021' }],
      ['LNK 2:2021/Amd 1', { supplementOf: 'LNK 2:2021' }],
      ['LNK 3', null],
    ]);
    expect(rows[3]!.warnings).toContainEqual({
      row: 4,
      field: 'replaces',
      reason: 'supersedes LNK 9, which is neither in the catalogue nor in this import: not linked',
    });
    expect(await consoleRowCounts()).toEqual(before);
  });

  it('a standard replaced by itself is a refused row: nothing is applied', async () => {
    const before = await consoleRowCounts();
    const self = `<std-meta>
      <std-ident><originator>LNK</originator><doc-number>5</doc-number><edition>1</edition></std-ident>
      <std-ref type="dated">LNK 5:2001</std-ref><std-ref type="undated">LNK 5</std-ref>
      <title-wrap xml:lang="en"><full>Five</full></title-wrap><release-date iso-8601-date="2001-01-01"/>
      <comm-ref>LNK/TC 1</comm-ref>
      <std-xref type="isReplacedBy"><std-ref type="undated">LNK 5</std-ref></std-xref></std-meta>`;
    const res = await upload(CONSOLE_CATALOG_PATHS.imports, self);
    const run = catalogImportAnswer.parse(res.json());
    expect(run.outcome).toBe('refused');
    expect(run.errors).toContainEqual(
      expect.objectContaining({ field: 'replaced_by', reason: 'a standard cannot replace itself' }),
    );
    const after = await consoleRowCounts();
    expect([after.standards, after.publishers]).toEqual([before.standards, before.publishers]);
  });
});
