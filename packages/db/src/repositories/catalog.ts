import type { CatalogSearchHit, CommitteeOption } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';

/**
 * Read side of a tenant's catalogue for the tracker: options (industry areas, committees), single
 * standards for the store pages and the resolver, and the ranked search. Every query names the tenant.
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

/** One standard by its store page id or its content code, with its publisher, committee and areas. */
export async function findStandard(
  db: SqlExecutor,
  tenantId: string,
  key: { assetId: string } | { contentCode: string },
): Promise<CatalogueStandard | undefined> {
  const [column, value] = 'assetId' in key ? ['asset_id', key.assetId] : ['content_code', key.contentCode];
  const { rows } = await db.query<StandardDbRow>(
    `SELECT s.id, s.asset_id, s.content_code, s.designation, s.title, s.publisher_code, p.name AS publisher_name,
            s.committee_designation, c.title AS committee_title, s.status, s.edition, s.published_on,
            (SELECT array_agg(i.code_name ORDER BY i.code_name) FROM standard_industry_areas a
               JOIN industry_areas i ON i.tenant_id = a.tenant_id AND i.marketing_code = a.marketing_code
              WHERE a.tenant_id = s.tenant_id AND a.standard_id = s.id) AS industry_areas
       FROM standards s
       JOIN publishers p ON p.tenant_id = s.tenant_id AND p.code = s.publisher_code
       JOIN committees c ON c.tenant_id = s.tenant_id AND c.designation = s.committee_designation
      WHERE s.tenant_id = $1 AND s.${column} = $2`,
    [tenantId, value],
  );
  const r = rows[0];
  return (
    r && {
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
    }
  );
}

/**
 * Splits a search into a designation prefix (the first token, upper-cased), all title words, and the words
 * after the first token (what the title must have when the first token matched as a designation).
 */
export function parseCatalogueQuery(q: string): { prefix: string; words: string[]; rest: string[] } {
  const [first = '', ...others] = q.trim().split(/\s+/);
  const prefix = first.toUpperCase().replace(/[^A-Z0-9./-]/g, '');
  const wordsOf = (s: string) => [...new Set(s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, 8);
  return { prefix, words: wordsOf(q), rest: wordsOf(others.join(' ')) };
}

/** A to_tsquery expression: every word must match, each as a prefix. Words are letters/digits only. */
const toTsQuery = (words: string[]) => words.map((w) => `${w}:*`).join(' & ');
const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const likeContains = (s: string) => `%${likePrefix(s)}`;

const HIT_COLUMNS =
  'id, tenant_id, asset_id, content_code, designation, title, publisher_code, status, edition';

/**
 * Ranked catalogue search (tenant-scoped): a standard matches when its designation starts with the first
 * token (and its title has the other words), or its title has all the words (prefix matching, English
 * stemming). Exact designation first, then designation prefixes, then title relevance (phrase, first word, active, shorter). Served by
 * standards_designation_idx and standards_title_search_idx.
 */
export async function searchCatalogue(
  db: SqlExecutor,
  tenantId: string,
  search: { q: string; limit: number; publisher?: string | undefined },
): Promise<CatalogSearchHit[]> {
  const { prefix, words, rest } = parseCatalogueQuery(search.q);
  if (!prefix && words.length === 0) return [];
  const params: unknown[] = [tenantId];
  const param = (value: unknown) => `$${params.push(value)}`;
  // Candidates come from two index-driven branches (a UNION, not an OR: with OR the planner re-evaluates
  // every title's tsvector in a filter). Designation: standards_designation_idx; title: the GIN index.
  const branches: string[] = [];
  const like = prefix ? param(likePrefix(prefix)) : undefined;
  if (like) {
    const restMatch = rest.length
      ? ` AND to_tsvector('english', title) @@ to_tsquery('english', ${param(toTsQuery(rest))})`
      : '';
    branches.push(
      `SELECT ${HIT_COLUMNS} FROM standards WHERE tenant_id = $1 AND designation LIKE ${like}${restMatch}`,
    );
  }
  if (words.length) {
    branches.push(
      `SELECT ${HIT_COLUMNS} FROM standards WHERE tenant_id = $1
          AND to_tsvector('english', title) @@ to_tsquery('english', ${param(toTsQuery(words))})`,
    );
  }
  const publisher = search.publisher ? `AND s.publisher_code = ${param(search.publisher)}` : '';
  const order = [
    ...(prefix
      ? [
          `(s.designation = ${param(prefix)}) DESC`,
          `(s.designation LIKE ${like}) DESC`,
          // Among designation matches, the closest to what was typed (D638-22 before D6380-21).
          `CASE WHEN s.designation LIKE ${like} THEN length(s.designation) END`,
        ]
      : []),
    // Title relevance from cheap string tests, not ts_rank: ts_rank recomputes every matching title's
    // tsvector, which costs ~100 ms when a common word matches thousands of standards. The typed words as
    // a phrase first, then titles starting with the first word, active ones, then shorter (more specific).
    ...(words.length
      ? [
          `(lower(s.title) LIKE ${param(likeContains(words.join(' ')))}) DESC`,
          `(lower(s.title) LIKE ${param(likePrefix(words[0]!))}) DESC`,
          `(s.status = 'active') DESC`,
          'length(s.title)',
        ]
      : []),
    's.designation',
    's.id',
  ];
  const { rows } = await db.query<{
    asset_id: string;
    content_code: string;
    designation: string;
    title: string;
    publisher_code: string;
    publisher_name: string;
    status: CatalogSearchHit['status'];
    edition: string;
  }>(
    `WITH hits AS (${branches.join(' UNION ')})
     SELECT s.asset_id, s.content_code, s.designation, s.title, s.publisher_code, p.name AS publisher_name,
            s.status, s.edition
       FROM hits s
       JOIN publishers p ON p.tenant_id = s.tenant_id AND p.code = s.publisher_code
      WHERE true ${publisher}
      ORDER BY ${order.join(', ')}
      LIMIT ${param(search.limit)}`,
    params,
  );
  return rows.map((r) => ({
    assetId: r.asset_id,
    contentCode: r.content_code,
    displayDesignation: r.designation,
    contentTitle: r.title,
    publisher: { code: r.publisher_code, name: r.publisher_name },
    status: r.status,
    edition: r.edition,
  }));
}
