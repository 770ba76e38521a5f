import { getDomain } from 'tldts';

/**
 * The registrable parent domain of a host, by the Public Suffix List (spec §9 "Locale cookie": it handles
 * org, site, net and gov second-level names): tracker.awwa.org → awwa.org, x.y.gov.au → y.gov.au.
 * undefined for `localhost` and IP addresses, which take a host-only cookie.
 *
 * tldts carries the whole list (tens of KB), so this module is imported only when a language is chosen.
 */
export function registrableDomain(hostname: string): string | undefined {
  return getDomain(hostname) ?? undefined;
}
