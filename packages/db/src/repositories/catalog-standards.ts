import type { ConsoleStandard, ParsedDesignation } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';
import { likePrefix, parseCatalogueQuery, toTsQuery } from './catalogue-search.ts';

/**
 * The console's view of a store's standards: searched (the tracker search's parsing: a
 * designation or content code prefix, or title words) and paged by keyset (designation, id), each with its
 * committee, publisher, industry areas (named by the catalogue, or derived from its ICS codes by the store's
 * mapping: the view standard_area_members, as event matching reads them) and ICS codes. Every statement names the tenant. Edits:
 * catalog-standard-edit.ts.
 */

const COLUMNS = `s.id, s.content_code, s.asset_id, s.designation, s.title, s.status, s.edition,
       s.published_on::text AS published_on, s.committee_designation, c.title AS committee_title,
       s.publisher_code, p.name AS publisher_name, s.ics_codes,
       ARRAY(SELECT json_build_object('marketingCode', i.marketing_code, 'name', i.code_name, 'derived',
                      NOT EXISTS (SELECT 1 FROM standard_industry_areas n WHERE n.tenant_id = m.tenant_id
                                     AND n.standard_id = m.standard_id AND n.marketing_code = m.marketing_code))
               FROM standard_area_members m
               JOIN industry_areas i ON i.tenant_id = m.tenant_id AND i.marketing_code = m.marketing_code
              WHERE m.tenant_id = s.tenant_id AND m.standard_id = s.id ORDER BY i.marketing_code) AS industry_areas`;
const FROM = `FROM standards s
  JOIN publishers p ON p.tenant_id = s.tenant_id AND p.code = s.publisher_code
  LEFT JOIN committees c ON c.tenant_id = s.tenant_id AND c.designation = s.committee_designation`;

type Row = {
  id: string;
  content_code: string;
  asset_id: string;
  designation: string;
  title: string;
  status: ConsoleStandard['status'];
  edition: string;
  published_on: string;
  /** Null: the standard belongs to no committee (a file may leave it out). */
  committee_designation: string | null;
  committee_title: string | null;
  publisher_code: string;
  publisher_name: string;
  ics_codes: string[] | null;
  industry_areas: ConsoleStandard['industryAreas'] | null;
};

/** A standard as the console shows it, with its row id and designation (the list's keyset). */
export type ListedStandard = ConsoleStandard & { id: number };

const toStandard = (r: Row): ListedStandard => ({
  id: Number(r.id),
  contentCode: r.content_code,
  assetId: r.asset_id,
  designation: r.designation,
  title: r.title,
  status: r.status,
  edition: r.edition,
  publishedOn: r.published_on,
  committee: r.committee_designation
    ? { designation: r.committee_designation, title: r.committee_title ?? '' }
    : null,
  publisher: { code: r.publisher_code, name: r.publisher_name },
  industryAreas: r.industry_areas ?? [],
  icsCodes: r.ics_codes ?? [],
});

export interface StandardListQuery {
  q?: string | undefined;
  limit: number;
  /** The last standard of the previous page. */
  after?: { designation: string; id: number } | undefined;
}

/** One page of the tenant's standards matching `q`, by designation (then id). */
export async function listCatalogStandards(
  db: SqlExecutor,
  tenantId: string,
  query: StandardListQuery,
): Promise<ListedStandard[]> {
  const search = searchWhere(tenantId, query.q);
  const { params, param } = search;
  const where = [search.where];
  if (query.after)
    where.push(`(s.designation, s.id) > (${param(query.after.designation)}, ${param(query.after.id)})`);
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} ${FROM} WHERE ${where.join(' AND ')} ORDER BY s.designation, s.id LIMIT ${param(query.limit)}`,
    params,
  );
  return rows.map(toStandard);
}

/** One standard of the tenant by its content code. */
export async function findCatalogStandard(
  db: SqlExecutor,
  tenantId: string,
  contentCode: string,
): Promise<ListedStandard | undefined> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} ${FROM} WHERE s.tenant_id = $1 AND s.content_code = $2`,
    [tenantId, contentCode],
  );
  return rows[0] && toStandard(rows[0]);
}

