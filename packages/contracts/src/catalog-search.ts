import { z } from 'zod';
import { successEnvelope } from './envelope.ts';

/** `GET catalog/search` (beyond the spec): finding a standard to track, as the user types. */

export const catalogSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .meta({
      description:
        'A designation (as people write it, or its beginning) and/or title words, or an ICS code or its ' +
        'beginning (83.080, 83.080.01: standards classified there, after the designation matches).',
      examples: ['D638 tensile', 'ASTM D6385-22', 'DIN EN ISO 13849-1', '83.080'],
    }),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  publisher: z
    .string()
    .regex(/^[A-Z0-9][A-Z0-9_-]{0,31}$/)
    .optional()
    .meta({ description: 'Only standards of this publisher code.' }),
});
export type CatalogSearchQuery = z.infer<typeof catalogSearchQuery>;
export const catalogSearchHit = z.object({
  assetId: z.string(),
  contentCode: z.string(),
  displayDesignation: z.string(),
  contentTitle: z.string(),
  publisher: z.object({ code: z.string(), name: z.string() }),
  status: z.enum(['active', 'withdrawn', 'historical']),
  edition: z.string(),
  tracked: z.boolean().meta({
    description: 'Whether the calling user already tracks this standard (switched off or not).',
  }),
});
export type CatalogSearchHit = z.infer<typeof catalogSearchHit>;
export const catalogSearchResponse = successEnvelope(z.object({ results: z.array(catalogSearchHit) }));
