import type { SqlExecutor } from '@trackwell/db';

/**
 * Standards of the publishers the default review-forecast rules name (ISO, ASTM, IEEE) and one without a
 * rule (DIN), dated relative to today so that "due within N months" keeps its meaning whenever the tests run.
 * Asset ids are the keys of FORECAST_STANDARDS.
 */

/** The first day of the month `months` before today, 'YYYY-MM-DD'. */
export function monthsAgo(months: number, today = new Date()): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - months, 1));
  return d.toISOString().slice(0, 10);
}

interface ForecastStandard {
  publisher: string;
  designation: string;
  publishedOn: string;
  precision: 'year' | 'month' | 'day';
  status?: string;
  stageCode?: string;
  confirmedOn?: string;
}

/** ISO published 4 years 10 months ago (review due in 2 months), an ASTM reapproval overdue, and more. */
export const forecastStandards = (): Record<string, ForecastStandard> => ({
  'iso-soon': {
    publisher: 'ISO',
    designation: 'ISO 9001:2021',
    publishedOn: monthsAgo(58),
    precision: 'month',
  },
  'iso-under-review': {
    publisher: 'ISO',
    designation: 'ISO 14001:2015',
    publishedOn: '2015-09-01',
    precision: 'month',
    stageCode: '90.20',
  },
  'iso-confirmed': {
    publisher: 'ISO',
    designation: 'ISO 19011:2018',
    publishedOn: '2018-01-01',
    precision: 'year',
    stageCode: '90.93',
    confirmedOn: monthsAgo(12),
  },
  'astm-reapproved': {
    publisher: 'ASTM',
    designation: 'D1234-10(2018)',
    publishedOn: '2010-01-01',
    precision: 'year',
  },
  'astm-recent': {
    publisher: 'ASTM',
    designation: 'D638-24',
    publishedOn: monthsAgo(10),
    precision: 'month',
  },
  'ieee-day': {
    publisher: 'IEEE',
    designation: 'IEEE 802.3-2022',
    publishedOn: '2022-07-29',
    precision: 'day',
  },
  'din-no-rule': { publisher: 'DIN', designation: 'DIN 820-1', publishedOn: '2022-01-01', precision: 'year' },
  'iso-withdrawn': {
    publisher: 'ISO',
    designation: 'ISO 2859-0:1995',
    publishedOn: '1995-01-01',
    precision: 'year',
    status: 'withdrawn',
  },
});

/** Inserts the publishers and standards into the tenant's catalogue; answers the standards' ids by asset id. */
export async function insertForecastCatalogue(
  db: SqlExecutor,
  tenantId: string,
): Promise<Map<string, number>> {
  await db.query(
    `INSERT INTO publishers (tenant_id, code, name) VALUES ($1, 'ISO', 'International Organization for Standardization'),
       ($1, 'ASTM', 'ASTM International'), ($1, 'IEEE', 'IEEE'), ($1, 'DIN', 'DIN') ON CONFLICT DO NOTHING`,
    [tenantId],
  );
  const ids = new Map<string, number>();
  for (const [assetId, s] of Object.entries(forecastStandards())) {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code, status,
         edition, published_on, published_precision, stage_code, confirmed_on, confirmed_precision)
       VALUES ($1, $2, $3, $4, $4, $5, $6, '1', $7, $8, $9, $10, CASE WHEN $10::date IS NOT NULL THEN 'month' END)
       RETURNING id`,
      [
        tenantId,
        assetId,
        `FC-${assetId}`,
        s.designation,
        s.publisher,
        s.status ?? 'active',
        s.publishedOn,
        s.precision,
        s.stageCode ?? null,
        s.confirmedOn ?? null,
      ],
    );
    ids.set(assetId, Number(rows[0]!.id));
  }
  return ids;
}
