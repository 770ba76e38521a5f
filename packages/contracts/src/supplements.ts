import { parseDesignation } from './designation-key.ts';

/**
 * Amendments and corrigenda (supplements): a designation that names its base standard, then the supplement,
 * after a "/": ISO's "ISO 13849-1:2015/Amd 1:2021" and "ISO 9001:2008/Cor 1:2009" (also "Amd.1", IEC's
 * "AMD1", "COR1"), CEN's separate amendment "EN 1090-1:2009/A1:2011" and corrigendum "EN 1090-1:2009/AC:2010".
 * The designation rule (designation-key.ts) reads such a designation as one of its own: the key keeps the
 * base's year and the supplement ("1384912015AMD1"), the year is the supplement's; so a supplement is a
 * standard of its own, linked to its base. CEN's "+A1:2011" ("EN 1090-1:2009+A1:2011") is no supplement: it
 * is a consolidated edition, the base with the amendment merged in, so it is read as an edition of the base.
 */

export const SUPPLEMENT_TYPES = ['amendment', 'corrigendum'] as const;
export type SupplementType = (typeof SUPPLEMENT_TYPES)[number];

export interface SupplementDesignation {
  /** The base standard's designation as written ("ISO 13849-1:2015"). */
  base: string;
  type: SupplementType;
  /** The supplement's number (1 of "Amd 1"); null when it has none (CEN's "AC"). */
  number: number | null;
  /** Four digits, or null when the supplement names no year. */
  year: number | null;
}

const TYPE_OF: Record<string, SupplementType> = {
  AMD: 'amendment',
  A: 'amendment',
  COR: 'corrigendum',
  AC: 'corrigendum',
};

// The base (lazy, so "ISO/IEC" stays in it and the last supplement is the one read), "/", the supplement's
// kind, its number, and an optional ":year" (with a month, as DIN writes it).
const SUPPLEMENT = /^(.+?) ?\/ ?(AMD|COR|AC|A)\.? ?([0-9]{0,3}) ?(?:: ?((?:19|20)[0-9]{2})(?:-[0-9]{2})?)?$/i;

/** Longer texts are no designation (as DESIGNATION_MAX_LENGTH): cut before the pattern runs. */
const MAX_LENGTH = 160;

/** The supplement a designation names, or null when it names none (a standard, or a consolidated edition). */
export function parseSupplement(designation: string): SupplementDesignation | null {
  if (designation.length > MAX_LENGTH) return null;
  const text = designation.replace(/\s+/g, ' ').trim();
  const m = SUPPLEMENT.exec(text);
  if (!m) return null;
  const [, base, kind, number, year] = m;
  const type = TYPE_OF[kind!.toUpperCase()]!;
  // "A" is always numbered ("A1"); a base names a number of its own.
  if ((kind!.toUpperCase() === 'A' && !number) || !/[0-9]/.test(base!)) return null;
  return {
    base: base!.trim(),
    type,
    number: number ? Number(number) : null,
    year: year ? Number(year) : null,
  };
}

/** What `supplementsCurrentEdition` compares of a base standard and of one of its supplements. */
export interface EditionDated {
  designation: string;
  /** YYYY-MM-DD (the start of the period the catalogue knows: a year, a month or a day). */
  publishedOn: string;
}

/**
 * Whether a supplement amends its base's current edition (a base keeps its content code from edition to
 * edition, its supplements keep the edition they amend in theirs). When both designations name an edition
 * year ("ISO 13849-1:2015/Amd 1:2021" amends the 2015 edition; the base is now "ISO 13849-1:2023"), those
 * years decide; else the dates do: a supplement released before the base's current edition belongs to an
 * earlier one. A base's page lists only its current edition's supplements; an older one keeps its own page,
 * which names the base.
 */
export function supplementsCurrentEdition(base: EditionDated, supplement: EditionDated): boolean {
  const amended = parseSupplement(supplement.designation);
  const amendedYear = amended ? (parseDesignation(amended.base)?.year ?? null) : null;
  const baseYear = parseDesignation(base.designation)?.year ?? null;
  if (amendedYear !== null && baseYear !== null) return amendedYear === baseYear;
  return supplement.publishedOn >= base.publishedOn;
}
