import {
  consumeUserTokens,
  findRecoveryQuestion,
  normaliseRecoveryAnswer,
  recordFailedPassword,
  verifyPassword,
} from '@trackwell/db';
import { oktaErrors } from '../okta-errors.ts';
import { limitAttempts } from './attempt-limits.ts';
import type { AuthnContext, AuthnResult } from './authn-context.ts';
import { unlocked } from './recovery.ts';
import { endTransaction, loadTransaction, moveTransaction, saveTransaction } from './transaction.ts';

/** The longest answer compared (a longer one is cut, not refused). */
const ANSWER_MAX = 1024;

/**
 * RECOVERY → answer (POST /recovery/answer {stateToken, answer}; Okta Authentication API: Answer Recovery
 * Question): Okta's case-insensitive comparison of the trimmed answer. Right: PASSWORD_RESET (password
 * recovery) or UNLOCKED (unlock). Wrong: 403 E0000087 and the transaction stays usable; each wrong answer
 * also counts as a failed sign-in towards the lockout threshold. After `lockoutThreshold` wrong answers in
 * one transaction, or when a wrong answer locks the account, the transaction and the user's outstanding
 * recovery tokens end (next call: E0000011), so the answer cannot be guessed without a fresh e-mailed link
 * each time.
 */
export async function answerRecoveryQuestion(
  ctx: AuthnContext,
  input: { stateToken?: unknown; answer?: unknown },
): Promise<AuthnResult> {
  const tx = await loadTransaction(ctx, input.stateToken);
  if (tx.data.status !== 'RECOVERY') throw oktaErrors.invalidToken();
  if (typeof input.answer !== 'string' || !input.answer.trim())
    throw oktaErrors.validation('answer: The field cannot be left blank');
  await limitAttempts(ctx, `answer:${tx.user.id}`, ctx.rateLimitPerUser);
  const question = await findRecoveryQuestion(ctx.db, ctx.tenant.id, tx.user.id);
  if (!question) throw oktaErrors.invalidToken();
  const answer = normaliseRecoveryAnswer(input.answer.slice(0, ANSWER_MAX));
  if (!(await verifyPassword(answer, question.answerHash))) {
    const attempts = (tx.data.answerAttempts ?? 0) + 1;
    const { locked } = await recordFailedPassword(ctx.db, ctx.tenant.id, tx.user.id, ctx.lockoutThreshold);
    const newlyLocked = locked && tx.user.status !== 'LOCKED_OUT';
    if (attempts >= ctx.lockoutThreshold || newlyLocked) {
      await endTransaction(ctx, tx);
      await consumeUserTokens(ctx.db, ctx.tenant.id, tx.user.id, 'recovery');
    } else {
      await saveTransaction(ctx, tx, { ...tx.data, answerAttempts: attempts });
    }
    throw oktaErrors.wrongRecoveryAnswer();
  }
  const { relayState } = tx.data;
  if (tx.data.recoveryType === 'UNLOCK') {
    await endTransaction(ctx, tx);
    return unlocked(ctx, tx.user, relayState);
  }
  return moveTransaction(ctx, tx, { status: 'PASSWORD_RESET', recoveryType: 'PASSWORD', relayState });
}
