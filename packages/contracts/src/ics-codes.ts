import { z } from 'zod';
import { CONSOLE_BASE } from './console-paths.ts';

/*
 * ICS codes (International Classification for Standards): a field "13", a group "13.110", a sub-group
 * "83.080.01". Catalogues give them per standard (an STS file's `<ics>`, ISO's `icsCode`); the search box finds
 * standards by a code or its beginning, and a store maps ICS prefixes to its industry areas.
 */

/** An ICS field, group or sub-group. The same pattern is the CHECK of industry_area_ics_prefixes (0034). */
export const ICS_PREFIX = /^[0-9]{2}(\.[0-9]{3}(\.[0-9]{2})?)?$/;

/**
 * Whether `code` falls under `prefix`: it is the prefix, or goes on from it after a "." (13.110 covers
 * 13.110 and 13.110.01, not 13.1101). The view standard_area_members (migration 0034) says the same in SQL.
 */
export const icsCodeUnder = (code: string, prefix: string) =>
  code === prefix || code.startsWith(`${prefix}.`);

/**
 * A search that reads as an ICS code being typed ("83.", "83.08", "83.080", "83.080.01"): the code as
 * typed, else null. A bare number ("83") is not one: it reads as a designation.
 */
export function icsSearchPrefix(q: string): string | null {
  const text = q.trim();
  return /^[0-9]{2}\.(?:[0-9]{0,3}|[0-9]{3}\.[0-9]{0,2})$/.test(text) ? text : null;
}

export const CONSOLE_ICS_PATHS = {
  /** The store's mapping of ICS prefixes to its industry areas (GET, PUT). */
  areaMapping: `${CONSOLE_BASE}/stores/:code/industry-areas/ics-mapping`,
} as const;

/** A mapping holds at most this many prefixes. */
export const ICS_MAPPING_MAX_ENTRIES = 500;

export const icsAreaMappingEntry = z
  .object({
    prefix: z
      .string()
      .trim()
      .regex(ICS_PREFIX, 'must be an ICS field, group or sub-group, e.g. 13, 13.110 or 83.080.01')
      .meta({ examples: ['13.110'] }),
    area: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .meta({ description: "The marketing code of one of the store's industry areas." }),
  })
  .strict();
export type IcsAreaMappingEntry = z.infer<typeof icsAreaMappingEntry>;

export const icsAreaMapping = z
  .object({
    entries: z.array(icsAreaMappingEntry).max(ICS_MAPPING_MAX_ENTRIES),
  })
  .strict()
  .superRefine((mapping, ctx) => {
    const seen = new Set<string>();
    mapping.entries.forEach((entry, index) => {
      const key = `${entry.prefix}\u0000${entry.area}`;
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['entries', index],
          message: `${entry.prefix} → ${entry.area} is listed twice`,
        });
      seen.add(key);
    });
  });
export type IcsAreaMapping = z.infer<typeof icsAreaMapping>;

export const icsAreaMappingAnswer = z.object({
  entries: z.array(icsAreaMappingEntry),
  /** The store's industry areas, for choosing one. */
  areas: z.array(z.object({ marketingCode: z.string(), name: z.string() })),
});
export type IcsAreaMappingAnswer = z.infer<typeof icsAreaMappingAnswer>;
