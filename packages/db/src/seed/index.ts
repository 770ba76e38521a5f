import { withForeignKeysCheckedAfter, withIndexesBuiltAfter } from '../bulk-load.ts';
import type { DatabaseHandle, Transaction } from '../client.ts';
import { upsertTenant } from '../repositories/tenants.ts';
import { type Catalogue, getDemoCatalogue } from './catalogue.ts';
import { DEMO_TENANT_DEFINITIONS, type DemoTenant } from './tenants.ts';

/**
 * The demo seed: the demo tenants and, for each, the demo catalogue. Safe to run at every start:
 * - tenants are always upserted, so a definition edited in tenants.ts reaches an existing database;
 * - a tenant's catalogue is written once, in the same transaction as its tenant, and skipped when present
 *   (every insert is also ON CONFLICT DO NOTHING, so a partly different catalogue is completed, never duplicated);
 * - on a database without any standard yet, all tenants are written in one transaction with the catalogue's
 *   secondary indexes built after the rows (bulk-load.ts): a first start's seed, faster (docs/benchmarks.md).
 * No users: sign-in users belong to the identity module's own seed.
 */

export { type Catalogue, generateCatalogue, getDemoCatalogue } from './catalogue.ts';
export {
  benchUserId,
  benchUserLogin,
  type SeedScaleOptions,
  type SeedScaleProgress,
  type SeedScaleResult,
  seedScale,
} from './scale.ts';
export { DEMO_TENANT_DEFINITIONS, type DemoTenant } from './tenants.ts';

/** The demo tenants' codes, names and hosts, for start-up banners and tests. */
export const DEMO_TENANTS: ReadonlyArray<{ code: string; name: string; hosts: readonly string[] }> =
  DEMO_TENANT_DEFINITIONS.map(({ definition: d }) => ({
    code: d.code,
    name: d.config.tenantName,
    hosts: d.hosts,
  }));

export type SeedDemoProgress = {
  tenant: string;
  done: number;
  total: number;
  catalogue: 'inserted' | 'present';
};

export interface SeedDemoOptions {
  onProgress?: (progress: SeedDemoProgress) => void;
}

export interface SeedDemoResult {
  tenants: Array<{ code: string; id: string; catalogue: 'inserted' | 'present' }>;
  durationMs: number;
}

export async function seedDemo(
  handle: DatabaseHandle,
  options: SeedDemoOptions = {},
): Promise<SeedDemoResult> {
  const started = performance.now();
  const catalogue = getDemoCatalogue();
  const keys = catalogueKeys(catalogue);
  const tenants: SeedDemoResult['tenants'] = [];
  const seedTenant = async (tx: Transaction, demo: DemoTenant) => {
    const tenant = await upsertTenant(tx, demo.definition, demo.id);
    const present = await hasCatalogue(tx, tenant.id, keys);
    if (!present) await insertCatalogue(tx, tenant.id, catalogue);
    const entry = { code: tenant.code, id: tenant.id, catalogue: present ? 'present' : 'inserted' } as const;
    tenants.push(entry);
    options.onProgress?.({
      tenant: entry.code,
      done: tenants.length,
      total: DEMO_TENANT_DEFINITIONS.length,
      catalogue: entry.catalogue,
    });
  };
  if (await catalogueIsEmpty(handle)) {
    // A first seed: every tenant in one transaction, the catalogue's indexes built and its foreign keys
    // checked once at the end.
    await handle.transaction((tx) =>
      withForeignKeysCheckedAfter(tx, CATALOGUE_TABLES, () =>
        withIndexesBuiltAfter(tx, CATALOGUE_TABLES, async () => {
          for (const demo of DEMO_TENANT_DEFINITIONS) await seedTenant(tx, demo);
        }),
      ),
    );
  } else {
    for (const demo of DEMO_TENANT_DEFINITIONS) await handle.transaction((tx) => seedTenant(tx, demo));
  }
  return { tenants, durationMs: Math.round(performance.now() - started) };
}

/** The tables a catalogue's insert writes, its triggers included. */
const CATALOGUE_TABLES = [
  'standards',
  'standard_industry_areas',
  'standard_title_words',
  'standard_ics_codes',
  'work_items',
];

/** No store has a standard yet: the database is new (or was emptied). */
async function catalogueIsEmpty(handle: DatabaseHandle): Promise<boolean> {
  const { rows } = await handle.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM standards) AS "any"');
  return !rows[0]!.any;
}

interface CatalogueKeys {
  publishers: string[];
  committees: string[];
  industryAreas: string[];
  standards: string[];
  workItems: string[];
}

function catalogueKeys(c: Catalogue): CatalogueKeys {
  return {
    publishers: c.publishers.map((p) => p.code),
    committees: c.committees.map((x) => x.designation),
    industryAreas: c.industryAreas.map((a) => a.marketingCode),
    standards: c.standards.map((s) => s.assetId),
    workItems: c.workItems.map((w) => w.workItemNumber),
  };
}

