import { hitRateLimit } from '@trackwell/db';
import { oktaErrors } from '../okta-errors.ts';
import type { AuthnContext } from './authn-context.ts';

/**
 * Attempts per minute, counted in `identity_rate_limits` (shared by every process): over the limit is Okta's
 * 429 E0000047 with Retry-After.
 */
export async function limitAttempts(ctx: AuthnContext, bucket: string, limit: number) {
  const hits = await hitRateLimit(ctx.db, ctx.tenant.id, bucket, 60);
  if (hits > limit) throw oktaErrors.rateLimited();
}

/** Sending e-mails (codes, pushes, recovery links) is limited harder than checking codes: a quarter, at least 3. */
export const sendLimit = (ctx: AuthnContext) => Math.max(3, Math.floor(ctx.rateLimitPerUser / 4));
