import {
  type CatalogSearchHit,
  icsSearchPrefix,
  type ParsedDesignation,
  parseDesignation,
  rankDesignations,
} from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';

/**
 * The catalogue search behind "add a standard", tenant-scoped. A standard matches when its designation is
 * the one the query starts with by the designation rule of contracts (designation-key.ts: "ISO 22337",
 * "iso22337:2020", "D 6385", "ASTM D6385-22", "DIN EN ISO 13849-1"), or its designation key or designation
 * starts with what was typed (and its title has the words after the designation), or its title has all the
 * words (prefix matching, English stemming). Ranking:
 *  1. designation matches, in contracts' `rankDesignations` order: the exact designation, the same
 *     designation (its year, its publisher words, active), then designations being typed, shorter first;
 *  2. ICS matches, when the query reads as an ICS code or its beginning ("83.080", "83.080.01": contracts
 *     `icsSearchPrefix`): the code itself first, then the codes going on from it, active first, by designation;
 *  3. title matches: the typed words as a phrase (two words or more), then titles starting with the first
 *     word, active before withdrawn or historical, shorter titles first, then designation.
 * Each branch picks its best `limit` rows itself, and only those are joined to their publisher and to the
 * caller's trackings. "Starting with the first word": for one word, the title's first word starts with the
 * typed word's stem (standard_title_words); for several, the title starts with the typed first word.
 */

export interface CatalogueQuery {
  /** The designation the query starts with, by the designation rule, or null. */
  designation: ParsedDesignation | null;
  /** A designation prefix as written (upper case): the designation's text, else the first token. */
  prefix: string;
  /** All title words. */
  words: string[];
  /** The words after the designation (or the first token): what the title must have when that matched. */
  rest: string[];
}

