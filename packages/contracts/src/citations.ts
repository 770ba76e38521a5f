import { z } from 'zod';
import { parseDesignation } from './designation-key.ts';
import { safeText } from './safe-values.ts';
import { isUnsafeString } from './unsafe-strings.ts';

/**
 * Cited standards: the references a standard makes to others, normative (the standard cannot be applied
 * without them: STS `sec-type="norm-refs"`) or informative (its bibliography). A citation names the cited
 * standard by designation, dated ("ISO 12100-1:2003": only that edition applies) or undated ("IEC 62061": the
 * latest edition applies); it is stored by the designation rule's key and publisher words
 * (designation-key.ts), so it finds the cited standard whenever the catalogue has or gets it.
 */

/** Most references one standard lists (DIN EN ISO 13849-1 has 30; a large standard a few hundred). */
export const MAX_CITATIONS = 1000;

/** A cited designation as a file writes it: one line, a designation by the rule (a digit, words before it). */
export const citedDesignation = z
  .string()
  .refine((s) => !isUnsafeString(s), 'must not contain NUL or lone surrogates')
  .pipe(safeText(80))
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .min(1, 'is required')
      .refine((s) => parseDesignation(s) !== null, 'is no standard designation'),
  );

export const citationList = z
  .array(citedDesignation)
  .max(MAX_CITATIONS, `at most ${MAX_CITATIONS} references`);

/** One citation as stored: the cited standard's key, publisher words and edition ('' when undated). */
export interface CitationKey {
  designation: string;
  key: string;
  words: string[];
  /** The dated reference's edition year ("2003"); '' for an undated reference. */
  edition: string;
}

const ALL_PARTS = /\s*\((?:all parts|toutes les parties|alle Teile)\)\s*$/i;

/** A cited designation read by the designation rule, or null when it is none. */
export function citationKeyOf(designation: string): CitationKey | null {
  // "IEC 60947 (all parts)" cites the series by its number: every part's key starts the same, the base's is it.
  const parsed = parseDesignation(designation.replace(ALL_PARTS, ''));
  if (!parsed || parsed.key === '') return null;
  return {
    designation: designation.trim(),
    key: parsed.key,
    words: parsed.publisherWords,
    edition: parsed.year === null ? '' : String(parsed.year),
  };
}

/** A standard's citation as its page lists it (what it cites, what cites it). */
export const standardCitation = z.object({
  /** As the citing standard writes it: "IEC 62061", "ISO 12100-1:2003". */
  cited: z.string(),
  dated: z.boolean(),
  normative: z.boolean(),
  /** The other standard, where the catalogue has it (its store page id and designation). */
  standard: z.object({ assetId: z.string(), designation: z.string(), title: z.string() }).nullable(),
});
export type StandardCitation = z.infer<typeof standardCitation>;

export const standardCitations = z.object({
  cites: z.array(standardCitation),
  citedBy: z.array(standardCitation),
});
export type StandardCitations = z.infer<typeof standardCitations>;
