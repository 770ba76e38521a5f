import type { CancelledTransaction } from '@trackwell/contracts';
import { oktaErrors } from '../okta-errors.ts';
import type { AuthnContext, AuthnResult } from './authn-context.ts';
import { success } from './sign-in-outcome.ts';
import { endTransaction, loadTransaction, moveTransaction, presentAs } from './transaction.ts';

/** The steps every pending transaction offers (Okta Authentication API: Get / Cancel / Previous / Skip). */

/** POST /api/v1/authn/introspect, or /api/v1/authn with a stateToken: the transaction as it stands. */
export async function currentState(ctx: AuthnContext, stateToken: unknown): Promise<AuthnResult> {
  const tx = await loadTransaction(ctx, stateToken);
  return presentAs(ctx, tx, tx.data);
}

/** POST /api/v1/authn/cancel: the transaction ends; the answer is its relayState. */
export async function cancel(
  ctx: AuthnContext,
  stateToken: unknown,
): Promise<AuthnResult<CancelledTransaction>> {
  const tx = await loadTransaction(ctx, stateToken);
  await endTransaction(ctx, tx);
  return { body: { relayState: tx.data.relayState ?? null } };
}

/** POST /api/v1/authn/previous: from a challenge back to the factor choice, from activation back to enrolment. */
export async function previous(ctx: AuthnContext, stateToken: unknown): Promise<AuthnResult> {
  const tx = await loadTransaction(ctx, stateToken);
  const { relayState, passwordless, decoy } = tx.data;
  if (tx.data.status === 'MFA_ENROLL_ACTIVATE')
    return moveTransaction(ctx, tx, { status: 'MFA_ENROLL', relayState });
  if (tx.data.status === 'MFA_CHALLENGE')
    return moveTransaction(ctx, tx, { status: 'MFA_REQUIRED', relayState, passwordless, decoy });
  return presentAs(ctx, tx, tx.data);
}

/** POST /api/v1/authn/skip: PASSWORD_WARN → SUCCESS without changing the password. */
export async function skip(ctx: AuthnContext, stateToken: unknown): Promise<AuthnResult> {
  const tx = await loadTransaction(ctx, stateToken);
  if (tx.data.status !== 'PASSWORD_WARN') throw oktaErrors.invalidToken();
  await endTransaction(ctx, tx);
  return success(ctx, tx.user, ['pwd'], tx.data.relayState);
}
