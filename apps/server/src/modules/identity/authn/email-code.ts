import { timingSafeEqual } from 'node:crypto';
import { type IdentityFactor, sha256 } from '@trackwell/db';
import { oktaErrors } from '../okta-errors.ts';
import { newOneTimeCode, ONE_TIME_CODE_TTL_SECONDS } from '../one-time-code.ts';
import type { AuthnContext, AuthnResult, LoadedTransaction, TransactionData } from './authn-context.ts';
import { sendSignInMail } from './sign-in-mail.ts';
import { presentAs, saveTransaction } from './transaction.ts';

/**
 * The e-mail factor (Okta Authentication API: Verify Email Factor): a six-digit code, e-mailed, valid for
 * 5 minutes; the transaction keeps only its hash. Five wrong codes end that code (a new one must be sent).
 */

const MAX_CODE_ATTEMPTS = 5;

const codeHash = (code: string) => sha256(`otp:${code}`);
/** What is kept of an e-mailed code (self-registration keeps its code the same way). */
export const oneTimeCodeHash = codeHash;

const safeEqual = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Whether `passCode` is the code whose hash was kept (none kept: never). */
export const emailCodeMatchesHash = (hash: string | null | undefined, passCode: string) =>
  !!hash && safeEqual(codeHash(passCode), hash);

/** Whether `passCode` is the code last e-mailed in this transaction. */
export const emailCodeMatches = (data: TransactionData, passCode: string) =>
  emailCodeMatchesHash(data.otpHash, passCode);

/**
 * E-mails a new code and moves the transaction to `next` (default: MFA_CHALLENGE of this factor), which
 * then holds the code's hash in place of any earlier code or push.
 */
export async function sendEmailCode(
  ctx: AuthnContext,
  tx: LoadedTransaction,
  factor: IdentityFactor,
  next: TransactionData = { ...tx.data, status: 'MFA_CHALLENGE' },
): Promise<AuthnResult> {
  const code = newOneTimeCode();
  const data: TransactionData = { ...next, factorId: factor.id, otpHash: codeHash(code), otpAttempts: 0 };
  delete data.pushHash;
  await saveTransaction(ctx, tx, data);
  await sendSignInMail(ctx, tx.user, { kind: 'code', code, minutes: ONE_TIME_CODE_TTL_SECONDS / 60 });
  return presentAs(ctx, tx, data);
}

/** Checks a code typed during a challenge; a wrong one counts (and is Okta's 403 E0000068). */
export async function checkEmailCode(ctx: AuthnContext, tx: LoadedTransaction, passCode: string) {
  const attempts = (tx.data.otpAttempts ?? 0) + 1;
  if (attempts > MAX_CODE_ATTEMPTS) throw oktaErrors.invalidPasscode();
  if (!emailCodeMatches(tx.data, passCode)) {
    await saveTransaction(ctx, tx, { ...tx.data, otpAttempts: attempts });
    throw oktaErrors.invalidPasscode();
  }
}
