import { OKTA_USERS_PATHS, type OktaUser, type OktaUserStatus } from '@trackwell/contracts';
import type { ProvisionedUser } from '@trackwell/db';
import { lifecycleLinks } from './lifecycle-rules.ts';

/** Okta's status of a stored user: an ACTIVE user whose password has expired is PASSWORD_EXPIRED. */
export const oktaStatusOf = (u: ProvisionedUser, now = Date.now()): OktaUserStatus =>
  u.status === 'ACTIVE' && u.passwordExpiresAt && u.passwordExpiresAt.getTime() <= now
    ? 'PASSWORD_EXPIRED'
    : u.status;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The user as Okta's User object; `origin` is the store's canonical origin. */
export function presentUser(u: ProvisionedUser, origin: string): OktaUser {
  const status = oktaStatusOf(u);
  const self = `${origin}${OKTA_USERS_PATHS.users}/${u.id}`;
  return {
    id: u.id,
    status,
    created: u.createdAt.toISOString(),
    activated: iso(u.activatedAt),
    statusChanged: iso(u.statusChangedAt),
    lastLogin: iso(u.lastLoginAt),
    lastUpdated: u.updatedAt.toISOString(),
    passwordChanged: iso(u.passwordChangedAt),
    type: { id: u.userType },
    profile: {
      login: u.login,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      locale: u.locale,
    },
    credentials: {
      ...(u.passwordHash ? { password: {} } : {}),
      ...(u.recoveryQuestion ? { recovery_question: { question: u.recoveryQuestion } } : {}),
      provider: { type: 'OKTA', name: 'OKTA' },
    },
    _links: { self: { href: self }, ...lifecycleLinks(self, u) },
  };
}
