import { z } from 'zod';
import { successEnvelope } from './envelope.ts';

/**
 * The platform admin's content resolver (spec §7): base = the admin host + `/api/platform`. When the
 * tenant's `enable_resolver_DP_for_content` flag is on, the portal asks it where a standard's title should
 * open (spec §2) instead of the public page.
 */
// RESOLVER_PATHS: tracker-paths.ts (no Zod: the tracker page's first screen names it).

/** The placeholders a tenant's `resolverApplicationUrl` template may use (each is URL-encoded). */
export const RESOLVER_PLACEHOLDERS = ['contentCode', 'assetId', 'designation', 'tenantCode'] as const;

/** What a tenant gets when its configuration names no template: the demo store's app route. */
export const DEFAULT_RESOLVER_APPLICATION_URL = '/store/app/standards/{contentCode}';

export const resolverQuery = z
  .object({
    contentCode: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .meta({ examples: ['PUB1-D0638-2022'] }),
    /**
     * Instead of `contentCode`: a designation as people write it ("ISO 22337", "ASTM D6385-22",
     * "DIN EN ISO 13849-1"), read by the one designation rule (designation-key.ts), the exact one first.
     */
    designation: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .meta({ examples: ['ASTM D6385-22'] }),
    /** The tenant's id or code (the portal's MAETenantID); must be the tenant of the host. */
    tenantId: z.string().min(1).max(64),
    userId: z.uuid(),
  })
  .refine((q) => (q.contentCode === undefined) !== (q.designation === undefined), {
    message: 'name the content by contentCode or by designation, one of them',
    path: ['contentCode'],
  });
export const resolverResult = z.object({
  /** Absolute URL of the application page for that content. */
  applicationURL: z.string(),
});
export const resolverResponse = successEnvelope(resolverResult);
