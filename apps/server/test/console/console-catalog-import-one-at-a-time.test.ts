import { CONSOLE_CATALOG_PATHS } from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import { asTheUsersOneImport } from '../../src/http/one-import-per-user.ts';
import { a, adminA, callAs, consoleRowCounts, useConsoleWorld } from '../support/console-world.ts';
import { expectError } from '../support/tracker-world.ts';

/**
 * A catalogue file costs seconds of CPU to read: an administrator has one import (or dry run) being read at a
 * time, and a second one sent meanwhile is 409 at once, nothing written.
 */
useConsoleWorld();

const CSV = 'designation,title,status\nACME 1,One,active\n';
const upload = (path: string) =>
  callAs(adminA, {
    method: 'POST',
    url: path.replace(':code', a.tenant.code),
    payload: CSV,
    headers: { 'content-type': 'text/csv' },
  });

describe('one catalogue import at a time per administrator', () => {
  it('a dry run, an import or a column read sent while another of theirs is read is 409, nothing written', async () => {
    let finish = () => {};
    const running = asTheUsersOneImport(
      { tenantId: adminA.store.tenant.id, id: adminA.user.id },
      () => new Promise<void>((resolve) => (finish = resolve)),
    );
    const before = await consoleRowCounts();
    try {
      const paths = [
        CONSOLE_CATALOG_PATHS.importDryRun,
        CONSOLE_CATALOG_PATHS.imports,
        CONSOLE_CATALOG_PATHS.importColumns,
      ];
      for (const path of paths)
        expect(expectError(await upload(path), 409).message).toMatch(/still being read/);
      expect(await consoleRowCounts()).toEqual(before);
    } finally {
      finish();
      await running;
    }
    expect((await upload(CONSOLE_CATALOG_PATHS.importDryRun)).statusCode).toBe(200);
    expect((await upload(CONSOLE_CATALOG_PATHS.importColumns)).statusCode).toBe(200);
  });
});