/** Whether every row of the catalogue is already there for this tenant (one round trip, index lookups). */
async function hasCatalogue(tx: Transaction, tenantId: string, keys: CatalogueKeys): Promise<boolean> {
  const { rows } = await tx.query<Record<keyof CatalogueKeys, number>>(
    `SELECT
       (SELECT count(*)::int FROM publishers WHERE tenant_id = $1 AND code = ANY($2::text[])) AS "publishers",
       (SELECT count(*)::int FROM committees WHERE tenant_id = $1 AND designation = ANY($3::text[])) AS "committees",
       (SELECT count(*)::int FROM industry_areas WHERE tenant_id = $1 AND marketing_code = ANY($4::text[])) AS "industryAreas",
       (SELECT count(*)::int FROM standards WHERE tenant_id = $1 AND asset_id = ANY($5::text[])) AS "standards",
       (SELECT count(*)::int FROM work_items WHERE tenant_id = $1 AND work_item_number = ANY($6::text[])) AS "workItems"`,
    [tenantId, keys.publishers, keys.committees, keys.industryAreas, keys.standards, keys.workItems],
  );
  const counts = rows[0]!;
  return (Object.keys(keys) as Array<keyof CatalogueKeys>).every((k) => counts[k] === keys[k].length);
}

/** Rows per statement: large enough to be fast, small enough to keep each statement's arrays modest. */
const CHUNK = 1000;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The publishers, committees and industry areas (small lists: one statement each). */
async function insertCatalogueLists(tx: Transaction, tenantId: string, c: Catalogue): Promise<void> {
  await tx.query(
    `INSERT INTO publishers (tenant_id, code, name)
     SELECT $1, x.code, x.name FROM unnest($2::text[], $3::text[]) AS x(code, name)
     ON CONFLICT DO NOTHING`,
    [tenantId, c.publishers.map((p) => p.code), c.publishers.map((p) => p.name)],
  );
  await tx.query(
    `INSERT INTO committees (tenant_id, designation, title, publisher_code)
     SELECT $1, x.designation, x.title, x.publisher_code
       FROM unnest($2::text[], $3::text[], $4::text[]) AS x(designation, title, publisher_code)
     ON CONFLICT DO NOTHING`,
    [
      tenantId,
      c.committees.map((x) => x.designation),
      c.committees.map((x) => x.title),
      c.committees.map((x) => x.publisherCode),
    ],
  );
  await tx.query(
    `INSERT INTO industry_areas (tenant_id, marketing_code, code_name)
     SELECT $1, x.marketing_code, x.code_name FROM unnest($2::text[], $3::text[]) AS x(marketing_code, code_name)
     ON CONFLICT DO NOTHING`,
    [tenantId, c.industryAreas.map((a) => a.marketingCode), c.industryAreas.map((a) => a.codeName)],
  );
}

/** The standards with their industry areas, in chunks. */
async function insertStandards(tx: Transaction, tenantId: string, c: Catalogue): Promise<void> {
  for (const part of chunks(c.standards)) {
    // One statement per chunk: the standards, then their industry areas joined on the ids just generated.
    // WITH ORDINALITY + ORDER BY keeps the generated ids in catalogue order.
    await tx.query(
      `WITH input AS (
         SELECT * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                              $9::text[], $10::date[], $11::text[])
           WITH ORDINALITY AS x(asset_id, content_code, designation, title, publisher_code, committee_designation,
                                status, edition, published_on, areas, ord)
       ), inserted AS (
         INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code,
                                committee_designation, status, edition, published_on)
         SELECT $1, asset_id, content_code, designation, title, publisher_code, committee_designation, status,
                edition, published_on
           FROM input ORDER BY ord
         ON CONFLICT DO NOTHING
         RETURNING id, asset_id
       )
       INSERT INTO standard_industry_areas (tenant_id, standard_id, marketing_code)
       SELECT $1, inserted.id, unnest(string_to_array(input.areas, ' '))
         FROM inserted JOIN input USING (asset_id)
       ON CONFLICT DO NOTHING`,
      [
        tenantId,
        part.map((s) => s.assetId),
        part.map((s) => s.contentCode),
        part.map((s) => s.designation),
        part.map((s) => s.title),
        part.map((s) => s.publisherCode),
        part.map((s) => s.committeeDesignation),
        part.map((s) => s.status),
        part.map((s) => s.edition),
        part.map((s) => s.publishedOn),
        part.map((s) => s.industryAreas.join(' ')),
      ],
    );
  }
}

/** The work items, in chunks. */
async function insertWorkItems(tx: Transaction, tenantId: string, c: Catalogue): Promise<void> {
  for (const part of chunks(c.workItems)) {
    await tx.query(
      `INSERT INTO work_items (tenant_id, work_item_number, title, committee_designation, status, created_on)
       SELECT $1, x.work_item_number, x.title, x.committee_designation, x.status, x.created_on
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::date[])
           WITH ORDINALITY AS x(work_item_number, title, committee_designation, status, created_on, ord)
        ORDER BY x.ord
       ON CONFLICT DO NOTHING`,
      [
        tenantId,
        part.map((w) => w.workItemNumber),
        part.map((w) => w.title),
        part.map((w) => w.committeeDesignation),
        part.map((w) => w.status),
        part.map((w) => w.createdOn),
      ],
    );
  }
}

async function insertCatalogue(tx: Transaction, tenantId: string, c: Catalogue): Promise<void> {
  await insertCatalogueLists(tx, tenantId, c);
  await insertStandards(tx, tenantId, c);
  await insertWorkItems(tx, tenantId, c);
}
