/*
 * Okta's user statuses, without zod: the console's Users screen lists them in its status filter, and a module
 * of plain constants keeps the Users API's schemas out of the portal's bundles.
 */

/** Okta's user statuses. PASSWORD_EXPIRED is derived (an ACTIVE user whose password has expired). */
export const OKTA_USER_STATUSES = [
  'STAGED',
  'PROVISIONED',
  'ACTIVE',
  'RECOVERY',
  'PASSWORD_EXPIRED',
  'LOCKED_OUT',
  'SUSPENDED',
  'DEPROVISIONED',
] as const;
export type OktaUserStatus = (typeof OKTA_USER_STATUSES)[number];
