import { passwordProblem } from '@trackwell/contracts';
import {
  findIdentityUserById,
  hashPassword,
  type IdentityUser,
  setPasswordHash,
  verifyPassword,
} from '@trackwell/db';
import { oktaErrors } from '../okta-errors.ts';
import type { AuthnContext, AuthnResult } from './authn-context.ts';
import { afterPassword, success } from './sign-in-outcome.ts';
import { endTransaction, loadTransaction } from './transaction.ts';

/**
 * PASSWORD_EXPIRED / PASSWORD_WARN → POST /api/v1/authn/credentials/change_password (Okta Authentication
 * API: Change Password): the old password, then the policy (E0000080 with the unmet rule), then not the same
 * password again. The new password revokes the user's older access tokens (docs/ARCHITECTURE.md, Revocation).
 */
export async function changePassword(
  ctx: AuthnContext,
  input: { stateToken?: unknown; oldPassword?: unknown; newPassword?: unknown },
): Promise<AuthnResult> {
  const tx = await loadTransaction(ctx, input.stateToken);
  if (tx.data.status !== 'PASSWORD_EXPIRED' && tx.data.status !== 'PASSWORD_WARN')
    throw oktaErrors.invalidToken();
  if (
    typeof input.oldPassword !== 'string' ||
    !(await verifyPassword(input.oldPassword, tx.user.passwordHash))
  )
    throw oktaErrors.oldPasswordWrong();
  const problem = passwordProblem(input.newPassword, tx.user.login);
  if (problem) throw oktaErrors.passwordRequirements(problem);
  if (input.newPassword === input.oldPassword)
    throw oktaErrors.passwordRequirements('Password cannot be your current password.');
  await setPasswordHash(ctx.db, ctx.tenant.id, tx.user.id, await hashPassword(input.newPassword as string));
  await ctx.revocations.revokeUserTokens(ctx.tenant.id, tx.user.id, 'password-change');
  await endTransaction(ctx, tx);
  const user = (await findIdentityUserById(ctx.db, ctx.tenant.id, tx.user.id)) as IdentityUser;
  if (tx.data.status === 'PASSWORD_WARN') return success(ctx, user, ['pwd'], tx.data.relayState);
  return afterPassword(ctx, user, tx.data.relayState);
}
