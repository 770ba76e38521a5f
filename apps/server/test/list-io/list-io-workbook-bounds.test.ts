import { CSV_TYPE, LIST_IO_PATHS, XLSX_TYPE } from '@trackwell/contracts';
import { buildZip, deflatedZeros } from '@trackwell/db/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { asTheUsersOneImport } from '../../src/http/one-import-per-user.ts';
import type { TestUser } from '../support/tracker-fixtures.ts';
import { a, expectError, useTrackerWorld } from '../support/tracker-world.ts';

/**
 * A list import's workbook is read by the catalogue's bounded reader: its inflated bytes are counted as they
 * come out, so a ZIP whose headers understate the sheet's size is stopped after the bytes it declared, and one
 * that truly unpacks past 64 MB at 64 MB; and a user has one import being read at a time (409 for a second).
 */
useTrackerWorld();

let user: TestUser;
beforeAll(async () => {
  user = await a.createUser();
});

const preview = (who: TestUser, body: string | Buffer, type = XLSX_TYPE) =>
  a.call(who, {
    method: 'POST',
    url: LIST_IO_PATHS.importPreview,
    payload: body,
    headers: { 'content-type': type },
  });

const CONTENT_TYPES = Buffer.from(
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
);
/** A workbook whose first sheet is `megabytes` MB of zeros, its headers declaring `declaredSize` bytes. */
const bombWorkbook = (megabytes: number, declaredSize?: number) =>
  buildZip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    {
      name: 'xl/worksheets/sheet1.xml',
      deflated: deflatedZeros(megabytes * 1024 * 1024),
      ...(declaredSize ? { declaredSize } : {}),
    },
  ]);

describe('a list workbook is bounded by what it inflates, not what it declares', () => {
  it('a sheet whose ZIP headers understate its size is refused after the declared bytes, at once', async () => {
    const workbook = bombWorkbook(256, 2_000); // 256 MB of zeros in about 250 KB
    const started = Date.now();
    const body = expectError(await preview(user, workbook), 400);
    expect(body.message).toMatch(/inflates to more than the 2,000 bytes its header declares/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('a sheet that truly unpacks past 64 MB is refused at the limit: 413', async () => {
    const body = expectError(await preview(user, bombWorkbook(100)), 413);
    expect(body.message).toMatch(/64 MB/);
  });
});

describe('one import at a time per user', () => {
  it('a second import by the same user while the first is read is 409; others and later ones are not', async () => {
    const other = await a.createUser();
    const csv = 'designation\nM1-22\n';
    let finish = () => {};
    const first = asTheUsersOneImport(
      { tenantId: a.tenant.id, id: user.id },
      () => new Promise<void>((resolve) => (finish = resolve)),
    );
    try {
      expect(expectError(await preview(user, csv, CSV_TYPE), 409).message).toMatch(/still being read/);
      expect((await preview(other, csv, CSV_TYPE)).statusCode).toBe(200);
    } finally {
      finish();
      await first;
    }
    expect((await preview(user, csv, CSV_TYPE)).statusCode).toBe(200);
  });
});
