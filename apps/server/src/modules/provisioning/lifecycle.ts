import type { LifecycleOperation, OktaLifecycleAnswer, StoredUserStatus } from '@trackwell/contracts';
import {
  consumeUserTokens,
  deleteProvisionedUser,
  endUserSessionsAndGrants,
  expireUserPassword,
  type ProvisionedUser,
  setProvisionedUserStatus,
} from '@trackwell/db';
import { OktaApiError, oktaErrors } from '../identity/okta-errors.ts';
import type { ProvisioningContext } from './context.ts';
import { sendActivationMail, sendResetPasswordMail } from './lifecycle-mail.ts';
import { oktaStatusOf } from './present-user.ts';
import { readUser, requireUser } from './users.ts';

/**
 * Okta's user lifecycle (issue 15 §1), `POST /api/v1/users/{id}/lifecycle/{operation}` and DELETE:
 *   activate      STAGED | DEPROVISIONED → ACTIVE (has a password) | PROVISIONED (activation e-mail)
 *   reactivate    PROVISIONED → PROVISIONED, a new activation e-mail
 *   deactivate    any → DEPROVISIONED: sessions and grants end, every access token is revoked
 *   suspend       ACTIVE → SUSPENDED (same ending); unsuspend SUSPENDED → ACTIVE
 *   unlock        LOCKED_OUT → ACTIVE; reset_password → RECOVERY + e-mail; expire_password → PASSWORD_EXPIRED
 *   DELETE        DEPROVISIONED → gone; any other status is deactivated first (as Okta: call it twice)
 * `sendEmail=false` answers the link instead of e-mailing it. A move from a status it does not start from is
 * Okta's 400 E0000001 (403 E0000016 for activating an active user).
 */

const refused = (cause: string) => oktaErrors.validation(cause);

/** Ends the user's sign-ins: sessions, grants, refresh tokens, and every access token issued so far. */
async function endSignIns(ctx: ProvisioningContext, userId: string, status: StoredUserStatus) {
  await ctx.db.transaction(async (tx) => {
    await setProvisionedUserStatus(tx, ctx.tenant.id, userId, status);
    await endUserSessionsAndGrants(tx, ctx.tenant.id, userId);
    await consumeUserTokens(tx, ctx.tenant.id, userId, 'recovery');
  });
  await ctx.revocations.revokeUserTokens(ctx.tenant.id, userId, 'deactivation');
}

type Step = (
  ctx: ProvisioningContext,
  user: ProvisionedUser,
  sendEmail: boolean,
) => Promise<OktaLifecycleAnswer>;

const setStatus = async (ctx: ProvisioningContext, user: ProvisionedUser, status: StoredUserStatus) =>
  setProvisionedUserStatus(ctx.db, ctx.tenant.id, user.id, status);

const STEPS: Record<LifecycleOperation, Step> = {
  async activate(ctx, user, sendEmail) {
    if (user.status !== 'STAGED' && user.status !== 'DEPROVISIONED')
      throw new OktaApiError(403, 'E0000016', 'Activation failed because the user is already active');
    await setStatus(ctx, user, user.passwordHash ? 'ACTIVE' : 'PROVISIONED');
    if (user.passwordHash && sendEmail) return {};
    const link = await sendActivationMail(ctx, user, sendEmail);
    return sendEmail ? {} : link;
  },
  async reactivate(ctx, user, sendEmail) {
    if (user.status !== 'PROVISIONED') throw refused('Cannot reactivate a user that is not provisioned');
    const link = await sendActivationMail(ctx, user, sendEmail);
    return sendEmail ? {} : link;
  },
  async deactivate(ctx, user) {
    if (user.status !== 'DEPROVISIONED') await endSignIns(ctx, user.id, 'DEPROVISIONED');
    return {};
  },
  async suspend(ctx, user) {
    if (user.status !== 'ACTIVE') throw refused('Cannot suspend a user that is not active');
    await endSignIns(ctx, user.id, 'SUSPENDED');
    return {};
  },
  async unsuspend(ctx, user) {
    if (user.status !== 'SUSPENDED') throw refused('Cannot unsuspend a user that is not suspended');
    await setStatus(ctx, user, 'ACTIVE');
    return {};
  },
  async unlock(ctx, user) {
    if (user.status !== 'LOCKED_OUT' && user.status !== 'ACTIVE')
      throw refused('Cannot unlock a user that is not locked out');
    await setStatus(ctx, user, 'ACTIVE');
    return {};
  },
  async reset_password(ctx, user, sendEmail) {
    if (!['ACTIVE', 'RECOVERY', 'LOCKED_OUT'].includes(user.status))
      throw refused('Cannot reset the password of a user that is not active');
    await setStatus(ctx, user, 'RECOVERY');
    const link = await sendResetPasswordMail(ctx, user, sendEmail);
    return sendEmail ? {} : link;
  },
  async expire_password(ctx, user) {
    if (oktaStatusOf(user) !== 'ACTIVE' || !user.passwordHash)
      throw refused('Cannot expire the password of a user that is not active or has no password');
    await expireUserPassword(ctx.db, ctx.tenant.id, user.id);
    return readUser(ctx, user.id);
  },
};

export async function runLifecycle(
  ctx: ProvisioningContext,
  idOrLogin: string,
  operation: LifecycleOperation,
  sendEmail = true,
): Promise<OktaLifecycleAnswer> {
  return STEPS[operation](ctx, await requireUser(ctx, idOrLogin), sendEmail);
}

/** DELETE: deactivates a user that is not DEPROVISIONED yet, deletes one that is. */
export async function deleteUser(ctx: ProvisioningContext, idOrLogin: string): Promise<void> {
  const user = await requireUser(ctx, idOrLogin);
  if (user.status !== 'DEPROVISIONED') {
    await endSignIns(ctx, user.id, 'DEPROVISIONED');
    return;
  }
  await deleteProvisionedUser(ctx.db, ctx.tenant.id, user.id);
  await ctx.revocations.revokeUserTokens(ctx.tenant.id, user.id, 'deactivation');
}
