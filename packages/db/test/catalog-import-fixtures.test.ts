import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseCatalogCsv, parseStsXml } from '../src/catalog-import/index.ts';
import { applyCatalogImport, dryRunCatalogImport, findStandard } from '../src/index.ts';
import { EVERY_MATCHING_RULE } from '../src/testing.ts';
import { fixtureBytes as fixture, useStoreDatabase } from './store-database.ts';

/**
 * The sample files of a store's first catalogue (fixtures/csv/acme-catalogue.csv: one file with a `kind`
 * column holding a publisher, two industry areas, two committees and 50 standards; fixtures/sts/
 * acme-standards.xml: a new edition of one of them and a new standard), imported as the console's journey
 * does: dry run, apply, and the new edition e-mails the committee's follower.
 */

describe('catalogue import of the sample store files', () => {
  const store = useStoreDatabase();

  it('the 50-standard CSV: dry run all new, then applied', async () => {
    const parsed = await parseCatalogCsv(fixture('csv/acme-catalogue.csv'));
    expect(parsed.errors).toEqual([]);
    const dry = await dryRunCatalogImport(store.db, store.tenantId, parsed);
    expect(dry.totals).toEqual({ new: 55, changed: 0, unchanged: 0, error: 0 });
    const applied = await applyCatalogImport(store.db, store.tenantId, parsed, {
      rules: EVERY_MATCHING_RULE,
    });
    expect(applied).toMatchObject({ outcome: 'applied', events: [] });
    expect(await findStandard(store.db, store.tenantId, { contentCode: 'ACME A100' })).toMatchObject({
      designation: 'A100-15',
      committeeDesignation: 'A10',
      industryAreas: ['Building & Construction'],
    });
  });

  it('the STS file: one new edition (1 user will be e-mailed) and one new standard', async () => {
    const follower = randomUUID();
    await store.db.query(
      `INSERT INTO users (id, tenant_id, login, first_name, last_name) VALUES ($1, $2, $3, 'A', 'B')`,
      [follower, store.tenantId, `${follower}@example.com`],
    );
    await store.db.query(
      `INSERT INTO source_trackings (tenant_id, user_id, application_code, tracking_type, value)
       VALUES ($1, $2, 'TRACKER', 'COMMITTEE', 'A10')`,
      [store.tenantId, follower],
    );
    const parsed = await parseStsXml(fixture('sts/acme-standards.xml'));
    const dry = await dryRunCatalogImport(store.db, store.tenantId, parsed);
    expect(dry.totals).toEqual({ new: 1, changed: 1, unchanged: 0, error: 0 });
    expect(dry.rows[0]!.changes).toContainEqual({ field: 'edition', from: '2015', to: '2025' });
    const applied = await applyCatalogImport(store.db, store.tenantId, parsed, {
      rules: EVERY_MATCHING_RULE,
    });
    expect(applied.events).toEqual([
      { eventId: expect.any(Number), kind: 'new_edition', recipients: 1, webhooks: 0 },
    ]);
    expect(await findStandard(store.db, store.tenantId, { contentCode: 'ACME A200' })).toMatchObject({
      assetId: 'a200-2025',
    });
  });
});