/** The orders of `listCatalogStandardPage`: each served by an index of its own (migration 0045). */
const ORDERS = {
  designation: ['s.designation', 's.id'],
  title: ['s.title', 's.id'],
  publishedOn: ['s.published_on', 's.id'],
  status: ['s.status', 's.designation', 's.id'],
} as const;

export interface StandardPageQuery {
  q?: string | undefined;
  sort: keyof typeof ORDERS;
  descending: boolean;
  offset: number;
  limit: number;
}

/**
 * A designation's key (contracts' one designation rule, SQL `designation_key()`) as the search box reads it:
 * "13849-1", "iso13849-1" and "DIN EN ISO 13849-1" all find DIN EN ISO 13849-1:2008-12. Without a year, keys
 * going on from it too (every edition and adoption); a key shorter than 3 ("ISO 1") is left to the prefix.
 */
const MIN_KEY_LENGTH = 3;
function designationKeyMatch(designation: ParsedDesignation | null, param: (value: unknown) => string) {
  if (!designation || designation.key.length < MIN_KEY_LENGTH) return [];
  const key = param(designation.key);
  return designation.year === null
    ? [
        `(designation_key(s.designation) ~>=~ ${key} AND designation_key(s.designation) ~<~ (${key} || chr(1114111)))`,
      ]
    : [`designation_key(s.designation) = ${key}`];
}

/** The WHERE of a search: the tenant, and `q` as a designation (its key or prefix), content code or title words. */
function searchWhere(tenantId: string, q: string | undefined) {
  const params: unknown[] = [tenantId];
  const param = (value: unknown) => `$${params.push(value)}`;
  const where = ['s.tenant_id = $1'];
  if (q) {
    const { designation, prefix, words } = parseCatalogueQuery(q);
    const matches: string[] = designationKeyMatch(designation, param);
    if (prefix) {
      const like = param(likePrefix(prefix));
      matches.push(`s.designation LIKE ${like}`, `s.content_code LIKE ${like}`);
    }
    if (words.length) matches.push(`s.title_search @@ to_tsquery('english', ${param(toTsQuery(words))})`);
    where.push(matches.length ? `(${matches.join(' OR ')})` : 'false');
  }
  return { params, param, where: where.join(' AND ') };
}

/**
 * A numbered page of the tenant's standards matching `q`, in one of the `ORDERS`, and how many match. The
 * page's ids are picked from `standards` alone (its order index, then OFFSET), and only those rows are joined
 * to their committee, publisher and industry areas.
 */
export async function listCatalogStandardPage(
  db: SqlExecutor,
  tenantId: string,
  query: StandardPageQuery,
): Promise<{ standards: ListedStandard[]; total: number }> {
  const { params, param, where } = searchWhere(tenantId, query.q);
  const order = ORDERS[query.sort].map((column) => `${column}${query.descending ? ' DESC' : ''}`).join(', ');
  const counted = await db.query<{ total: string }>(
    `SELECT count(*) AS total FROM standards s WHERE ${where}`,
    params,
  );
  const total = Number(counted.rows[0]?.total ?? 0);
  if (query.offset >= total) return { standards: [], total };
  const { rows } = await db.query<Row>(
    `WITH page AS (
       SELECT s.id FROM standards s WHERE ${where} ORDER BY ${order}
        LIMIT ${param(query.limit)} OFFSET ${param(query.offset)})
     SELECT ${COLUMNS} FROM page JOIN standards s ON s.id = page.id
       JOIN publishers p ON p.tenant_id = s.tenant_id AND p.code = s.publisher_code
       LEFT JOIN committees c ON c.tenant_id = s.tenant_id AND c.designation = s.committee_designation
      ORDER BY ${order}`,
    params,
  );
  return { standards: rows.map(toStandard), total };
}
