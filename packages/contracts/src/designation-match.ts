import { type ParsedDesignation, parseDesignation, publishersCompatible } from './designation-key.ts';

/**
 * Choosing among the catalogue's standards by the designation rule (designation-key.ts): the search box ranks
 * its hits with `rankDesignations`; the list import, the publisher API and the resolver take the one standard
 * a text means with `matchDesignation`. And which column of a user's spreadsheet holds designations.
 */

/** A catalogue standard the database found for a key (or a key prefix). */
export interface DesignationCandidate {
  designation: string;
  /** The edition year as the catalogue keeps it, e.g. "2022". */
  edition: string;
  status: string;
}

/** A candidate with how well it answers the query: lower is better, compared field by field. */
export interface RankedDesignation<C> {
  candidate: C;
  /**
   * Compared in order: exact, same key, the year asked for (0 when so, 1 when not); how many of the
   * publisher words typed it lacks; the same publisher words, active (0 when so, 1 when not).
   */
  score: number[];
}

/**
 * Catalogue designations as `rankDesignations` reads them, remembered: the search box ranks up to 200 of them
 * on every designation-shaped search (each read costs about 1 µs: NFKC and a dozen patterns), and the same
 * designations come back search after search. Bounded (oldest forgotten first); the reading is a function
 * of the text alone, so a remembered one is the same for every store. Frozen: callers share them.
 */
const READ_DESIGNATIONS_MAX = 10_000;
const readDesignations = new Map<string, Readonly<ParsedDesignation> | null>();
function readDesignation(text: string): Readonly<ParsedDesignation> | null {
  const known = readDesignations.get(text);
  if (known !== undefined) return known;
  const parsed = parseDesignation(text);
  if (parsed) {
    Object.freeze(parsed.publisherWords);
    Object.freeze(parsed);
  }
  if (readDesignations.size >= READ_DESIGNATIONS_MAX)
    readDesignations.delete(readDesignations.keys().next().value!);
  readDesignations.set(text, parsed);
  return parsed;
}

const compareScores = (a: number[], b: number[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
};

/**
 * A query's hits, best first: the exact designation (the same letters and digits), the same key, the year
 * asked for, the fewest publisher words typed missing, then the same ones, active, then shorter and A–Z. Designations of
 * incompatible publishers are left out. With `prefixes` (the search box), a designation being typed is a hit
 * too, after the same-key ones: its key goes on from the query's while no year was typed ("D638" finds
 * "D6385-22"), or its letters and digits go on from the query's ("D638-2" finds "D638-22").
 */
export function rankDesignations<C extends DesignationCandidate>(
  query: ParsedDesignation,
  candidates: C[],
  { prefixes = false } = {},
): RankedDesignation<C>[] {
  const scored = candidates.flatMap((candidate) => {
    const d = readDesignation(candidate.designation);
    if (!d || !publishersCompatible(query, d)) return [];
    const typedSoFar =
      prefixes && ((query.year === null && d.key.startsWith(query.key)) || d.full.startsWith(query.full));
    if (d.key !== query.key && !typedSoFar) return [];
    const year = d.year ?? (Number(candidate.edition) || null);
    const no = (yes: boolean) => (yes ? 0 : 1);
    const score = [
      no(d.full === query.full),
      no(d.key === query.key),
      no(query.year !== null && year === query.year),
      // Of the publisher words typed, the fewer missing the better ("ISO 13849-1" before "13849-1" for
      // "BS EN ISO 13849-1"), then the very same words.
      query.publisherWords.filter((w) => !d.publisherWords.includes(w)).length,
      no(d.publisherWords.join(' ') === query.publisherWords.join(' ')),
      no(candidate.status === 'active'),
    ];
    return [{ candidate, score }];
  });
  return scored.sort((a, b) => {
    const da = a.candidate.designation;
    const db = b.candidate.designation;
    return compareScores(a.score, b.score) || da.length - db.length || (da < db ? -1 : da > db ? 1 : 0);
  });
}

export type DesignationMatch<C> =
  | { outcome: 'matched'; standard: C }
  | { outcome: 'ambiguous'; candidates: C[] }
  | { outcome: 'not_found' };

/**
 * Which one standard a text means (the list import, the publisher API, the resolver): the best-ranked hit
 * of the same key when no other hit ranks as well; several equally good → ambiguous (the caller asks
 * which). A year the catalogue does not have still finds the standard (its active edition).
 */
export function matchDesignation<C extends DesignationCandidate>(
  text: string,
  candidates: C[],
): DesignationMatch<C> {
  const query = parseDesignation(text);
  const ranked = query ? rankDesignations(query, candidates) : [];
  if (ranked.length === 0) return { outcome: 'not_found' };
  const best = ranked.filter((r) => compareScores(r.score, ranked[0]!.score) === 0);
  if (best.length === 1) return { outcome: 'matched', standard: best[0]!.candidate };
  return { outcome: 'ambiguous', candidates: best.map((r) => r.candidate) };
}

/**
 * The column that most likely holds designations: a header naming a designation, else one naming a standard
 * or number (not a title), else the column whose sample cells most often read as designations.
 */
export function guessDesignationColumn(header: string[], sample: string[][]): number {
  const designation = header.findIndex((h) => /d[eé]signation|bezeichnung/i.test(h));
  if (designation >= 0) return designation;
  const named = header.findIndex(
    (h) => /standard|norm|number|code|ref/i.test(h) && !/title|name|titel|titre/i.test(h),
  );
  if (named >= 0) return named;
  let best = 0;
  let bestScore = -1;
  for (let col = 0; col < header.length; col++) {
    const score = sample.filter((row) => parseDesignation(row[col] ?? '') !== null).length;
    if (score > bestScore) [best, bestScore] = [col, score];
  }
  return best;
}
