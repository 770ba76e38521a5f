import {
  type CommitteeOption,
  type DatePrecision,
  type DesignationMatch,
  matchDesignation,
  parseDesignation,
  parseSupplement,
  supplementsCurrentEdition,
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
  /** Null: the standard belongs to no committee. */
  committeeDesignation: string | null;
  committeeTitle: string | null;
  status: 'active' | 'withdrawn' | 'historical';
  edition: string;
  publishedOn: string;
  /** How much of `publishedOn` the catalogue knows: its year, its month or the day. */
  publishedPrecision: DatePrecision;
  /** Titles by language tag, where the catalogue has several (`titleIn` picks the reader's). */
  titles: Record<string, string>;
  /** Its industry areas: the ones its catalogue row names and the ones its ICS codes are mapped to. */
  industryAreas: string[];
  /** ICS codes, as the catalogue gives them ("13.110", "83.080.01"). */
  icsCodes: string[];
  /**
   * The standards this one adopts, nearest first (DIN EN ISO 13849-1 → EN ISO 13849-1 → ISO 13849-1); one
   * the catalogue does not hold is named by its content code alone, and ends the chain.
   */
  adopts: AdoptionLink[];
  /** The standards that adopt this one directly. */
  adoptedBy: AdoptionLink[];
  /**
   * Its current edition's amendments and corrigenda (standards whose base it is: contracts
   * `supplementsCurrentEdition`), oldest first.
   */
  supplements: SupplementLink[];
  /**
   * Amendments and corrigenda of its earlier editions (a base keeps its content code from edition to edition),
   * oldest first, each with the edition it amends; each keeps its own page too.
   */
  earlierSupplements: EarlierSupplementLink[];
  /** For an amendment or corrigendum: its base standard (named by its content code alone if not held). */
  supplementOf?: SupplementBaseLink;
}

export interface EarlierSupplementLink extends SupplementLink {
  /** The edition it amends, as its designation names it ("ISO 13849-1:2006"), or null when it names none. */
  amends: string | null;
}

/** An amendment's or corrigendum's base standard, and whether it amends the base's current edition. */
export interface SupplementBaseLink extends AdoptionLink {
  /** False: it amends an earlier edition of the base (`amends` names it where the designation does). */
  currentEdition: boolean;
  amends: string | null;
}

export interface SupplementLink {
  designation: string;
  assetId: string;
  publishedOn: string;
  publishedPrecision: DatePrecision;
}

export interface AdoptionLink {
  contentCode: string;
  /** Absent when the catalogue does not hold the adopted standard. */
  designation?: string;
  assetId?: string;
}

type StandardDbRow = {
  id: number;
  asset_id: string;
  content_code: string;
  designation: string;
  title: string;
  publisher_code: string;
  publisher_name: string;
  committee_designation: string | null;
  committee_title: string | null;
  status: CatalogueStandard['status'];
  edition: string;
  published_on: string;
  published_precision: DatePrecision;
  titles: Record<string, string>;
  industry_areas: string[] | null;
  ics_codes: string[];
  adopts: AdoptionLink[] | null;
  adopted_by: AdoptionLink[] | null;
  supplements: SupplementLink[] | null;
  supplement_of: (AdoptionLink & { publishedOn: string | null }) | null;
};

/** Adoptions are short chains (national → regional → international); a longer one is cut here. */
const MAX_ADOPTION_DEPTH = 6;

const withoutNulls = (link: AdoptionLink): AdoptionLink =>
  Object.fromEntries(Object.entries(link).filter(([, v]) => v !== null)) as unknown as AdoptionLink;

