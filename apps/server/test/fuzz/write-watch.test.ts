import { upsertTenant } from '@trackwell/db';
import {
  buildTenantDefinition,
  createTestDatabase,
  type TestDatabase,
  testEngine,
} from '@trackwell/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWriteWatch, type WriteWatch } from './write-watch.ts';

/** The fuzzer's "nothing written" check must see a write, and must not see a read or a rolled-back write. */
describe('the route fuzzer’s write check', () => {
  let t: TestDatabase;
  let watch: WriteWatch;
  const sharedServer = testEngine() === 'postgres';
  beforeAll(async () => {
    t = await createTestDatabase();
    watch = await createWriteWatch(t.handle, { sharedServer });
  });
  afterAll(() => t.drop());

  /** The tables `act` wrote, as the fuzzer sees them across one request. */
  async function written(act: () => Promise<unknown>) {
    const before = await watch.mark();
    await act();
    return watch.between(before, await watch.mark());
  }

  it('sees the tables a committed transaction wrote', async () => {
    const seen = await written(() => t.handle.transaction((tx) => upsertTenant(tx, buildTenantDefinition())));
    expect(seen.tables).toContain('public.tenants');
  });

  it('sees nothing for a read', async () => {
    const seen = await written(() => t.handle.query('SELECT count(*) FROM tenants'));
    expect(seen).toEqual({ tables: [], unattributed: 0 });
  });

  it('sees nothing for a write that was rolled back', async () => {
    const seen = await written(() =>
      t.handle
        .transaction(async (tx) => {
          await upsertTenant(tx, buildTenantDefinition());
          throw new Error('rolled back on purpose');
        })
        .catch(() => undefined),
    );
    expect(seen.tables).toEqual([]);
  });

  it.runIf(!sharedServer)(
    'counts a delete, which leaves no row, as a write (PGlite: the only client)',
    async () => {
      const { rows } = await t.handle.query<{ id: string }>('SELECT id FROM tenants LIMIT 1');
      const seen = await written(() => t.handle.query('DELETE FROM tenants WHERE id = $1', [rows[0]!.id]));
      expect(seen.unattributed).toBe(1);
    },
  );
});