// A designation is at most this many words before its number ("DIN EN ISO 13849-1"); after the number it goes
// on while the words read as its edition or language (":2020", "- 22", "(en)").
const PUBLISHER_WORDS_BEFORE_NUMBER = 3;
const PUBLISHER_WORD = /^[\p{L}./-]+$/u;
const CONTINUES_DESIGNATION = /^[-:/(\u2010-\u2015]/;

/** Splits a search into the designation it starts with (if any), a designation prefix and title words. */
export function parseCatalogueQuery(q: string): CatalogueQuery {
  const tokens = q.trim().split(/\s+/).filter(Boolean);
  const wordsOf = (list: string[]) =>
    [
      ...new Set(
        list
          .join(' ')
          .toLowerCase()
          .match(/[\p{L}\p{N}]+/gu) ?? [],
      ),
    ].slice(0, 8);
  const clean = (text: string) => text.toUpperCase().replace(/[^A-Z0-9 ./:-]/g, '');
  const number = tokens.findIndex((t) => /[0-9]/.test(t));
  if (
    number >= 0 &&
    number <= PUBLISHER_WORDS_BEFORE_NUMBER &&
    tokens.slice(0, number).every((t) => PUBLISHER_WORD.test(t))
  ) {
    let end = number + 1;
    while (
      end < tokens.length &&
      (CONTINUES_DESIGNATION.test(tokens[end]!) || /[-:/]$/.test(tokens[end - 1]!))
    )
      end++;
    const text = tokens.slice(0, end).join(' ');
    const designation = parseDesignation(text);
    if (designation)
      return { designation, prefix: clean(text), words: wordsOf(tokens), rest: wordsOf(tokens.slice(end)) };
  }
  const [first = '', ...others] = tokens;
  return {
    designation: null,
    prefix: clean(first).replace(/[ :]/g, ''),
    words: wordsOf(tokens),
    rest: wordsOf(others),
  };
}

/** A to_tsquery expression: every word must match, each as a prefix. Words are letters/digits only. */
export const toTsQuery = (words: string[]) => words.map((w) => `${w}:*`).join(' & ');
/** A LIKE pattern matching strings that start with `s` (its wildcards escaped). */
export const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One word, the common case while typing, and the slow one when the word is in thousands of titles: ranked
 * from standard_title_words_rank_idx alone (index-only, no title visited). The entries of the words starting
 * with the typed word's stem are sorted by (first word of the title, active, length, designation, id) and the
 * best `entries` of them kept: the stem itself as a word is read in that order from the index and stops
 * there, longer words (still being typed) are read and sorted; a standard has one entry per matching word, so when those hold fewer than
 * `limit` standards while more entries exist (a short prefix matching several words of the same titles),
 * the exact grouped ranking runs instead (a one-time filter: otherwise never executed).
 */
const ONE_WORD_ENTRIES_PER_HIT = 4;
const oneWordBranch = (word: string, limit: string, entries: string) => {
  // Lexemes start with the stem: [stem, stem + U+10FFFF) in byte order (text_pattern_ops) is that prefix.
  const range = `tenant_id = $1 AND word ~>=~ (SELECT s FROM stem) AND word ~<~ ((SELECT s FROM stem) || chr(1114111))`;
  const order = 'starts_title DESC, inactive, title_length, designation, standard_id';
  const columns = 'standard_id, starts_title, inactive, title_length, designation';
  return `WITH stem AS (SELECT min(lexeme) AS s FROM unnest(to_tsvector('english', ${word}))),
     entries AS MATERIALIZED (SELECT * FROM (
        (SELECT ${columns} FROM standard_title_words
          WHERE tenant_id = $1 AND word = (SELECT s FROM stem) ORDER BY ${order} LIMIT ${entries})
        UNION ALL
        (SELECT ${columns} FROM standard_title_words
          WHERE tenant_id = $1 AND word ~>~ (SELECT s FROM stem) AND word ~<~ ((SELECT s FROM stem) || chr(1114111))
          ORDER BY ${order} LIMIT ${entries})) AS e
        ORDER BY ${order} LIMIT ${entries}),
     per_standard AS MATERIALIZED (SELECT DISTINCT ON (standard_id) * FROM entries
        ORDER BY standard_id, starts_title DESC),
     enough AS (SELECT (SELECT count(*) FROM per_standard) >= ${limit} OR (SELECT count(*) FROM entries) < ${entries} AS yes)
     SELECT standard_id FROM (
       SELECT * FROM per_standard WHERE (SELECT yes FROM enough)
       UNION ALL
       SELECT standard_id, bool_or(starts_title), inactive, title_length, designation FROM standard_title_words
        WHERE NOT (SELECT yes FROM enough) AND ${range}
        GROUP BY standard_id, inactive, title_length, designation) AS candidates
     ORDER BY ${order} LIMIT ${limit}`;
};

export interface CatalogueSearch {
  q: string;
  limit: number;
  publisher?: string | undefined;
}

type Param = (value: unknown) => string;

/**
 * Designation prefix branch, when the query starts with no designation (a first token without digits:
 * "ISO", "WK"). standards_designation_idx (a text_pattern_ops range); a prefix selects hundreds
 * at most. The title words are tested on those rows only (OFFSET 0 keeps the planner from intersecting the
 * range with the GIN index, which reads every title that has a common word: 2.3 ms instead of 0.5 for
 * "B3 water"). The prefix is written as a range, not as LIKE: a LIKE pattern gives the index its range only
 * when known at planning, and this statement runs its generic plan.
 */
function prefixBranch(param: Param, prefix: string, rest: string[], publisher: string, limit: string) {
  const restMatch = rest.length
    ? ` WHERE title_search @@ to_tsquery('english', ${param(toTsQuery(rest))})`
    : '';
  const typed = param(prefix);
  return `SELECT id FROM (SELECT id, designation, title_search FROM standards
         WHERE tenant_id = $1 AND designation ~>=~ ${typed} AND designation ~<~ (${typed} || chr(1114111))${publisher}
         OFFSET 0) AS d${restMatch}
       ORDER BY designation <> ${typed}, length(designation), designation, id LIMIT ${limit}`;
}

/**
 * Several title words (or one with a publisher filter). standards_title_search_idx (GIN on the stored
 * vector): all the words, so the matches are few, except with a publisher filter. lower() runs over the
 * whole title only for a phrase of two or more words.
 */
function wordsBranch(param: Param, words: string[], publisher: string, limit: string) {
  const first = words[0]!;
  const phrase = words.length > 1 ? [`strpos(lower(title), ${param(words.join(' '))}) > 0 DESC`] : [];
  return `SELECT id FROM standards
       WHERE tenant_id = $1 AND title_search @@ to_tsquery('english', ${param(toTsQuery(words))})${publisher}
       ORDER BY ${[
         ...phrase,
         `lower(left(title, ${param(first.length)})) = ${param(first)} DESC`,
         `status <> 'active'`,
         'length(title)',
         'designation',
         'id',
       ].join(', ')}
       LIMIT ${limit}`;
}

/**
 * Standards with an ICS code that is, or starts with, what was typed: a range over standard_ics_codes' primary
 * key (its codes in byte order, migration 0034). The exact code first, then active, then by designation.
 */
function icsBranch(param: Param, typed: string, publisher: string, limit: string) {
  const code = param(typed);
  return `SELECT id FROM (SELECT DISTINCT ON (s.id) s.id, c.code = ${code} AS exact, s.status <> 'active' AS inactive,
              s.designation
         FROM standard_ics_codes c JOIN standards s ON s.tenant_id = $1 AND s.id = c.standard_id
        WHERE c.tenant_id = $1 AND c.code >= ${code} AND c.code < ${code} || chr(1114111)${publisher.replaceAll('publisher_code', 's.publisher_code')}
        ORDER BY s.id, exact DESC) AS m
       ORDER BY exact DESC, inactive, designation, id LIMIT ${limit}`;
}

/**
 * How many standards the designation branch keeps of each index range before ranking: the best by
 * rankDesignations' own order among designations being typed (active first, then shorter, then A–Z).
 */
const DESIGNATION_CANDIDATES = 100;
/**
 * How many rows of a range are read to choose those from (the standards whose key or designation goes on from
 * what was typed: a few hundred for "D6" in 100,000 standards; a single digit could read a tenth of a catalogue).
 */
const RANGE_READ = 5000;

type DesignationCandidateRow = { id: string | number; designation: string; status: string; edition: string };

/**
 * The designation branch's standards, ranked by contracts' `rankDesignations`. Read from two indexes:
 * standards_designation_key_idx (migration 0031: the key, all of its editions and adoptions, and while no year
 * was typed keys going on from it) and standards_designation_idx (the designation as written so far: "D638-2"
 * finds "D638-22").
 */
export async function designationHits(
  db: SqlExecutor,
  tenantId: string,
  query: CatalogueQuery & { designation: ParsedDesignation },
  publisher: string | undefined,
): Promise<string[]> {
  const params: unknown[] = [tenantId];
  const param = (value: unknown) => `$${params.push(value)}`;
  const { designation, prefix, rest } = query;
  const key = param(designation.key);
  const byPublisher = publisher ? ` AND publisher_code = ${param(publisher)}` : '';
  const title = rest.length ? ` AND title_search @@ to_tsquery('english', ${param(toTsQuery(rest))})` : '';
  const columns = 'id, designation, status, edition';
  // A range's candidates: its rows (from its index, in no order: ordering by the key would compute
  // designation_key() for each row read, 7 µs a call), those with the title's words, the best
  // DESIGNATION_CANDIDATES in rankDesignations' order. The LIMIT fence keeps the planner from intersecting the
  // range with the title index (a common word is in thousands of titles). Cut at a hundred in key or
  // designation order instead, "D6" missed D627-27 for D60011-11, and "B3 water" took 8.2 ms on 100,000
  // standards (now 2.1; "D6" 2.6 → 2.5, "A12" 1.5 → 1.0 ms: bench/tracker-list's catalogue, 2026-12-03).
  const range = (rows: string) =>
    `(SELECT ${columns} FROM (SELECT ${columns}, title_search FROM standards
         WHERE tenant_id = $1 AND ${rows}${byPublisher} LIMIT ${RANGE_READ}) AS c
       WHERE true${title} ORDER BY status <> 'active', length(designation), designation, id
       LIMIT ${DESIGNATION_CANDIDATES})`;
  const arms = [
    // The key itself: its editions and adoptions, whatever their length.
    `(SELECT ${columns} FROM standards
       WHERE tenant_id = $1 AND designation_key(designation) = ${key}${byPublisher}${title}
       LIMIT ${DESIGNATION_CANDIDATES})`,
    // With a year the key is complete; without, keys going on from it (a range: no per-row recheck).
    ...(designation.year === null
      ? [
          range(
            `designation_key(designation) ~>=~ ${key} AND designation_key(designation) ~<~ (${key} || chr(1114111))`,
          ),
        ]
      : []),
    range(`designation LIKE ${param(likePrefix(prefix))}`),
  ];
  const { rows } = await db.query<DesignationCandidateRow>(
    arms.join(' UNION '),
    params,
    // Not prepared: its best plan depends on the typed prefix and words (a generic plan read "B3 water"'s
    // candidates in 11 ms instead of 4 on 100,000 standards).
  );
  return rankDesignations(designation, rows, { prefixes: true }).map((r) => String(r.candidate.id));
}

type HitRow = {
  asset_id: string;
  content_code: string;
  designation: string;
  title: string;
  publisher_code: string;
  publisher_name: string;
  status: CatalogSearchHit['status'];
  edition: string;
  tracked: boolean;
};

const toHit = (r: HitRow): CatalogSearchHit => ({
  assetId: r.asset_id,
  contentCode: r.content_code,
  displayDesignation: r.designation,
  contentTitle: r.title,
  publisher: { code: r.publisher_code, name: r.publisher_name },
  status: r.status,
  edition: r.edition,
  tracked: r.tracked,
});

/** Ranked catalogue search; `tracked` says whether `userId` (of this tenant) tracks the hit. */
export async function searchCatalogue(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
  search: CatalogueSearch,
): Promise<CatalogSearchHit[]> {
  const query = parseCatalogueQuery(search.q);
  const { prefix, words, rest } = query;
  if (!prefix && words.length === 0) return [];
  const designationIds = query.designation
    ? (
        await designationHits(db, tenantId, { ...query, designation: query.designation }, search.publisher)
      ).slice(0, search.limit)
    : null;
  const params: unknown[] = [tenantId, userId];
  const param = (value: unknown) => `$${params.push(value)}`;
  const limit = param(search.limit);
  const publisher = search.publisher ? ` AND publisher_code = ${param(search.publisher)}` : '';
  const branches: string[] = [];
  if (designationIds)
    branches.push(
      `SELECT id FROM unnest(${param(designationIds)}::bigint[]) WITH ORDINALITY AS d(id, n) ORDER BY n`,
    );
  else if (prefix) branches.push(prefixBranch(param, prefix, rest, publisher, limit));
  const ics = icsSearchPrefix(search.q);
  if (ics) branches.push(icsBranch(param, ics, publisher, limit));
  if (words.length === 1 && !search.publisher)
    branches.push(oneWordBranch(param(words[0]!), limit, param(search.limit * ONE_WORD_ENTRIES_PER_HIT)));
  else if (words.length) branches.push(wordsBranch(param, words, publisher, limit));

  // Each branch's ids in rank order (ARRAY keeps it), a standard found by both keeps its better place.
  const ranked = branches
    .map(
      (sql, branch) =>
        `SELECT id, ${branch} AS branch, pos FROM unnest(ARRAY(${sql})) WITH ORDINALITY AS b(id, pos)`,
    )
    .join(' UNION ALL ');
  const { rows } = await db.query<HitRow>(
    `WITH ranked AS (${ranked}),
     best AS (SELECT DISTINCT ON (id) id, branch, pos FROM ranked ORDER BY id, branch, pos)
     SELECT s.asset_id, s.content_code, s.designation, s.title, s.publisher_code, p.name AS publisher_name,
            s.status, s.edition,
            EXISTS (SELECT 1 FROM content_trackings ct
                     WHERE ct.tenant_id = $1 AND ct.user_id = $2 AND ct.standard_id = s.id) AS tracked
       FROM best b
       JOIN standards s ON s.tenant_id = $1 AND s.id = b.id
       JOIN publishers p ON p.tenant_id = s.tenant_id AND p.code = s.publisher_code
      ORDER BY b.branch, b.pos
      LIMIT ${limit}`,
    params,
    // A few dozen texts (the branches a query takes, with or without a publisher). Planned once:
    // planning it for each query's words took 0.5-1.5 ms of PostgreSQL's CPU, its run 0.1-0.7 ms, and its
    // generic plan runs as fast for every kind of query (its ranges and limits are read from the index
    // whatever the values), but PostgreSQL estimates it dearer and would plan every call.
    { prepare: true, plan: 'generic' },
  );
  return rows.map(toHit);
}
