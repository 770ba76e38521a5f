import type { ImportRowOf } from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import { parseCatalogCsv } from '../src/catalog-import/index.ts';
import {
  applyCatalogImport,
  dryRunCatalogImport,
  replaceForecastRules,
  standardForecast,
  upsertTenant,
} from '../src/index.ts';
import { buildTenantDefinition, EVERY_MATCHING_RULE } from '../src/testing.ts';
import { ISO_EXPORT, ISO_MAPPING, useStoreDatabase } from './store-database.ts';

/**
 * A real catalogue's stage codes (ISO's open data export, ./fixtures/csv/public/SOURCES.md: `currentStage`)
 * are kept with each published standard, and the review forecast uses them and says so: 90.60 the review is
 * under way, 90.93 confirmed (the next review a period later), 95.99 withdrawn (no forecast).
 */

describe("review forecasts from a real catalogue's stage codes", () => {
  const store = useStoreDatabase();

  it('keeps the stage of each published standard and forecasts with it', async () => {
    const parsed = await parseCatalogCsv(ISO_EXPORT, { mapping: ISO_MAPPING });
    const stages = parsed.rows.flatMap((r) =>
      r.value.kind === 'standard'
        ? [[r.value.designation, (r.value as ImportRowOf<'standard'>).stageCode]]
        : [],
    );
    expect(stages).toEqual([
      ['ISO 18381:2013', '90.60'],
      ['ISO 6123-2:1983', '95.99'],
      ['ISO/IEC 10918-5:2013', '90.60'],
      ['ISO 18074:2015', '90.93'],
    ]);
    // The rows its source left without a title are refused (catalog-import-mapped-export.test.ts); the rest apply.
    expect(
      (
        await applyCatalogImport(store.db, store.tenantId, parsed, {
          rules: EVERY_MATCHING_RULE,
          skipBadRows: true,
        })
      ).outcome,
    ).toBe('applied');

    expect(await standardForecast(store.db, store.tenantId, 'iso-18381-2013')).toEqual({
      dueOn: '2018-05-29',
      kind: 'systematic-review',
      rule: 'ISO',
      basis: 'stage',
      from: '2013-05-29',
      stage: 'under-review',
      stageCode: '90.60',
    });
    expect(await standardForecast(store.db, store.tenantId, 'iso-18074-2015')).toMatchObject({
      dueOn: '2025-11-19',
      basis: 'stage',
      from: '2020-11-19',
      stage: 'confirmed',
    });
    expect(await standardForecast(store.db, store.tenantId, 'iso-6123-2-1983')).toBeNull();

    // The same file again: its stages are what the store has, so nothing changed.
    const again = await dryRunCatalogImport(store.db, store.tenantId, parsed);
    expect(again.rows.filter((r) => r.outcome === 'changed')).toEqual([]);

    // A file without the stage column: the dry run finds nothing changed, and applying it keeps the stages.
    const withoutStages = {
      ...parsed,
      rows: parsed.rows.map((r) => ({ ...r, value: { ...r.value, stageCode: undefined } as typeof r.value })),
    };
    const plan = await dryRunCatalogImport(store.db, store.tenantId, withoutStages);
    expect(plan.rows.filter((r) => r.outcome === 'changed')).toEqual([]);
    await applyCatalogImport(store.db, store.tenantId, withoutStages, {
      rules: EVERY_MATCHING_RULE,
      skipBadRows: true,
    });
    expect(await standardForecast(store.db, store.tenantId, 'iso-18381-2013')).toMatchObject({
      basis: 'stage',
      stageCode: '90.60',
    });
  });

  it("a store's own rule for the publisher replaces the default; another store's stays the default", async () => {
    await store.db.transaction((tx) =>
      replaceForecastRules(tx, store.tenantId, [
        { publisherCode: 'ISO', kind: 'systematic-review', reviewYears: 3, withdrawalYears: null },
      ]),
    );
    expect((await standardForecast(store.db, store.tenantId, 'iso-18074-2015'))?.dueOn).toBe('2021-11-19');
    const other = (
      await store.db.transaction((tx) => upsertTenant(tx, buildTenantDefinition({ code: 'other' })))
    ).id;
    expect(await standardForecast(store.db, other, 'iso-18074-2015')).toBeNull();
  });
});
