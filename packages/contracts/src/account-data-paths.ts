/*
 * Users own their account: the MyAccount API's Trackwell additions (signed-in devices, export my
 * data, delete my account), without zod, so the portal's account screens name them without the schemas.
 * Okta's MyAccount API has no such operations; they sit beside its own under /idp/myaccount, with its token,
 * scopes, step-up and error bodies.
 */

const BASE = '/idp/myaccount';
export const ACCOUNT_DATA_PATHS = {
  /** GET: the user's signed-in sessions (devices); DELETE: sign out every session but the caller's. */
  sessions: `${BASE}/sessions`,
  /** DELETE: sign out one session (not the caller's own: that is signing out). */
  session: `${BASE}/sessions/:id`,
  /** GET: everything stored about the user, as one JSON document (a download). */
  export: `${BASE}/export`,
  /** DELETE: delete the account and its data (needs a recent sign-in). */
  account: `${BASE}/account`,
} as const;

/** The longest session id accepted in a path (Fastify's path parameter limit: longer is 414). */
export const SESSION_ID_MAX_LENGTH = 100;
