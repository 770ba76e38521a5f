/*
 * Identity contracts without Zod: what the portal's first screen names, the sign-in page's and
 * the tracker's alike, so that neither downloads a schema library to show itself. identity.ts has the rest.
 */

/** spec §9: the portal's sign-in scopes. */
export const PORTAL_SCOPES = ['openid', 'profile', 'email'] as const;

/** `GET /api/identity/v1/me` with `Authorization: Bearer <access token>`: spec §3 "User info". */
export const USER_INFO_PATH = '/api/identity/v1/me';
