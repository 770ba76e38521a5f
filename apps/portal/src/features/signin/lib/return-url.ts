import { NEW_APPROACH_PARAM, safeReturnUrl } from '../../auth/index.ts';

/**
 * Where the user goes after a successful sign-in (spec §4 "Auth flow"): the tracker sends
 * `?fromURI=<base64 of its URL>&newApproach=true`; the identity provider's own form may send a plain
 * `?fromURI=<authorize URL>`. Anything not on this store's origin falls back to the tracker root: no open
 * redirect.
 */
export function returnUrlFrom(search: string | URLSearchParams, origin: string): string {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return safeReturnUrl(params.get('fromURI'), params.get(NEW_APPROACH_PARAM) === 'true', origin);
}
