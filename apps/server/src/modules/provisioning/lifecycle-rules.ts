import type { LifecycleOperation } from '@trackwell/contracts';
import type { ProvisionedUser } from '@trackwell/db';

/**
 * Which users each lifecycle operation starts from, once: the operations (lifecycle.ts) refuse
 * whom it refuses, and a user's `_links` (present-user.ts) list the operations it allows, as Okta's do.
 * `status` is the stored one; a user whose password expired is stored ACTIVE.
 */
type Who = Pick<ProvisionedUser, 'status' | 'passwordHash' | 'passwordExpiresAt'>;

const passwordExpired = (u: Who, now: number) =>
  u.passwordExpiresAt !== null && u.passwordExpiresAt.getTime() <= now;

export const STARTS_FROM: Record<LifecycleOperation, (u: Who, now?: number) => boolean> = {
  activate: (u) => u.status === 'STAGED' || u.status === 'DEPROVISIONED',
  reactivate: (u) => u.status === 'PROVISIONED',
  // Deactivating a deactivated user changes nothing (and is allowed), but is not offered.
  deactivate: (u) => u.status !== 'DEPROVISIONED',
  suspend: (u) => u.status === 'ACTIVE',
  unsuspend: (u) => u.status === 'SUSPENDED',
  unlock: (u) => u.status === 'LOCKED_OUT' || u.status === 'ACTIVE',
  reset_password: (u) => u.status === 'ACTIVE' || u.status === 'RECOVERY' || u.status === 'LOCKED_OUT',
  expire_password: (u, now = Date.now()) =>
    u.status === 'ACTIVE' && u.passwordHash !== null && !passwordExpired(u, now),
};

/** Okta's names of the lifecycle links; unlock is offered only to a locked-out user (allowed for an active one). */
const LINK_NAMES: Record<LifecycleOperation, string> = {
  activate: 'activate',
  reactivate: 'reactivate',
  deactivate: 'deactivate',
  suspend: 'suspend',
  unsuspend: 'unsuspend',
  unlock: 'unlock',
  reset_password: 'resetPassword',
  expire_password: 'expirePassword',
};

/** The lifecycle links of the user at `self`: what may be done next. */
export function lifecycleLinks(self: string, u: Who): Record<string, { href: string; method: string }> {
  const links: Record<string, { href: string; method: string }> = {};
  for (const op of Object.keys(LINK_NAMES) as LifecycleOperation[]) {
    if (!STARTS_FROM[op](u) || (op === 'unlock' && u.status !== 'LOCKED_OUT')) continue;
    links[LINK_NAMES[op]] = { href: `${self}/lifecycle/${op}`, method: 'POST' };
  }
  return links;
}
