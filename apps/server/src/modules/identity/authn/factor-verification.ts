import { listIdentityFactors } from '@trackwell/db';
import { oktaErrors } from '../okta-errors.ts';
import { limitAttempts, sendLimit } from './attempt-limits.ts';
import type { AuthnContext, AuthnResult, LoadedTransaction } from './authn-context.ts';
import { checkEmailCode, sendEmailCode } from './email-code.ts';
import { type AssertionInput, verifyPasskey } from './passkey-sign-in.ts';
import { pushResult, sendPush } from './push.ts';
import { afterMfa, rememberDevice } from './sign-in-outcome.ts';
import { totpCodeValid } from './totp.ts';
import { endTransaction, loadTransaction, moveTransaction, presentAs } from './transaction.ts';

/**
 * MFA_REQUIRED ⇄ MFA_CHALLENGE (Okta Authentication API: Verify Factor). The first call for a factor
 * challenges it (e-mails a code or a push; an authenticator app needs nothing sent); a call with the code
 * verifies it; for a push, later calls are the SDK's poll. A verified factor ends the transaction.
 */

export interface VerifyInput extends AssertionInput {
  stateToken?: unknown;
  passCode?: unknown;
}

/** POST /api/v1/authn/factors/:factorId/verify[?rememberDevice=true]. */
export async function verifyFactor(
  ctx: AuthnContext,
  factorId: string,
  input: VerifyInput,
  options: { rememberDevice: boolean },
): Promise<AuthnResult> {
  const tx = await loadTransaction(ctx, input.stateToken);
  if (tx.data.status !== 'MFA_REQUIRED' && tx.data.status !== 'MFA_CHALLENGE')
    throw oktaErrors.invalidToken();
  await limitAttempts(ctx, `verify:${tx.user.id}`, ctx.rateLimitPerUser);
  // A passkey sign-in offers the user's passkeys and nothing else.
  if (tx.data.passwordless) return verifyPasskey(ctx, tx, factorId, input);
  const factor = (await listIdentityFactors(ctx.db, ctx.tenant.id, tx.user.id)).find(
    (f) => f.id === factorId && f.status === 'ACTIVE',
  );
  if (!factor) throw oktaErrors.notFound(`${factorId} (UserFactor)`);
  const switching = tx.data.factorId !== factor.id || tx.data.status !== 'MFA_CHALLENGE';
  const passCode = typeof input.passCode === 'string' ? input.passCode.trim() : undefined;
  const verified = async () => {
    await endTransaction(ctx, tx);
    const result = await afterMfa(ctx, tx.user, ['pwd', 'mfa'], tx.data.relayState);
    if (options.rememberDevice) result.deviceToken = await rememberDevice(ctx, tx.user);
    return result;
  };

  if (factor.factorType === 'token:software:totp') {
    if (!passCode)
      return moveTransaction(ctx, tx, { ...tx.data, status: 'MFA_CHALLENGE', factorId: factor.id });
    if (!totpCodeValid(factor.secret ?? '', tx.user.login, ctx.tenant.config.tenantName, passCode))
      throw oktaErrors.invalidPasscode();
    return verified();
  }
  if (factor.factorType === 'email') {
    if (passCode && !switching && tx.data.otpHash) {
      await checkEmailCode(ctx, tx, passCode);
      return verified();
    }
    if (passCode) throw oktaErrors.invalidPasscode();
    return sendEmailCode(ctx, tx, factor);
  }
  if (switching || !tx.data.pushHash) return sendPush(ctx, tx, factor);
  return pollPush(ctx, tx, tx.data.pushHash, verified);
}

/** A poll of the push factor: approved ends the transaction; a final result is kept; WAITING changes nothing. */
async function pollPush(
  ctx: AuthnContext,
  tx: LoadedTransaction,
  pushHash: string,
  verified: () => Promise<AuthnResult>,
): Promise<AuthnResult> {
  const factorResult = await pushResult(ctx, pushHash);
  if (factorResult === 'APPROVED') return verified();
  const data = { ...tx.data, factorResult };
  return factorResult === 'WAITING' ? presentAs(ctx, tx, data) : moveTransaction(ctx, tx, data);
}

/** POST …/verify/resend: a new code or push for the factor being challenged. */
export async function resendFactor(
  ctx: AuthnContext,
  factorId: string,
  stateToken: unknown,
): Promise<AuthnResult> {
  const tx = await loadTransaction(ctx, stateToken);
  if (tx.data.status !== 'MFA_CHALLENGE' || tx.data.factorId !== factorId) throw oktaErrors.invalidToken();
  await limitAttempts(ctx, `resend:${tx.user.id}`, sendLimit(ctx));
  const factor = (await listIdentityFactors(ctx.db, ctx.tenant.id, tx.user.id)).find(
    (f) => f.id === factorId,
  );
  if (!factor) throw oktaErrors.notFound(`${factorId} (UserFactor)`);
  if (factor.factorType === 'email') return sendEmailCode(ctx, tx, factor);
  if (factor.factorType === 'push') return sendPush(ctx, tx, factor);
  throw oktaErrors.invalidToken();
}
