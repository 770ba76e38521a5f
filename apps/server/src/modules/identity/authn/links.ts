import type { AuthnLink } from '@trackwell/contracts';

/** Okta's Links Object for a POST step (Okta Authentication API: Links Object); okta-auth-js calls it by name. */
export const postLink = (href: string, name?: string): AuthnLink => ({
  ...(name ? { name } : {}),
  href,
  hints: { allow: ['POST'] },
});
