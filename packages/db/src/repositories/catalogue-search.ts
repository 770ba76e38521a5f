import type { CatalogSearchHit } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';

/**
 * The catalogue search behind "add a standard", tenant-scoped. A standard matches when its
 * designation starts with the first token (and its title has the other words), or its title has all the
 * words (prefix matching, English stemming). Ranking:
 *  1. designation matches: the exact designation, then the shortest (closest to what was typed), then A–Z;
 *  2. title matches: the typed words as a phrase (two words or more), then titles starting with the first
 *     word, active before withdrawn or historical, shorter titles first, then designation.
 * Each branch picks its best `limit` rows itself, and only those are joined to their publisher and to the
 * caller's trackings. "Starting with the first word": for one word, the title's first word starts with the
 * typed word's stem (standard_title_words); for several, the title starts with the typed first word.
 */

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
 * Designation prefix branch. standards_designation_idx (a text_pattern_ops range); a prefix selects hundreds
 * at most. The title words are tested on those rows only (OFFSET 0 keeps the planner from intersecting the
 * range with the GIN index, which reads every title that has a common word: 2.3 ms instead of 0.5 for
 * "B3 water").
 */
function prefixBranch(param: Param, prefix: string, rest: string[], publisher: string, limit: string) {
  const restMatch = rest.length
    ? ` WHERE title_search @@ to_tsquery('english', ${param(toTsQuery(rest))})`
    : '';
  return `SELECT id FROM (SELECT id, designation, title_search FROM standards
         WHERE tenant_id = $1 AND designation LIKE ${param(likePrefix(prefix))}${publisher} OFFSET 0) AS d${restMatch}
       ORDER BY designation <> ${param(prefix)}, length(designation), designation, id LIMIT ${limit}`;
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
  const { prefix, words, rest } = parseCatalogueQuery(search.q);
  if (!prefix && words.length === 0) return [];
  const params: unknown[] = [tenantId, userId];
  const param = (value: unknown) => `$${params.push(value)}`;
  const limit = param(search.limit);
  const publisher = search.publisher ? ` AND publisher_code = ${param(search.publisher)}` : '';
  const branches: string[] = [];
  if (prefix) branches.push(prefixBranch(param, prefix, rest, publisher, limit));
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
  );
  return rows.map(toHit);
}
