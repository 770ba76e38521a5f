import { readFileSync } from 'node:fs';
import { catalogColumnMapping, suggestColumnMapping } from '@trackwell/contracts';
import { afterAll, beforeAll } from 'vitest';
import { type DatabaseHandle, upsertTenant } from '../src/index.ts';
import { buildTenantDefinition, createTestDatabase, type TestDatabase } from '../src/testing.ts';

/** A file below ./fixtures, as bytes (`fixtureBytes('sts/Samp1.xml')`) or as UTF-8 text. */
export const fixtureBytes = (path: string) => readFileSync(new URL(`./fixtures/${path}`, import.meta.url));
export const fixtureText = (path: string) =>
  readFileSync(new URL(`./fixtures/${path}`, import.meta.url), 'utf8');

/** ISO's open data export (./fixtures/csv/public/SOURCES.md), its header, and the mapping that header suggests. */
export const ISO_EXPORT = fixtureText('csv/public/iso-deliverables-metadata.csv');
export const ISO_HEADERS = ISO_EXPORT.slice(0, ISO_EXPORT.indexOf('\r\n')).split(',');
export const ISO_MAPPING = catalogColumnMapping.parse({ columns: suggestColumnMapping(ISO_HEADERS) });

/** A test database with one store: `db` and the store's `tenantId`, set once the block's set-up has run. */
export interface StoreDatabase {
  db: DatabaseHandle;
  tenantId: string;
}

/**
 * A fresh test database (PGlite, or PostgreSQL with TEST_DATABASE_URL) with one store, made before the
 * enclosing block's tests and dropped after them. Read `db` and `tenantId` inside tests, not at collection.
 */
export function useStoreDatabase(): StoreDatabase {
  let test: TestDatabase | undefined;
  const store = {} as StoreDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
    store.db = test.handle;
    store.tenantId = (await store.db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()))).id;
  }, 60_000);
  afterAll(() => test?.drop());
  return store;
}
