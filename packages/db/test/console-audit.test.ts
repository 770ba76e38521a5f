import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/client.ts';
import { createStoreApiKey, listStoreApiKeys } from '../src/repositories/catalog-api-keys.ts';
import { listAuditEntries, recordAuditEntry } from '../src/repositories/console-audit.ts';
import { upsertTenant } from '../src/repositories/tenants.ts';
import { buildTenantDefinition, createTestDatabase, type TestDatabase, testEngine } from '../src/testing.ts';

/**
 * The console's audit log and a store's API keys (migration 0010): newest first, by id, also when the ids
 * grow a digit (ordered as text, "99" would come before "100").
 */
describe(`console audit log and API keys on ${testEngine()}`, () => {
  let t: TestDatabase;
  let db: DatabaseHandle;
  let tenantId: string;
  beforeAll(async () => {
    t = await createTestDatabase();
    db = t.handle;
    tenantId = (await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()))).id;
  });
  afterAll(() => t.drop());

  /** The table's next ids start just below a power of ten above every id so far: 98, 99, 100, 101, … */
  async function idsAboutToGrowADigit(table: 'console_audit_log' | 'catalog_api_keys') {
    const { rows } = await db.query<{ max: string }>(
      `SELECT coalesce(max(id), 0)::text AS max FROM ${table}`,
    );
    const next = 10 ** String(Number(rows[0]!.max) + 2).length - 2;
    await db.query(`ALTER TABLE ${table} ALTER COLUMN id RESTART WITH ${next}`);
  }

  it('lists newest first and pages on, also when the ids grow a digit (99 → 100)', async () => {
    await idsAboutToGrowADigit('console_audit_log');
    const actions = ['store.create', 'store.logo', 'store.update', 'role.grant', 'catalog.import'] as const;
    for (const [i, action] of actions.entries())
      await recordAuditEntry(db, tenantId, {
        storeCode: 'audit',
        actor: { kind: 'user', id: 'u1', login: 'op@example.test' },
        action,
        target: `step ${i + 1}`,
      });

    const first = await listAuditEntries(db, { tenantId, limit: 3 });
    expect(first.entries.map((e) => e.target)).toEqual(['step 5', 'step 4', 'step 3']);
    expect(first.more).toBe(true);
    const rest = await listAuditEntries(db, { tenantId, limit: 3, beforeId: first.entries.at(-1)!.id });
    expect(rest.entries.map((e) => e.target)).toEqual(['step 2', 'step 1']);
    expect(rest.more).toBe(false);
  });

  it('lists a store’s API keys newest first across the same change of width', async () => {
    await idsAboutToGrowADigit('catalog_api_keys');
    for (const label of ['first', 'second', 'third', 'fourth'])
      await createStoreApiKey(db, tenantId, label, null);
    const keys = await listStoreApiKeys(db, tenantId);
    expect(keys.map((k) => k.label)).toEqual(['fourth', 'third', 'second', 'first']);
  });
});
