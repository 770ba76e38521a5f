import { passwordProblem } from '@trackwell/contracts';
import {
  consumeUserTokens,
  endUserSessionsAndGrants,
  findIdentityUserById,
  hashPassword,
  type IdentityUser,
  setPasswordHash,
  unlockIdentityUser,
} from '@trackwell/db';
import { oktaErrors } from '../okta-errors.ts';
import type { AuthnContext, AuthnResult } from './authn-context.ts';
import { afterPassword } from './sign-in-outcome.ts';
import { endTransaction, loadTransaction } from './transaction.ts';

/**
 * PASSWORD_RESET → POST /api/v1/authn/credentials/reset_password (Okta Authentication API: Reset Password):
 * sets the password (the policy first: E0000080 with the unmet rule), unlocks, and signs in.
 */
export async function resetPassword(
  ctx: AuthnContext,
  input: { stateToken?: unknown; newPassword?: unknown },
): Promise<AuthnResult> {
  const tx = await loadTransaction(ctx, input.stateToken);
  if (tx.data.status !== 'PASSWORD_RESET') throw oktaErrors.invalidToken();
  const problem = passwordProblem(input.newPassword, tx.user.login);
  if (problem) throw oktaErrors.passwordRequirements(problem);
  await setPasswordHash(ctx.db, ctx.tenant.id, tx.user.id, await hashPassword(input.newPassword as string));
  // Okta: a reset ends the user's sessions. Here also their grants (refresh tokens), and their access tokens.
  await endUserSessionsAndGrants(ctx.db, ctx.tenant.id, tx.user.id);
  await ctx.revocations.revokeUserTokens(ctx.tenant.id, tx.user.id, 'password-reset');
  await unlockIdentityUser(ctx.db, ctx.tenant.id, tx.user.id);
  await endTransaction(ctx, tx);
  await consumeUserTokens(ctx.db, ctx.tenant.id, tx.user.id, 'recovery');
  const user = (await findIdentityUserById(ctx.db, ctx.tenant.id, tx.user.id)) as IdentityUser;
  return afterPassword(ctx, user, tx.data.relayState);
}
