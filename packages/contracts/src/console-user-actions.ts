import type { CONSOLE_USER_ERRORS, ConsoleUserOperation } from './console-users.ts';
import type { OktaUserStatus } from './okta-user-statuses.ts';

/*
 * Which console actions a user's Okta status allows — the one rule the server enforces (409
 * otherwise) and the portal's user detail offers, from the Users API's lifecycle (provisioning/lifecycle.ts):
 *   STAGED         activate (the activation e-mail), deactivate
 *   PROVISIONED    resend the activation e-mail (a new link; the old one stops working), deactivate
 *   ACTIVE, PASSWORD_EXPIRED   lock (Okta's suspend), send a password reset, deactivate
 *   RECOVERY       send a password reset again, deactivate
 *   LOCKED_OUT     unlock, send a password reset, deactivate
 *   SUSPENDED      unlock (unsuspend), deactivate
 *   DEPROVISIONED  reactivate, delete (only a deactivated user is deleted, as in Okta's admin console)
 * Reset MFA factors while the user has one and is not deactivated. An administrator never does to their own
 * account what would sign them out or lock them out of it (OWN_ACCOUNT_FORBIDDEN): another one must.
 */

const BY_STATUS: Record<OktaUserStatus, readonly ConsoleUserOperation[]> = {
  STAGED: ['activate', 'deactivate'],
  PROVISIONED: ['resend_activation', 'deactivate'],
  ACTIVE: ['lock', 'reset_password', 'deactivate'],
  PASSWORD_EXPIRED: ['lock', 'reset_password', 'deactivate'],
  RECOVERY: ['reset_password', 'deactivate'],
  LOCKED_OUT: ['unlock', 'reset_password', 'deactivate'],
  SUSPENDED: ['unlock', 'deactivate'],
  DEPROVISIONED: ['reactivate', 'delete'],
};

/** What an administrator may not do to their own account from the console. */
export const OWN_ACCOUNT_FORBIDDEN: readonly ConsoleUserOperation[] = [
  'lock',
  'reset_password',
  'reset_factors',
  'deactivate',
  'delete',
];

export type ConsoleUserError = (typeof CONSOLE_USER_ERRORS)[keyof typeof CONSOLE_USER_ERRORS];

export interface ConsoleUserFacts {
  /** The user has at least one MFA factor enrolled. */
  hasFactors: boolean;
  /** The user is the administrator acting. */
  self: boolean;
}

/** Why `operation` is refused for this user (the contract's error code), or null when it is allowed. */
export function consoleUserRefusal(
  status: OktaUserStatus,
  operation: ConsoleUserOperation,
  facts: ConsoleUserFacts,
): ConsoleUserError | null {
  const allowed =
    operation === 'reset_factors'
      ? facts.hasFactors && status !== 'DEPROVISIONED'
      : BY_STATUS[status].includes(operation);
  if (!allowed) return 'user_action_not_allowed';
  return facts.self && OWN_ACCOUNT_FORBIDDEN.includes(operation) ? 'own_account' : null;
}

/** The actions the console offers for this user, in the order it shows them. */
export function consoleUserActionsFor(
  status: OktaUserStatus,
  facts: ConsoleUserFacts,
): ConsoleUserOperation[] {
  const all: ConsoleUserOperation[] = [...BY_STATUS[status]];
  all.splice(all.indexOf('deactivate') === -1 ? all.length : all.indexOf('deactivate'), 0, 'reset_factors');
  return all.filter((operation) => consoleUserRefusal(status, operation, facts) === null);
}
