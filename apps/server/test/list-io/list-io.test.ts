import {
  CSV_TYPE,
  LIST_IMPORT_MAX_BYTES,
  LIST_IMPORT_MAX_ROWS,
  LIST_IO_PATHS,
  XLSX_TYPE,
} from '@trackwell/contracts';
import { readSheet } from 'read-excel-file/node';
import { beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { csvCell } from '../../src/http/csv-cell.ts';
import type { TestUser } from '../support/tracker-fixtures.ts';
import { a, b, expectError, t, useTrackerWorld } from '../support/tracker-world.ts';
import { insertListCatalogue, MESSY_HEADER, MESSY_TOTALS, messyListRows, toCsv } from './list-io-fixtures.ts';

/** Import a list (report, then track) and export it, through the tracker API. */
useTrackerWorld();

let user: TestUser;
beforeAll(async () => {
  await insertListCatalogue(t.app.db, a.tenant.id);
  user = await a.createUser();
  const { rows } = await t.app.db.query<{ id: number }>(
    `SELECT id FROM standards WHERE tenant_id = $1 AND asset_id = ANY($2::text[])`,
    [a.tenant.id, ['m1-22', 'm2-22', 'm3-22', 'm4-22', 'm5-22']],
  );
  for (const r of rows) {
    await t.app.db.query(
      'INSERT INTO content_trackings (tenant_id, user_id, standard_id) VALUES ($1, $2, $3)',
      [a.tenant.id, user.id, r.id],
    );
  }
});

const preview = (who: TestUser, body: string | Buffer, type = CSV_TYPE, query = '') =>
  a.call(who, {
    method: 'POST',
    url: `${LIST_IO_PATHS.importPreview}${query}`,
    payload: body,
    headers: { 'content-type': type },
  });
const tracked = async (who: TestUser) =>
  (
    await t.app.db.query<{ designation: string }>(
      `SELECT s.designation FROM content_trackings c JOIN standards s ON s.id = c.standard_id
        WHERE c.user_id = $1 ORDER BY s.designation`,
      [who.id],
    )
  ).rows.map((r) => r.designation);
const xlsxOf = (header: string[], rows: string[][]) =>
  writeXlsxFile([header, ...rows].map((r) => r.map((value) => ({ value, type: String })))).toBuffer();

describe('the import report (nothing tracked)', () => {
  it('reads the 200-row messy CSV into exact counts, guessing the designation column', async () => {
    const before = await tracked(user);
    const res = await preview(user, toCsv(MESSY_HEADER, messyListRows()));
    expect(res.statusCode).toBe(200);
    const report = res.json().responseData.value;
    expect(report).toMatchObject({ format: 'csv', columns: MESSY_HEADER, column: 1, totals: MESSY_TOTALS });
    const byValue = new Map(report.rows.map((r: { value: string }) => [r.value, r]));
    expect(byValue.get('ASTM D638-14')).toMatchObject({
      outcome: 'matched',
      standard: { assetId: 'd638-14' },
    });
    expect(byValue.get('ISO 9001')).toMatchObject({
      outcome: 'matched',
      standard: { designation: 'ISO 9001:2015' },
    });
    expect(byValue.get('D790')).toMatchObject({
      outcome: 'ambiguous',
      candidates: [{ assetId: 'd790-17' }, { assetId: 'd790-23' }],
    });
    expect(byValue.get('M1-22')).toBeUndefined(); // M1 is written "m 1" in the file
    expect(report.rows.find((r: { row: number }) => r.row === 3)).toMatchObject({
      outcome: 'already_tracked',
    });
    expect(byValue.get('NUL')).toMatchObject({ outcome: 'not_found' });
    expect(report.rows.every((r: { value: string }) => r.value.length <= 200)).toBe(true);
    expect(await tracked(user)).toEqual(before);
  });

  it('reads the same list as XLSX, and a column the user chose', async () => {
    const res = await preview(user, await xlsxOf(MESSY_HEADER, messyListRows()), XLSX_TYPE);
    expect(res.statusCode).toBe(200);
    expect(res.json().responseData.value).toMatchObject({ format: 'xlsx', column: 1, totals: MESSY_TOTALS });
    const chosen = await preview(user, await xlsxOf(MESSY_HEADER, messyListRows()), XLSX_TYPE, '?column=2');
    expect(chosen.json().responseData.value.totals).toMatchObject({ rows: 200, matched: 0, notFound: 200 });
  });

  it('refuses what is not a list, with the problem named', async () => {
    expect(
      (await expectError(await preview(user, 'just,a,header\r\n', CSV_TYPE, '?column=5'), 400)).message,
    ).toMatch(/column 5/);
    expect((await expectError(await preview(user, '\r\n\r\n'), 400)).message).toMatch(/no rows/);
    expect(
      (await expectError(await preview(user, Buffer.from('not a zip'), XLSX_TYPE), 400)).message,
    ).toMatch(/XLSX/);
    expect((await expectError(await preview(user, '"open quote\r\nD638'), 400)).message).toMatch(/CSV/);
    await expectError(await preview(user, 'a,b', 'text/plain'), 415);
    await expectError(await preview(user, 'a,b', CSV_TYPE, '?column=-1'), 400);
    await expectError(await preview(user, 'a,b', CSV_TYPE, '?other=1'), 400);
  });

  it('refuses a file over 2 MB (413) and over 5,000 rows (413)', async () => {
    const big = `Designation\r\n${'D638-22,'.repeat(LIST_IMPORT_MAX_BYTES / 8 + 10)}\r\n`;
    expect((await expectError(await preview(user, big), 413)).message).toMatch(/2 MB/);
    const many = `Designation\r\n${'D638\r\n'.repeat(LIST_IMPORT_MAX_ROWS + 1)}`;
    expect((await expectError(await preview(user, many), 413)).message).toMatch(/5000 rows/);
    const exactly = `Designation\r\n${'D638\r\n'.repeat(LIST_IMPORT_MAX_ROWS)}`;
    expect((await preview(user, exactly)).statusCode).toBe(200);
  });

  it('needs a token, and reads only the caller’s store', async () => {
    await expectError(
      await a.call(null, {
        method: 'POST',
        url: LIST_IO_PATHS.importPreview,
        payload: 'x',
        headers: { 'content-type': CSV_TYPE },
      }),
      401,
    );
    const other = await b.createUser();
    const res = await b.call(other, {
      method: 'POST',
      url: LIST_IO_PATHS.importPreview,
      payload: 'Designation\r\nD638-22\r\n',
      headers: { 'content-type': CSV_TYPE },
    });
    expect(res.json().responseData.value.totals).toMatchObject({ matched: 0, notFound: 1 });
  });
});

describe('tracking the chosen standards, in one call', () => {
  it('tracks them all, counting those tracked already; again changes nothing', async () => {
    const fresh = await a.createUser();
    const body = { assetIds: ['d638-22', 'd790-23', 'iso-9001-2015', 'd638-22'] };
    const res = await a.call(fresh, { method: 'POST', url: LIST_IO_PATHS.importTrack, payload: body });
    expect(res.json().responseData.value).toEqual({ tracked: 3, alreadyTracked: 0 });
    const again = await a.call(fresh, { method: 'POST', url: LIST_IO_PATHS.importTrack, payload: body });
    expect(again.json().responseData.value).toEqual({ tracked: 0, alreadyTracked: 3 });
    expect(await tracked(fresh)).toEqual(['D638-22', 'D790-23', 'ISO 9001:2015']);
  });

  it('tracks nothing when one id is unknown or another store’s (404), or the body is bad (400)', async () => {
    const fresh = await a.createUser();
    const call = (payload: unknown) =>
      a.call(fresh, { method: 'POST', url: LIST_IO_PATHS.importTrack, payload: payload as object });
    expect((await expectError(await call({ assetIds: ['d638-22', 'nope'] }), 404)).message).toMatch(/nope/);
    await insertListCatalogue(t.app.db, b.tenant.id);
    await t.app.db.query(
      `UPDATE standards SET asset_id = 'b-only' WHERE tenant_id = $1 AND asset_id = 'm1-22'`,
      [b.tenant.id],
    );
    await expectError(await call({ assetIds: ['b-only'] }), 404); // another store's standard
    await expectError(await call({ assetIds: [] }), 400);
    await expectError(await call({ assetIds: ['x'.repeat(10_000)] }), 400);
    await expectError(await call({ assetIds: ['d638\u000022'] }), 400);
    await expectError(await call({ assetIds: 'd638-22' }), 400);
    await expectError(await call({ assetIds: ['d638-22'], userId: 'x' }), 400);
    expect(await tracked(fresh)).toEqual([]);
  });
});

describe('the export', () => {
  const exportAs = (who: TestUser, format: string) =>
    a.call(who, { method: 'GET', url: `${LIST_IO_PATHS.export}?format=${format}` });

  it('gives the list as CSV with formula cells defused, and it round-trips through the import', async () => {
    const fresh = await a.createUser();
    await a.call(fresh, {
      method: 'POST',
      url: LIST_IO_PATHS.importTrack,
      payload: { assetIds: ['d638-22', 'iso-9001-2015'] },
    });
    await t.app.db.query(
      `UPDATE standards SET title = '=HYPERLINK("http://evil")' WHERE tenant_id = $1 AND asset_id = 'd638-22'`,
      [a.tenant.id],
    );
    const res = await exportAs(fresh, 'csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename=".*-tracked-standards-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(res.body).toBe(
      '\ufeff"Designation","Title","Status","Edition","Published","Publisher"\r\n' +
        `"D638-22",${csvCell('=HYPERLINK("http://evil")')},"active","2022","2022-01-15","List Publisher"\r\n` +
        '"ISO 9001:2015","Title of ISO 9001:2015","active","2015","2015-01-15","List Publisher"\r\n',
    );
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    const back = await preview(fresh, res.body);
    expect(back.json().responseData.value.totals).toMatchObject({ rows: 2, alreadyTracked: 2, notFound: 0 });
  });

  it('gives the list as XLSX, every cell text, readable by the import', async () => {
    const fresh = await a.createUser();
    await a.call(fresh, {
      method: 'POST',
      url: LIST_IO_PATHS.importTrack,
      payload: { assetIds: ['c150-22'] },
    });
    const res = await exportAs(fresh, 'xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    const rows = await readSheet(res.rawPayload);
    expect(rows).toEqual([
      ['Designation', 'Title', 'Status', 'Edition', 'Published', 'Publisher'],
      ['C150/C150M-22', 'Title of C150/C150M-22', 'active', '2022', '2022-01-15', 'List Publisher'],
    ]);
    const back = await preview(fresh, res.rawPayload, XLSX_TYPE);
    expect(back.json().responseData.value.totals).toMatchObject({ rows: 1, alreadyTracked: 1 });
  });

  it('gives an empty list its header, refuses another format and a caller without a token', async () => {
    const fresh = await a.createUser();
    expect((await exportAs(fresh, 'csv')).body).toBe(
      '\ufeff"Designation","Title","Status","Edition","Published","Publisher"\r\n',
    );
    await expectError(await exportAs(fresh, 'pdf'), 400);
    await expectError(await a.call(null, { method: 'GET', url: LIST_IO_PATHS.export }), 401);
  });
});
