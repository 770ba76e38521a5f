import { activateIdentityFactor, findIdentityFactor, upsertIdentityFactor } from '@trackwell/db';
import { oktaErrors } from '../okta-errors.ts';
import { limitAttempts, sendLimit } from './attempt-limits.ts';
import type { AuthnContext, AuthnResult, TransactionData } from './authn-context.ts';
import { emailCodeMatches, sendEmailCode } from './email-code.ts';
import { ENROLLABLE } from './factor-catalogue.ts';
import { afterMfa } from './sign-in-outcome.ts';
import { newTotpSecret, totpCodeValid } from './totp.ts';
import { endTransaction, loadTransaction, moveTransaction } from './transaction.ts';

/**
 * MFA_ENROLL → MFA_ENROLL_ACTIVATE → SUCCESS (Okta Authentication API: Enroll Factor, Activate Factor): a
 * user who must use a second factor and has none enrols one at sign-in; it stays pending until a code from
 * it (e-mailed, or from the authenticator app) activates it.
 */

/** POST /api/v1/authn/factors: enrol a factor (pending until activated with a code). */
export async function enrollFactor(
  ctx: AuthnContext,
  input: { stateToken?: unknown; factorType?: unknown; provider?: unknown },
): Promise<AuthnResult> {
  const tx = await loadTransaction(ctx, input.stateToken);
  if (tx.data.status !== 'MFA_ENROLL' && tx.data.status !== 'MFA_ENROLL_ACTIVATE')
    throw oktaErrors.invalidToken();
  const choice = ENROLLABLE.find((f) => f.factorType === input.factorType);
  if (!choice) throw oktaErrors.validation('factorType: not an enrollable factor');
  const factor = await upsertIdentityFactor(ctx.db, ctx.tenant.id, tx.user.id, {
    factorType: choice.factorType,
    provider: choice.provider,
    status: 'PENDING_ACTIVATION',
    secret: choice.factorType === 'token:software:totp' ? newTotpSecret() : null,
  });
  if (factor.status === 'ACTIVE') throw oktaErrors.validation('factorType: already enrolled');
  const data: TransactionData = {
    status: 'MFA_ENROLL_ACTIVATE',
    factorId: factor.id,
    relayState: tx.data.relayState,
  };
  if (choice.factorType === 'email') return sendEmailCode(ctx, tx, factor, data);
  return moveTransaction(ctx, tx, data);
}

/** POST /api/v1/authn/factors/:factorId/lifecycle/activate {passCode}: the factor becomes ACTIVE; sign-in goes on. */
export async function activateFactor(
  ctx: AuthnContext,
  factorId: string,
  input: { stateToken?: unknown; passCode?: unknown },
): Promise<AuthnResult> {
  const tx = await loadTransaction(ctx, input.stateToken);
  if (tx.data.status !== 'MFA_ENROLL_ACTIVATE' || tx.data.factorId !== factorId)
    throw oktaErrors.invalidToken();
  await limitAttempts(ctx, `verify:${tx.user.id}`, ctx.rateLimitPerUser);
  const factor = await findIdentityFactor(ctx.db, ctx.tenant.id, tx.user.id, factorId);
  if (!factor) throw oktaErrors.invalidToken();
  const passCode = typeof input.passCode === 'string' ? input.passCode.trim() : '';
  const ok =
    factor.factorType === 'token:software:totp'
      ? totpCodeValid(factor.secret ?? '', tx.user.login, ctx.tenant.config.tenantName, passCode)
      : emailCodeMatches(tx.data, passCode);
  if (!ok) throw oktaErrors.invalidPasscode();
  await activateIdentityFactor(ctx.db, ctx.tenant.id, tx.user.id, factor.id);
  await endTransaction(ctx, tx);
  return afterMfa(ctx, tx.user, ['pwd', 'mfa'], tx.data.relayState);
}

/** POST …/lifecycle/activate/resend: a new e-mail code during enrolment. */
export async function resendActivation(
  ctx: AuthnContext,
  factorId: string,
  stateToken: unknown,
): Promise<AuthnResult> {
  const tx = await loadTransaction(ctx, stateToken);
  if (tx.data.status !== 'MFA_ENROLL_ACTIVATE' || tx.data.factorId !== factorId)
    throw oktaErrors.invalidToken();
  await limitAttempts(ctx, `resend:${tx.user.id}`, sendLimit(ctx));
  const factor = await findIdentityFactor(ctx.db, ctx.tenant.id, tx.user.id, factorId);
  if (factor?.factorType !== 'email') throw oktaErrors.invalidToken();
  return sendEmailCode(ctx, tx, factor, { ...tx.data });
}
