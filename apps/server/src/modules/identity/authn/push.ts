import { pushApprovalPath } from '@trackwell/contracts';
import {
  consumeIdentityToken,
  createIdentityToken,
  findIdentityToken,
  findIdentityTokenByHash,
  type IdentityFactor,
  identityTokenHash,
  updateIdentityTokenData,
} from '@trackwell/db';
import { ONE_TIME_CODE_TTL_SECONDS } from '../one-time-code.ts';
import type { AuthnContext, AuthnResult, LoadedTransaction, TransactionData } from './authn-context.ts';
import { sendSignInMail, signInLanguage, withLanguage } from './sign-in-mail.ts';
import { presentAs, saveTransaction } from './transaction.ts';

/**
 * The push factor, delivered by e-mail (Okta Authentication API: Verify Push Factor, polled with
 * `factorResult`): the e-mail links to an approval page (push-page-routes.ts) whose form decides; the
 * transaction keeps only the push token's hash and reads the decision on each poll.
 */

type Decision = 'approved' | 'rejected';

/** E-mails a new approval link: the transaction waits for it (MFA_CHALLENGE, factorResult WAITING). */
export async function sendPush(
  ctx: AuthnContext,
  tx: LoadedTransaction,
  factor: IdentityFactor,
): Promise<AuthnResult> {
  const language = signInLanguage(ctx, tx.user);
  const { token } = await createIdentityToken(ctx.db, ctx.tenant.id, {
    kind: 'push',
    userId: tx.user.id,
    data: { ip: ctx.ip, at: new Date().toISOString(), language },
    ttlSeconds: ONE_TIME_CODE_TTL_SECONDS,
  });
  const data: TransactionData = {
    ...tx.data,
    status: 'MFA_CHALLENGE',
    factorId: factor.id,
    pushHash: identityTokenHash('push', token),
    factorResult: 'WAITING',
  };
  delete data.otpHash;
  await saveTransaction(ctx, tx, data);
  const link = withLanguage(`${ctx.origin}${pushApprovalPath(token)}`, language);
  await sendSignInMail(ctx, tx.user, {
    kind: 'push',
    ip: ctx.ip,
    link,
    minutes: ONE_TIME_CODE_TTL_SECONDS / 60,
  });
  return presentAs(ctx, tx, data);
}

/** What a poll finds: approved, or Okta's factorResult (REJECTED, TIMEOUT once expired, else WAITING). */
export async function pushResult(ctx: AuthnContext, pushHash: string) {
  const push = await findIdentityTokenByHash<{ decision?: Decision }>(ctx.db, ctx.tenant.id, pushHash);
  const decision = push?.data.decision;
  if (decision === 'approved') return 'APPROVED' as const;
  if (decision === 'rejected') return 'REJECTED' as const;
  return !push || push.expiresAt.getTime() < Date.now() ? ('TIMEOUT' as const) : ('WAITING' as const);
}

/** The approval page's form: approve or deny, once (a form POST, so link scanners that only GET decide nothing). */
export async function decidePush(ctx: AuthnContext, pushToken: string, decision: Decision) {
  const push = await findIdentityToken(ctx.db, ctx.tenant.id, 'push', pushToken);
  if (!push) return false;
  await updateIdentityTokenData(ctx.db, ctx.tenant.id, 'push', pushToken, { ...push.data, decision });
  await consumeIdentityToken(ctx.db, ctx.tenant.id, 'push', pushToken);
  return true;
}

/** The pending push request's language (the one its e-mail was written in), or undefined when none is pending. */
export async function pushPending(ctx: AuthnContext, pushToken: string) {
  const push = await findIdentityToken<{ language?: string }>(ctx.db, ctx.tenant.id, 'push', pushToken);
  return push ? { language: push.data.language } : undefined;
}
