import {
  type CommitteeOption,
  type DesignationMatch,
  matchDesignation,
  parseDesignation,
} from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';

/**
 * Read side of a tenant's catalogue for the tracker: options (industry areas, committees), single
 * standards for the store pages and the resolver (the ranked search is in catalogue-search.ts). Every
 * query names the tenant.
 */

export async function listIndustryAreas(
  db: SqlExecutor,
  tenantId: string,
): Promise<Array<{ marketing_code: string; code_name: string }>> {
  const { rows } = await db.query<{ marketing_code: string; code_name: string }>(
    'SELECT marketing_code, code_name FROM industry_areas WHERE tenant_id = $1 ORDER BY code_name, marketing_code',
    [tenantId],
  );
  return rows;
}

export async function listCommittees(db: SqlExecutor, tenantId: string): Promise<CommitteeOption[]> {
  const { rows } = await db.query<CommitteeOption>(
    'SELECT designation AS "Designation", title AS "Title" FROM committees WHERE tenant_id = $1 ORDER BY designation',
    [tenantId],
  );
  return rows;
}

export interface CatalogueStandard {
  id: number;
  assetId: string;
  contentCode: string;
  designation: string;
  title: string;
  publisherCode: string;
  publisherName: string;
  committeeDesignation: string;
  committeeTitle: string;
  status: 'active' | 'withdrawn' | 'historical';
  edition: string;
  publishedOn: string;
  industryAreas: string[];
}

type StandardDbRow = {
  id: number;
  asset_id: string;
  content_code: string;
  designation: string;
  title: string;
  publisher_code: string;
  publisher_name: string;
  committee_designation: string;
  committee_title: string;
  status: CatalogueStandard['status'];
  edition: string;
  published_on: string;
  industry_areas: string[] | null;
};

const STANDARD_SELECT = `SELECT s.id, s.asset_id, s.content_code, s.designation, s.title, s.publisher_code,
            p.name AS publisher_name, s.committee_designation, c.title AS committee_title, s.status, s.edition,
            s.published_on,
            (SELECT array_agg(i.code_name ORDER BY i.code_name) FROM standard_industry_areas a
               JOIN industry_areas i ON i.tenant_id = a.tenant_id AND i.marketing_code = a.marketing_code
              WHERE a.tenant_id = s.tenant_id AND a.standard_id = s.id) AS industry_areas
       FROM standards s
       JOIN publishers p ON p.tenant_id = s.tenant_id AND p.code = s.publisher_code
       JOIN committees c ON c.tenant_id = s.tenant_id AND c.designation = s.committee_designation`;

const toStandard = (r: StandardDbRow): CatalogueStandard => ({
  id: Number(r.id),
  assetId: r.asset_id,
  contentCode: r.content_code,
  designation: r.designation,
  title: r.title,
  publisherCode: r.publisher_code,
  publisherName: r.publisher_name,
  committeeDesignation: r.committee_designation,
  committeeTitle: r.committee_title,
  status: r.status,
  edition: r.edition,
  publishedOn: r.published_on,
  industryAreas: r.industry_areas ?? [],
});

/** One standard by its store page id or its content code, with its publisher, committee and areas. */
export async function findStandard(
  db: SqlExecutor,
  tenantId: string,
  key: { assetId: string } | { contentCode: string },
): Promise<CatalogueStandard | undefined> {
  const [column, value] = 'assetId' in key ? ['asset_id', key.assetId] : ['content_code', key.contentCode];
  const { rows } = await db.query<StandardDbRow>(
    `${STANDARD_SELECT} WHERE s.tenant_id = $1 AND s.${column} = $2`,
    [tenantId, value],
  );
  return rows[0] && toStandard(rows[0]);
}

/** A designation key names a standard's editions and adoptions: a few rows, this many at most. */
export const MAX_STANDARDS_PER_DESIGNATION_KEY = 50;

/**
 * The standard a designation as a person writes it means ("ISO 22337", "ASTM D6385-22"), by the one
 * designation rule: the standards of its key (standards_designation_key_idx, migration 0031), then
 * contracts' `matchDesignation` (the exact designation first; several equally good → ambiguous).
 */
export async function findStandardByDesignation(
  db: SqlExecutor,
  tenantId: string,
  designation: string,
): Promise<DesignationMatch<CatalogueStandard>> {
  const key = parseDesignation(designation)?.key;
  if (!key) return { outcome: 'not_found' };
  const { rows } = await db.query<StandardDbRow>(
    `${STANDARD_SELECT} WHERE s.tenant_id = $1 AND designation_key(s.designation) = $2
      ORDER BY s.id LIMIT ${MAX_STANDARDS_PER_DESIGNATION_KEY}`,
    [tenantId, key],
  );
  return matchDesignation(designation, rows.map(toStandard));
}
