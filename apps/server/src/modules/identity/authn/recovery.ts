import {
  type Language,
  maySignIn,
  RESET_PASSWORD_PATH,
  type RecoveryChallengeTransaction,
  UNLOCK_ACCOUNT_PATH,
  type UnlockedTransaction,
} from '@trackwell/contracts';
import {
  consumeIdentityToken,
  consumeUserTokens,
  createIdentityToken,
  findIdentityUserById,
  findIdentityUserByLogin,
  findRecoveryQuestion,
  type IdentityUser,
  sha256,
  unlockIdentityUser,
} from '@trackwell/db';
import { oktaErrors } from '../okta-errors.ts';
import { limitAttempts, sendLimit } from './attempt-limits.ts';
import type { AuthnContext, AuthnResult } from './authn-context.ts';
import { presentUser } from './present-parts.ts';
import { sendSignInMail, signInLanguage, withLanguage } from './sign-in-mail.ts';
import { newTransaction } from './transaction.ts';

/**
 * Recovery (Okta Authentication API: Forgot Password, Unlock Account, Verify Recovery Token):
 * RECOVERY_CHALLENGE (an e-mailed link) → the link's recovery token → [RECOVERY: the user's recovery question,
 * when they have one; recovery-question.ts] → PASSWORD_RESET (password-reset.ts) | UNLOCKED.
 */

const RECOVERY_TTL_SECONDS = 60 * 60;
type RecoveryType = 'PASSWORD' | 'UNLOCK';

/**
 * Where the e-mailed recovery and unlock links land (the portal's sign-in page reads the token), in the
 * e-mail's language (`?lang=`, honoured by the portal when the store offers it).
 */
export const recoveryLink = (origin: string, type: RecoveryType, token: string, language: Language) =>
  withLanguage(
    `${origin}${type === 'PASSWORD' ? RESET_PASSWORD_PATH : UNLOCK_ACCOUNT_PATH}${token}`,
    language,
  );

/** POST /recovery/password and /recovery/unlock: always the same answer, whether the user exists or not. */
export async function startRecovery(
  ctx: AuthnContext,
  type: RecoveryType,
  input: { username?: unknown; factorType?: unknown; relayState?: unknown },
): Promise<{ body: RecoveryChallengeTransaction }> {
  if (typeof input.username !== 'string' || !input.username)
    throw oktaErrors.validation('username: The field cannot be left blank');
  const factorType = input.factorType ?? 'EMAIL';
  if (factorType !== 'EMAIL') throw oktaErrors.validation('factorType: only EMAIL recovery is enabled');
  await limitAttempts(ctx, `ip:${ctx.ip}`, ctx.rateLimitPerIp);
  await limitAttempts(ctx, `recovery:${sha256(input.username.trim().toLowerCase())}`, sendLimit(ctx));
  const user = await findIdentityUserByLogin(ctx.db, ctx.tenant.id, input.username);
  if (user && maySignIn(user.status) && (type === 'PASSWORD' || user.status === 'LOCKED_OUT')) {
    const relayState = typeof input.relayState === 'string' ? input.relayState : undefined;
    const { token } = await createIdentityToken(ctx.db, ctx.tenant.id, {
      kind: 'recovery',
      userId: user.id,
      data: { recoveryType: type, relayState },
      ttlSeconds: RECOVERY_TTL_SECONDS,
    });
    const link = recoveryLink(ctx.origin, type, token, signInLanguage(ctx, user));
    await sendSignInMail(ctx, user, { kind: type === 'PASSWORD' ? 'reset' : 'unlock', link, token });
  }
  return {
    body: { status: 'RECOVERY_CHALLENGE', factorResult: 'WAITING', factorType: 'EMAIL', recoveryType: type },
  };
}

/**
 * POST /recovery/token: the e-mailed token → RECOVERY (the user has a recovery question) or straight to
 * PASSWORD_RESET (password) / UNLOCKED (unlock). The token is single-use either way.
 */
export async function verifyRecoveryToken(
  ctx: AuthnContext,
  input: { recoveryToken?: unknown },
): Promise<AuthnResult> {
  if (typeof input.recoveryToken !== 'string') throw oktaErrors.invalidToken();
  const rec = await consumeIdentityToken<{ recoveryType: RecoveryType; relayState?: string }>(
    ctx.db,
    ctx.tenant.id,
    'recovery',
    input.recoveryToken,
  );
  if (!rec?.userId) throw oktaErrors.invalidToken();
  const user = await findIdentityUserById(ctx.db, ctx.tenant.id, rec.userId);
  if (!user) throw oktaErrors.invalidToken();
  const recoveryType = rec.data.recoveryType === 'UNLOCK' ? 'UNLOCK' : 'PASSWORD';
  const { relayState } = rec.data;
  if (await findRecoveryQuestion(ctx.db, ctx.tenant.id, user.id))
    return newTransaction(ctx, user, { status: 'RECOVERY', recoveryType, relayState });
  if (recoveryType === 'UNLOCK') return unlocked(ctx, user, relayState);
  return newTransaction(ctx, user, { status: 'PASSWORD_RESET', recoveryType: 'PASSWORD', relayState });
}

/** UNLOCKED: the account is unlocked and the user's other recovery links die; they sign in again. */
export async function unlocked(
  ctx: AuthnContext,
  user: IdentityUser,
  relayState?: string,
): Promise<{ body: UnlockedTransaction }> {
  await unlockIdentityUser(ctx.db, ctx.tenant.id, user.id);
  await consumeUserTokens(ctx.db, ctx.tenant.id, user.id, 'recovery');
  return {
    body: {
      status: 'UNLOCKED',
      recoveryType: 'UNLOCK',
      relayState: relayState ?? null,
      _embedded: { user: presentUser(user) },
      _links: {},
    },
  };
}
