/**
 * Tolerant designation matching for list imports, framework-free (no zod): what a cell of a user's spreadsheet
 * ("ASTM D638-14", "D 638", "d638-22", "ISO 9001", "ISO 9001:2015") has to do with a catalogue designation.
 *
 * A designation is read as
 * - its **stem**: the text up to its first run of digits, letters and digits only ("D638", "ISO9001"). The
 *   database finds candidates by equal stems in one statement for the whole file; the SQL expression
 *   (`packages/db/src/repositories/list-import.ts`) is this rule and a db test checks both agree;
 * - its **base**: letters and digits with the edition year taken off ("D638", "ISO9001", "ISO109931");
 * - its **year**, when it names one (":2015", "-2015", ASTM's "-14" → 2014).
 * A cell is tried as written and then without a leading publisher word ("ASTM D638-14" → "D638-14"), so a
 * list that names the publisher matches a catalogue that does not.
 */

/** Longer cells are no designation: cut before any pattern runs (a 10,000-character cell costs nothing). */
export const DESIGNATION_MAX_LENGTH = 80;

export interface DesignationKey {
  stem: string;
  base: string;
  /** Four digits, or null when the text names no edition year. */
  year: number | null;
}

// Control characters (NUL included) and Unicode dashes.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/g;
const DASHES = /[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g;
const COLON_YEAR = /^(.*?)\s*[:/]\s*((?:19|20)\d{2})$/;
const HYPHEN_YEAR = /^(.*?)\s*-\s*((?:19|20)\d{2})$/;
// ASTM's shape: a series letter or two, the number, an optional metric twin, then the edition's two digits
// and an optional revision letter or editorial mark ("D638-14", "C150/C150M-22", "E8/E8M-16a", "A36-19e1").
const ASTM_YEAR = /^([A-Z]{1,2}\s*\d+[A-Z]?(?:\s*\/\s*[A-Z]{1,2}\s*\d+M?)?)\s*-\s*(\d{2})(?:[A-Z]|E\d)?$/;
const LEADING_WORD = /^[A-Z]+\s+(?=[A-Z0-9])/;
const STEM = /^[^0-9]*[0-9]+/;

/** The cell as text to match: NFKC, no control characters, one kind of dash, upper case, spaces collapsed. */
export function cleanDesignationText(value: string): string {
  const cut = value.slice(0, DESIGNATION_MAX_LENGTH * 2);
  return cut
    .normalize('NFKC')
    .replace(CONTROL, '')
    .replace(DASHES, '-')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const alnum = (text: string) => text.replace(/[^A-Z0-9]/g, '');

/** A two-digit edition year in a four-digit one: 00–49 → 2000s, 50–99 → 1900s. */
export function fullYear(twoOrFour: string): number {
  const n = Number(twoOrFour);
  if (twoOrFour.length === 4) return n;
  return n < 50 ? 2000 + n : 1900 + n;
}

/** The stem of a cleaned designation, or null when it has no digits. */
export function designationStem(cleaned: string): string | null {
  const head = STEM.exec(cleaned);
  return head ? alnum(head[0]) || null : null;
}

function keyOf(cleaned: string): DesignationKey | null {
  const stem = designationStem(cleaned);
  if (!stem) return null;
  const year = COLON_YEAR.exec(cleaned) ?? HYPHEN_YEAR.exec(cleaned) ?? ASTM_YEAR.exec(cleaned);
  if (year) return { stem, base: alnum(year[1]!), year: fullYear(year[2]!) };
  return { stem, base: alnum(cleaned), year: null };
}

/** The key of a catalogue designation (as the store writes it), or null when it has no digits. */
export function designationKey(designation: string): DesignationKey | null {
  return keyOf(cleanDesignationText(designation));
}

/**
 * The keys a spreadsheet cell is tried as, in order: as written, then without a leading publisher word.
 * Empty when the cell cannot be a designation (no digits, or longer than DESIGNATION_MAX_LENGTH).
 */
export function designationKeysOfCell(cell: string): DesignationKey[] {
  const cleaned = cleanDesignationText(cell);
  if (!cleaned || cleaned.length > DESIGNATION_MAX_LENGTH) return [];
  const keys: DesignationKey[] = [];
  const asWritten = keyOf(cleaned);
  if (asWritten) keys.push(asWritten);
  const withoutWord = cleaned.replace(LEADING_WORD, '');
  if (withoutWord !== cleaned) {
    const key = keyOf(withoutWord);
    if (key && key.base !== asWritten?.base) keys.push(key);
  }
  return keys;
}

/** A catalogue standard the database found for a stem. */
export interface DesignationCandidate {
  designation: string;
  /** The edition year as the catalogue keeps it, e.g. "2022". */
  edition: string;
  status: string;
}

export type DesignationMatch<C> =
  | { outcome: 'matched'; standard: C }
  | { outcome: 'ambiguous'; candidates: C[] }
  | { outcome: 'not_found' };

const yearOf = (c: DesignationCandidate) =>
  designationKey(c.designation)?.year ?? (Number(c.edition) || null);

/**
 * Which candidate a cell means. Per key (as written first): the candidates with the same base; with a year,
 * the one edition of that year; otherwise the only one, or the only active one; several → ambiguous (the
 * user chooses). A year the catalogue does not have still matches the standard (its current edition).
 */
export function matchDesignation<C extends DesignationCandidate>(
  cell: string,
  candidates: C[],
): DesignationMatch<C> {
  for (const key of designationKeysOfCell(cell)) {
    const hits = candidates.filter((c) => designationKey(c.designation)?.base === key.base);
    if (hits.length === 0) continue;
    const sameYear = key.year === null ? [] : hits.filter((c) => yearOf(c) === key.year);
    if (sameYear.length === 1) return { outcome: 'matched', standard: sameYear[0]! };
    if (sameYear.length > 1) return { outcome: 'ambiguous', candidates: sameYear };
    if (hits.length === 1) return { outcome: 'matched', standard: hits[0]! };
    const active = hits.filter((c) => c.status === 'active');
    if (active.length === 1) return { outcome: 'matched', standard: active[0]! };
    return { outcome: 'ambiguous', candidates: hits };
  }
  return { outcome: 'not_found' };
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
    const score = sample.filter((row) => designationKeysOfCell(row[col] ?? '').length > 0).length;
    if (score > bestScore) [best, bestScore] = [col, score];
  }
  return best;
}