const STANDARD_SELECT = `SELECT s.id, s.asset_id, s.content_code, s.designation, s.title, s.publisher_code,
            p.name AS publisher_name, s.committee_designation, c.title AS committee_title, s.status, s.edition,
            s.published_on::text, s.published_precision, s.titles, s.ics_codes,
            (SELECT array_agg(i.code_name ORDER BY i.code_name) FROM standard_area_members a
               JOIN industry_areas i ON i.tenant_id = a.tenant_id AND i.marketing_code = a.marketing_code
              WHERE a.tenant_id = s.tenant_id AND a.standard_id = s.id) AS industry_areas,
            (WITH RECURSIVE chain(depth, code) AS (
               SELECT 1, s.adopts_content_code WHERE s.adopts_content_code IS NOT NULL
               UNION ALL
               SELECT chain.depth + 1, x.adopts_content_code FROM chain
                 JOIN standards x ON x.tenant_id = s.tenant_id AND x.content_code = chain.code
                WHERE x.adopts_content_code IS NOT NULL AND chain.depth < ${MAX_ADOPTION_DEPTH})
             SELECT json_agg(json_build_object('contentCode', chain.code, 'designation', a.designation,
                                               'assetId', a.asset_id) ORDER BY chain.depth)
               FROM chain LEFT JOIN standards a ON a.tenant_id = s.tenant_id AND a.content_code = chain.code
            ) AS adopts,
            (SELECT json_agg(json_build_object('contentCode', b.content_code, 'designation', b.designation,
                                               'assetId', b.asset_id) ORDER BY b.designation)
               FROM standards b WHERE b.tenant_id = s.tenant_id AND b.adopts_content_code = s.content_code
            ) AS adopted_by,
            (SELECT json_agg(json_build_object('designation', x.designation, 'assetId', x.asset_id,
                                               'publishedOn', x.published_on::text,
                                               'publishedPrecision', x.published_precision)
                             ORDER BY x.published_on, x.designation)
               FROM standards x WHERE x.tenant_id = s.tenant_id AND x.supplement_of = s.content_code
            ) AS supplements,
            CASE WHEN s.supplement_of IS NOT NULL THEN
              (SELECT json_build_object('contentCode', s.supplement_of, 'designation', b.designation,
                                        'assetId', b.asset_id, 'publishedOn', b.published_on::text)
                 FROM (SELECT 1) one LEFT JOIN standards b
                   ON b.tenant_id = s.tenant_id AND b.content_code = s.supplement_of)
            END AS supplement_of
       FROM standards s
       JOIN publishers p ON p.tenant_id = s.tenant_id AND p.code = s.publisher_code
       LEFT JOIN committees c ON c.tenant_id = s.tenant_id AND c.designation = s.committee_designation`;

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
  publishedPrecision: r.published_precision,
  titles: r.titles,
  industryAreas: r.industry_areas ?? [],
  icsCodes: r.ics_codes,
  // json_build_object keeps the keys of a standard the catalogue lacks, as null: dropped here.
  adopts: (r.adopts ?? []).map(withoutNulls),
  adoptedBy: (r.adopted_by ?? []).map(withoutNulls),
  ...supplementsByEdition(r),
  ...(r.supplement_of ? { supplementOf: supplementBase(r, r.supplement_of) } : {}),
});

/** The edition a supplement's designation says it amends ("ISO 13849-1:2006" of "ISO 13849-1:2006/Amd 1:2015"). */
const amendedEdition = (designation: string) => parseSupplement(designation)?.base ?? null;

/** A base's supplements, split into its current edition's and its earlier editions'. */
function supplementsByEdition(
  r: StandardDbRow,
): Pick<CatalogueStandard, 'supplements' | 'earlierSupplements'> {
  const base = { designation: r.designation, publishedOn: r.published_on };
  const all = r.supplements ?? [];
  return {
    supplements: all.filter((x) => supplementsCurrentEdition(base, x)),
    earlierSupplements: all
      .filter((x) => !supplementsCurrentEdition(base, x))
      .map((x) => ({ ...x, amends: amendedEdition(x.designation) })),
  };
}

/** A supplement's base, and whether the supplement amends the base's current edition. */
function supplementBase(
  r: StandardDbRow,
  link: AdoptionLink & { publishedOn: string | null },
): SupplementBaseLink {
  const { publishedOn, ...rest } = link;
  const held = link.designation && publishedOn;
  const currentEdition = held
    ? supplementsCurrentEdition(
        { designation: link.designation!, publishedOn: publishedOn! },
        { designation: r.designation, publishedOn: r.published_on },
      )
    : true;
  return { ...withoutNulls(rest), currentEdition, amends: amendedEdition(r.designation) };
}

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
