import { readFileSync } from 'node:fs';
import { CONSOLE_ICS_PATHS, icsAreaMappingAnswer } from '@trackwell/contracts';
import { applyCatalogImport } from '@trackwell/db';
import { parseStsXml } from '@trackwell/db/catalog-import';
import { EVERY_MATCHING_RULE } from '@trackwell/db/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectStoreRouteRefusals, storeRoute } from '../support/console-store-route.ts';
import { a, adminB, b, consoleRowCounts, operator, t, useConsoleWorld } from '../support/console-world.ts';
import { insertCatalogue } from '../support/tracker-fixtures.ts';
import { expectError } from '../support/tracker-world.ts';

/**
 * The store's mapping of ICS prefixes to its industry areas over HTTP: read with the areas to choose from,
 * replaced whole and audited, every refusal (malformed prefix, unknown or another store's area, roles without
 * the store's settings, another store) leaving everything as it was; the mapped area shows on the store page
 * of a standard imported from a real STS file.
 */
useConsoleWorld();

const DIN_13849 = new URL(
  '../../../../packages/db/test/fixtures/sts/public/DIN_EN_ISO_13849-1_2008-12_en_TBX.metadata.xml',
  import.meta.url,
);

const route = storeRoute(CONSOLE_ICS_PATHS.areaMapping);
const { get: getMapping, put: putMapping } = route;
const mappingRows = async () =>
  (await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM industry_area_ics_prefixes')).rows[0]!
    .n;

beforeAll(async () => {
  await insertCatalogue(t.app.db, a.tenant.id, 1);
  await insertCatalogue(t.app.db, b.tenant.id, 1);
  await t.app.db.query(
    `INSERT INTO industry_areas (tenant_id, marketing_code, code_name) VALUES ($1, 'IA-MACH-B', 'Machinery (B)')`,
    [b.tenant.id],
  );
  const run = await applyCatalogImport(t.app.db, a.tenant.id, await parseStsXml(readFileSync(DIN_13849)), {
    rules: EVERY_MATCHING_RULE,
  });
  expect(run.outcome).toBe('applied');
});

describe('the ICS → industry area mapping', () => {
  it('is empty at first, with the store’s own areas to choose from', async () => {
    const res = await getMapping();
    expect(res.statusCode).toBe(200);
    expect(icsAreaMappingAnswer.parse(res.json())).toEqual({
      entries: [],
      areas: [
        { marketingCode: 'IA-CON', name: 'Construction' },
        { marketingCode: 'IA-PLA', name: 'Plastics and Polymers' },
      ],
    });
  });

  it('PUT replaces it (audited); the standards under a prefix belong to the area on the store page', async () => {
    const entries = [
      { prefix: '13.110', area: 'IA-CON' },
      { prefix: ' 83.080.01 ', area: 'IA-PLA' },
    ];
    const put = await putMapping({ entries });
    expect(put.statusCode).toBe(200);
    expect(icsAreaMappingAnswer.parse(put.json()).entries).toEqual([
      { prefix: '13.110', area: 'IA-CON' },
      { prefix: '83.080.01', area: 'IA-PLA' },
    ]);
    const read = icsAreaMappingAnswer.parse((await getMapping(operator, a.tenant.code)).json());
    expect(read.entries).toHaveLength(2);
    const audit = await t.app.db.query<{ after: { entries: unknown[] }; before: { entries: unknown[] } }>(
      `SELECT before, after FROM console_audit_log WHERE action = 'catalog.ics_areas' AND tenant_id = $1`,
      [a.tenant.id],
    );
    expect(audit.rows).toEqual([{ before: { entries: [] }, after: { entries: read.entries } }]);

    const page = await t.app.inject({
      url: '/store/standards/din-en-iso-13849-1-2008-12.html',
      headers: { host: a.host },
    });
    expect(page.body).toContain('<dt>Industry areas</dt><dd>Construction</dd>');
    expect(page.body).toContain('<dt>ICS</dt><dd><code dir="ltr">13.110</code></dd>');
    // Store B holds no such standard, and A's mapping is A's alone.
    expect(icsAreaMappingAnswer.parse((await getMapping(adminB, b.tenant.code)).json()).entries).toEqual([]);
  });

  it('a malformed prefix, a twice-listed entry or an unknown area is 400 naming the entry; nothing changes', async () => {
    const before = await consoleRowCounts();
    const rows = await mappingRows();
    const malformed = expectError(
      await putMapping({
        entries: [
          { prefix: '13.11', area: 'IA-CON' },
          { prefix: '13.110.1', area: 'IA-CON' },
          { prefix: 'ab', area: 'IA-CON' },
        ],
      }),
      400,
    );
    expect(malformed.issues?.map((i) => i.path)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('entries.0.prefix'),
        expect.stringContaining('entries.1.prefix'),
        expect.stringContaining('entries.2.prefix'),
      ]),
    );
    const twice = expectError(
      await putMapping({
        entries: [
          { prefix: '13.110', area: 'IA-CON' },
          { prefix: '13.110', area: 'IA-CON' },
        ],
      }),
      400,
    );
    expect(twice.issues?.[0]?.message).toContain('listed twice');
    const unknown = expectError(await putMapping({ entries: [{ prefix: '13', area: 'NOPE' }] }), 400);
    expect(unknown.issues).toEqual([
      { path: 'body.entries.0.area', message: 'NOPE is not an industry area of this store' },
    ]);
    // Another store's area is no area of this store.
    const foreign = expectError(
      await putMapping({
        entries: [
          { prefix: '13', area: 'IA-CON' },
          { prefix: '13.110', area: 'IA-MACH-B' },
        ],
      }),
      400,
    );
    expect(foreign.issues?.map((i) => i.path)).toEqual(['body.entries.1.area']);
    expectError(await putMapping({ entries: [{ prefix: '13', area: 'IA-CON', extra: 1 }] }), 400);
    expectError(await putMapping({}), 400);
    expectError(await putMapping({ entries: [{ prefix: '13', area: '' }] }), 400);
    expect(await consoleRowCounts()).toEqual(before);
    expect(await mappingRows()).toBe(rows);
  });

  it('is refused to a catalogue editor and a user without a role (403), to another store’s admin (403), for no store (404)', async () => {
    const before = await consoleRowCounts();
    const rows = await mappingRows();
    const entries = [{ prefix: '13', area: 'IA-CON' }];
    await expectStoreRouteRefusals(route, { entries });
    // Store B's admin naming B's own area in A's mapping is still another store.
    expectError(await putMapping({ entries: [{ prefix: '13', area: 'IA-MACH-B' }] }, adminB), 403);
    expect(await consoleRowCounts()).toEqual(before);
    expect(await mappingRows()).toBe(rows);
  });

  it('an operator may replace it, and an empty list clears it', async () => {
    const cleared = await putMapping({ entries: [] }, operator);
    expect(cleared.statusCode).toBe(200);
    expect(icsAreaMappingAnswer.parse(cleared.json()).entries).toEqual([]);
    const page = await t.app.inject({
      url: '/store/standards/din-en-iso-13849-1-2008-12.html',
      headers: { host: a.host },
    });
    expect(page.body).not.toContain('<dt>Industry areas</dt>');
  });
});
