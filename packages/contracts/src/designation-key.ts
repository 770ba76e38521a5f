/**
 * The one designation rule (framework-free, no zod): what "ISO 22337", "iso22337:2020", "D 6385",
 * "ASTM D6385-22" and "DIN EN ISO 13849-1" have to do with a catalogue designation ("ISO 22337:2020",
 * "D6385-22", "13849-1:2006-11", "DIN EN ISO 13849-1:2008-12"). The search box, the list import, the
 * publisher API's designation references and the resolver all read designations through it.
 *
 * A designation is read, after cleaning (NFKC, no control characters, one kind of dash, ASCII upper case,
 * spaces collapsed, a trailing language tag "(en)" dropped), as
 * - its **publisher words**: the letter groups before the first digit ("DIN EN ISO 13849-1" → DIN, EN, ISO;
 *   "ASTM D6385" → ASTM, D). A query and a designation are compatible when the words of one are all among
 *   the words of the other: "ISO 13849-1" and "13849-1:2006-11" both find "DIN EN ISO 13849-1:2008-12";
 * - its **key**: an ASTM-style series letter (one letter right before the number: "D" of "D 6385") and the
 *   letters and digits from the first digit on, edition year taken off ("D6385", "22337", "138491"). The
 *   database indexes the same key (`designation_key()`, migration 0031) and a db test checks both agree;
 * - its **year**, when it names one (":2020", ":2006-11", "-2015", ASTM's "-22" → 2022);
 * - its **full** text: letters and digits of all of it, for "exact designation first".
 */

/** Longer texts are no designation: cut before any pattern runs (a 10,000-character query costs nothing). */
export const DESIGNATION_MAX_LENGTH = 80;

export interface ParsedDesignation {
  publisherWords: string[];
  key: string;
  /** Four digits, or null when the text names no edition year. */
  year: number | null;
  full: string;
}

// Control characters (NUL included) and Unicode dashes; the SQL function lists the same ones.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/g;
const DASHES = /[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g;
const LANGUAGE_TAG = / ?\([A-Z]{2}\)$/;
// The edition, as a suffix of the text from the first digit on; tried in this order (the SQL function too).
const COLON_YEAR = / ?[:/] ?((?:19|20)[0-9]{2})(?: ?- ?[0-9]{2})?$/;
const HYPHEN_YEAR = / ?- ?((?:19|20)[0-9]{2})$/;
// ASTM's shape after its series letter: the number, an optional metric twin, then the edition's two digits
// and an optional revision letter or editorial mark ("6385-22", "150/C150M-22", "8/E8M-16A", "36-19E1").
const ASTM_SHAPE = /^[0-9]+[A-Z]?(?: ?\/ ?[A-Z]{1,2} ?[0-9]+M?)? ?- ?[0-9]{2}(?:[A-Z]|E[0-9])?$/;
const ASTM_YEAR = / ?- ?([0-9]{2})(?:[A-Z]|E[0-9])?$/;
// Before the number only publisher words may stand: ASCII punctuation other than space, "/", "." and "-"
// there is no designation ('=HYPERLINK("D638")').
const NOT_PUBLISHER_WORDS = /[\x21-\x2c\x3a-\x40\x5b-\x60\x7b-\x7e]/;
const SERIES_LETTER = /(?:^|[^A-Z])([A-Z])[^A-Z0-9]*$/;

/** The text as a designation is read: NFKC, no control characters, one dash, ASCII upper case, one space. */
function cleanDesignationText(value: string): string {
  return value
    .slice(0, DESIGNATION_MAX_LENGTH * 2)
    .normalize('NFKC')
    .replace(CONTROL, '')
    .replace(DASHES, '-')
    .replace(/[a-z]+/g, (s) => s.toUpperCase())
    .replace(/\s+/g, ' ')
    .trim()
    .replace(LANGUAGE_TAG, '');
}

const alnum = (text: string) => text.replace(/[^A-Z0-9]/g, '');

/** A two-digit edition year in a four-digit one: 00–49 → 2000s, 50–99 → 1900s. */
function fullYear(twoOrFour: string): number {
  const n = Number(twoOrFour);
  if (twoOrFour.length === 4) return n;
  return n < 50 ? 2000 + n : 1900 + n;
}

/**
 * A designation or query read by the rule, or null when it cannot be one: no digits, something other than
 * words before the number, or too long.
 */
export function parseDesignation(text: string): ParsedDesignation | null {
  const cleaned = cleanDesignationText(text);
  if (cleaned.length > DESIGNATION_MAX_LENGTH) return null;
  const firstDigit = cleaned.search(/[0-9]/);
  if (firstDigit < 0) return null;
  const head = cleaned.slice(0, firstDigit);
  if (NOT_PUBLISHER_WORDS.test(head)) return null;
  const number = cleaned.slice(firstDigit);
  const series = SERIES_LETTER.exec(head)?.[1] ?? '';
  const edition =
    COLON_YEAR.exec(number) ??
    HYPHEN_YEAR.exec(number) ??
    (series && ASTM_SHAPE.test(number) ? ASTM_YEAR.exec(number) : null);
  return {
    publisherWords: head.split(/[^A-Z]+/).filter(Boolean),
    key: series + alnum(edition ? number.slice(0, edition.index) : number),
    year: edition ? fullYear(edition[1]!) : null,
    full: alnum(cleaned),
  };
}

/** Whether every word of `some` is among `all`. */
const publisherWordsWithin = (some: string[], all: string[]) => some.every((w) => all.includes(w));

/** Whether the publisher words of one are all among the other's ("ISO" and "DIN EN ISO": yes; "BS", "DIN": no). */
export const publishersCompatible = (a: ParsedDesignation, b: ParsedDesignation) =>
  publisherWordsWithin(a.publisherWords, b.publisherWords) ||
  publisherWordsWithin(b.publisherWords, a.publisherWords);
