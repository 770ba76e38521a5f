import { z } from 'zod';

/**
 * The member service (spec §7): base = the tenant's `member-uri` + `/openapi/v1`. Bearer token, and the
 * header `S-Origin` set to the org's domain (one of the tenant's host names; missing → 400, another → 403).
 */
// MEMBER_PATHS: tracker-paths.ts (no Zod: the tracker page's first screen names it).

export const memberHeaders = z.looseObject({
  's-origin': z
    .string()
    .min(1)
    .max(300)
    .meta({ description: "The org's domain (a host name of this store), e.g. awwa.localhost." }),
});

/** spec §3 "Committee options": Designation, Title; the result comes back in `Result`. */
export const committeeOption = z.object({ Designation: z.string(), Title: z.string() });
export type CommitteeOption = z.infer<typeof committeeOption>;
export const committeesResponse = z.object({ Result: z.array(committeeOption) });
