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
 * Okta's user lifecycle (issue 15 §1), `POST /api/v1/users/{id}/lifecycle/{operation}` and DELETE:
 *   activate      STAGED | DEPROVISIONED → ACTIVE (has a password) | PROVISIONED (activation e-mail)
 *   reactivate    PROVISIONED → PROVISIONED, a new activation e-mail
 *   deactivate    any → DEPROVISIONED: sessions and grants end, every access token is revoked
 *   suspend       ACTIVE → SUSPENDED (same ending); unsuspend SUSPENDED → ACTIVE
 *   unlock        LOCKED_OUT → ACTIVE; reset_password → RECOVERY + e-mail; expire_password → PASSWORD_EXPIRED
 *   DELETE        DEPROVISIONED → gone; any other status is deactivated first (as Okta: call it twice)
 * `sendEmail=false` answers the link instead of e-mailing it. A move from a status it does not start from is
 * Okta's 400 E0000001 (403 E0000016 for activating an active user).
 *
 * Each operation's writes are one transaction, and a caller may add its own writes to it (`alsoInTx`: the
 * console's audit entry), so they commit or roll back together. What cannot be undone — the e-mail, the
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

/** The caller's own writes, in the lifecycle's transaction. */
export type AlsoInTx = (tx: SqlExecutor) => Promise<void>;

const none = async (): Promise<OktaLifecycleAnswer> => ({});

/** Ends the user's sign-ins: sessions, grants, refresh tokens, and (after commit) every access token so far. */
async function endSignIns(
  tx: SqlExecutor,
  ctx: ProvisioningContext,
  userId: string,
  status: StoredUserStatus,
) {
  await setProvisionedUserStatus(tx, ctx.tenant.id, userId, status);
  await endUserSessionsAndGrants(tx, ctx.tenant.id, userId);
  await consumeUserTokens(tx, ctx.tenant.id, userId, 'recovery');
  return async (): Promise<OktaLifecycleAnswer> => {
    await ctx.revocations.revokeUserTokens(ctx.tenant.id, userId, 'deactivation');
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
    await setStatus(tx, ctx, user, 'RECOVERY');
    const link = await resetPasswordLink(tx, ctx, user);
    return async () => {
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

/** Runs `operation` on the user; `alsoInTx` joins its transaction (a throw there undoes the operation). */
export async function runLifecycle(
  ctx: ProvisioningContext,
  idOrLogin: string,
  operation: LifecycleOperation,
  sendEmail = true,
  alsoInTx?: AlsoInTx,
): Promise<OktaLifecycleAnswer> {
  const user = await requireUser(ctx, idOrLogin);
  const then = await ctx.db.transaction(async (tx) => {
    const after = await STEPS[operation](tx, ctx, user, sendEmail);
    await alsoInTx?.(tx);
    return after;
  });
  return then();
}

/** DELETE: deactivates a user that is not DEPROVISIONED yet, deletes one that is. */
export async function deleteUser(
  ctx: ProvisioningContext,
  idOrLogin: string,
  alsoInTx?: AlsoInTx,
): Promise<void> {
  const user = await requireUser(ctx, idOrLogin);
  const then = await ctx.db.transaction(async (tx) => {
    const after =
      user.status === 'DEPROVISIONED'
        ? async () => {
            await ctx.revocations.revokeUserTokens(ctx.tenant.id, user.id, 'deactivation');
            return {};
          }
        : await endSignIns(tx, ctx, user.id, 'DEPROVISIONED');
    if (user.status === 'DEPROVISIONED') await deleteProvisionedUser(tx, ctx.tenant.id, user.id);
    await alsoInTx?.(tx);
    return after;
  });
  await then();
}
