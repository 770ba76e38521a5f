import { findTenantByCode } from '@trackwell/db';
import { openDatabase, pgliteDataDir } from '../../packages/db/src/client.ts';

/**
 * ISO, ASTM and IEEE standards in a store's catalogue for the forecasts journey, written through the running
 * server's database socket as the CLIs do (the demo catalogue's publishers are made up: none has a rule).
 * Dates are relative to today, so "due within 6 months" keeps its meaning: the ISO standard's review is due
 * in 2 months, the ASTM one's in about 4 years, the IEEE one's in 2032.
 */
export interface ForecastStandard {
  assetId: string;
  designation: string;
}

const monthsAgo = (months: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1)).toISOString().slice(0, 10);
};

export async function addForecastStandards(storeCode: string, run: string): Promise<ForecastStandard[]> {
  const dataDir = process.env.TRACKWELL_E2E_DATA_DIR;
  if (!dataDir) throw new Error('TRACKWELL_E2E_DATA_DIR is not set (run through e2e/playwright.config.ts)');
  const standards = [
    { publisher: 'ISO', designation: `ISO 9${run}:2021`, on: monthsAgo(58), precision: 'month' },
    { publisher: 'ASTM', designation: `D${run}-24`, on: monthsAgo(10), precision: 'month' },
    { publisher: 'IEEE', designation: `IEEE ${run}-2022`, on: '2022-07-29', precision: 'day' },
  ];
  const db = await openDatabase({ dataDir: pgliteDataDir(dataDir), joinRunningServer: true });
  try {
    const store = await findTenantByCode(db, storeCode);
    if (!store) throw new Error(`no store ${storeCode}`);
    await db.query(
      `INSERT INTO publishers (tenant_id, code, name) VALUES ($1, 'ISO', 'ISO'), ($1, 'ASTM', 'ASTM International'),
         ($1, 'IEEE', 'IEEE') ON CONFLICT DO NOTHING`,
      [store.id],
    );
    const added: ForecastStandard[] = [];
    for (const s of standards) {
      const assetId = `fc-${s.designation.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
      await db.query(
        `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code, status,
           edition, published_on, published_precision)
         VALUES ($1, $2, $2, $3, $4, $5, 'active', '1', $6, $7)`,
        [
          store.id,
          assetId,
          s.designation,
          `Forecast journey standard of ${s.publisher}`,
          s.publisher,
          s.on,
          s.precision,
        ],
      );
      added.push({ assetId, designation: s.designation });
    }
    return added;
  } finally {
    await db.close();
  }
}
