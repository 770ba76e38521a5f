import type { LifecycleOperation, OktaLifecycleAnswer, StoredUserStatus } from '@trackwell/contracts';
import {
  consumeUserTokens,
  deleteProvisionedUser,
  endUserSessionsAndGrants,
  expireUserPassword,
  type ProvisionedUser,
  type SqlExecutor,
  setProvisionedUserStatus,
} from '@trackwell/db';
import { OktaApiError, oktaErrors } from '../identity/okta-errors.ts';
import type { ProvisioningContext } from './context.ts';
import { activationLink, mailActivation, mailResetPassword, resetPasswordLink } from './lifecycle-mail.ts';
import { STARTS_FROM } from './lifecycle-rules.ts';
import { readUser, requireUser } from './users.ts';

/**
 * Okta's user lifecycle, `POST /api/v1/users/{id}/lifecycle/{operation}` and DELETE:
 *   activate      STAGED | DEPROVISIONED → ACTIVE (has a password) | PROVISIONED (activation e-mail)
 *   reactivate    PROVISIONED → PROVISIONED, a new activation e-mail
 *   deactivate    any → DEPROVISIONED: sessions and grants end, every access token is revoked
 *   suspend       ACTIVE → SUSPENDED (same ending); unsuspend SUSPENDED → ACTIVE
 *   unlock        LOCKED_OUT → ACTIVE; expire_password → PASSWORD_EXPIRED
 *   reset_password → RECOVERY + e-mail (same ending: the suspect password's tokens die now)
 *   DELETE        DEPROVISIONED → gone; any other status is deactivated first (as Okta: call it twice)
 * `sendEmail=false` answers the link instead of e-mailing it. A move from a status it does not start from is
 * Okta's 400 E0000001 (403 E0000016 for activating an active user).
 *
 * Each operation's writes are one transaction, on the user's row locked for it (`lockUser`); a caller may add
 * its own checks and writes to it (`lifecycleStep`, `deleteStep`: the console's rule and audit entry), so they
 * commit or roll back together. What cannot be undone — the e-mail, the
 * in-memory revocation list — happens once that transaction has committed (a step answers it as `then`).
 */

const refused = (cause: string) => oktaErrors.validation(cause);

/** Writes in the operation's transaction, then (after commit) its side effects and Okta's answer. */
type Step = (
  tx: SqlExecutor,
  ctx: ProvisioningContext,
  user: ProvisionedUser,
  sendEmail: boolean,
) => Promise<() => Promise<OktaLifecycleAnswer>>;

const none = async (): Promise<OktaLifecycleAnswer> => ({});

/** Ends the user's sign-ins: sessions, grants, refresh tokens, and (after commit) every access token so far. */
async function endSignIns(
  tx: SqlExecutor,
  ctx: ProvisioningContext,
  userId: string,
  status: StoredUserStatus,
  reason: 'deactivation' | 'password-reset' = 'deactivation',
) {
  await setProvisionedUserStatus(tx, ctx.tenant.id, userId, status);
  await endUserSessionsAndGrants(tx, ctx.tenant.id, userId);
  await consumeUserTokens(tx, ctx.tenant.id, userId, 'recovery');
  return async (): Promise<OktaLifecycleAnswer> => {
    await ctx.revocations.revokeUserTokens(ctx.tenant.id, userId, reason);
    return {};
  };
}

const setStatus = async (
  tx: SqlExecutor,
  ctx: ProvisioningContext,
  user: ProvisionedUser,
  status: StoredUserStatus,
) => setProvisionedUserStatus(tx, ctx.tenant.id, user.id, status);

const STEPS: Record<LifecycleOperation, Step> = {
  async activate(tx, ctx, user, sendEmail) {
    if (!STARTS_FROM.activate(user))
      throw new OktaApiError(403, 'E0000016', 'Activation failed because the user is already active');
    await setStatus(tx, ctx, user, user.passwordHash ? 'ACTIVE' : 'PROVISIONED');
    if (user.passwordHash && sendEmail) return none;
    const link = await activationLink(tx, ctx, user);
    return async () => {
      const answer = await mailActivation(ctx, user, link, sendEmail);
      return sendEmail ? {} : answer;
    };
  },
  async reactivate(tx, ctx, user, sendEmail) {
    if (!STARTS_FROM.reactivate(user)) throw refused('Cannot reactivate a user that is not provisioned');
    const link = await activationLink(tx, ctx, user);
    return async () => {
      const answer = await mailActivation(ctx, user, link, sendEmail);
      return sendEmail ? {} : answer;
    };
  },
  async deactivate(tx, ctx, user) {
    return user.status === 'DEPROVISIONED' ? none : endSignIns(tx, ctx, user.id, 'DEPROVISIONED');
  },
  async suspend(tx, ctx, user) {
    if (!STARTS_FROM.suspend(user)) throw refused('Cannot suspend a user that is not active');
    return endSignIns(tx, ctx, user.id, 'SUSPENDED');
  },
  async unsuspend(tx, ctx, user) {
    if (!STARTS_FROM.unsuspend(user)) throw refused('Cannot unsuspend a user that is not suspended');
    await setStatus(tx, ctx, user, 'ACTIVE');
    return none;
  },
  async unlock(tx, ctx, user) {
    if (!STARTS_FROM.unlock(user)) throw refused('Cannot unlock a user that is not locked out');
    await setStatus(tx, ctx, user, 'ACTIVE');
    return none;
  },
  async reset_password(tx, ctx, user, sendEmail) {
    if (!STARTS_FROM.reset_password(user))
      throw refused('Cannot reset the password of a user that is not active');
    // The administrator suspects the password: its sign-ins end now, not when the user completes the reset.
    const revoke = await endSignIns(tx, ctx, user.id, 'RECOVERY', 'password-reset');
    const link = await resetPasswordLink(tx, ctx, user);
    return async () => {
      await revoke();
      const answer = await mailResetPassword(ctx, user, link, sendEmail);
      return sendEmail ? {} : answer;
    };
  },
  async expire_password(tx, ctx, user) {
    if (!STARTS_FROM.expire_password(user))
      throw refused('Cannot expire the password of a user that is not active or has no password');
    await expireUserPassword(tx, ctx.tenant.id, user.id);
    return () => readUser(ctx, user.id);
  },
};

/**
 * The user, read again in the transaction and locked until it ends: two changes to one user (two
 * administrators, or the console and the Users API) run one after the other, and the second is judged
 * against the status the first left (404 when it deleted the user).
 */
export function lockUser(
  tx: SqlExecutor,
  ctx: ProvisioningContext,
  idOrLogin: string,
): Promise<ProvisionedUser> {
  return requireUser(ctx, idOrLogin, { tx, lock: true });
}

/**
 * `operation`'s writes on a user locked in `tx` (`lockUser`); answers what runs once `tx` has committed. For
 * a caller that adds its own checks and writes to the transaction (the console: its rule and audit entry).
 */
export function lifecycleStep(
  tx: SqlExecutor,
  ctx: ProvisioningContext,
  user: ProvisionedUser,
  operation: LifecycleOperation,
  sendEmail = true,
): Promise<() => Promise<OktaLifecycleAnswer>> {
  return STEPS[operation](tx, ctx, user, sendEmail);
}

/** Runs `operation` on the user, in one transaction on the locked user. */
export async function runLifecycle(
  ctx: ProvisioningContext,
  idOrLogin: string,
  operation: LifecycleOperation,
  sendEmail = true,
): Promise<OktaLifecycleAnswer> {
  const then = await ctx.db.transaction(async (tx) =>
    lifecycleStep(tx, ctx, await lockUser(tx, ctx, idOrLogin), operation, sendEmail),
  );
  return then();
}

/**
 * DELETE's writes on a user locked in `tx`: deactivates one that is not DEPROVISIONED yet, deletes one that
 * is; answers what runs once `tx` has committed (every access token revoked).
 */
export async function deleteStep(
  tx: SqlExecutor,
  ctx: ProvisioningContext,
  user: ProvisionedUser,
): Promise<() => Promise<unknown>> {
  if (user.status !== 'DEPROVISIONED') return endSignIns(tx, ctx, user.id, 'DEPROVISIONED');
  await deleteProvisionedUser(tx, ctx.tenant.id, user.id);
  return () => ctx.revocations.revokeUserTokens(ctx.tenant.id, user.id, 'deactivation');
}

/** DELETE: deactivates a user that is not DEPROVISIONED yet, deletes one that is. */
export async function deleteUser(ctx: ProvisioningContext, idOrLogin: string): Promise<void> {
  const then = await ctx.db.transaction(async (tx) =>
    deleteStep(tx, ctx, await lockUser(tx, ctx, idOrLogin)),
  );
  await then();
}
