import { createIdentityToken, type ProvisionedUser, type SqlExecutor } from '@trackwell/db';
import { recoveryLink } from '../identity/authn/recovery.ts';
import { sendSignInMail, signInLanguage } from '../identity/authn/sign-in-mail.ts';
import type { ProvisioningContext } from './context.ts';

/**
 * The activation and reset-password links of the Users API: one-time recovery tokens of the
 * Authentication API, so the link lands on the store's own "set a new password" page (recovery token →
 * [recovery question] → PASSWORD_RESET); setting the password makes a PROVISIONED or RECOVERY user ACTIVE.
 * Okta's activation token lives 7 days, a reset link an hour. The token is written with `db` (the lifecycle's
 * transaction); the e-mail goes out with `mail…`, once that transaction has committed.
 */
const ACTIVATION_TTL_SECONDS = 7 * 24 * 60 * 60;
const RESET_TTL_SECONDS = 60 * 60;

export interface PasswordLink {
  token: string;
  link: string;
}

async function passwordLink(
  db: SqlExecutor,
  ctx: ProvisioningContext,
  user: ProvisionedUser,
  ttlSeconds: number,
): Promise<PasswordLink> {
  const { token } = await createIdentityToken(db, ctx.tenant.id, {
    kind: 'recovery',
    userId: user.id,
    data: { recoveryType: 'PASSWORD' },
    ttlSeconds,
  });
  return { token, link: recoveryLink(ctx.origin, 'PASSWORD', token, signInLanguage(ctx.mail, user)) };
}

export const activationLink = (db: SqlExecutor, ctx: ProvisioningContext, user: ProvisionedUser) =>
  passwordLink(db, ctx, user, ACTIVATION_TTL_SECONDS);

export const resetPasswordLink = (db: SqlExecutor, ctx: ProvisioningContext, user: ProvisionedUser) =>
  passwordLink(db, ctx, user, RESET_TTL_SECONDS);

/** E-mails an activation link (unless `send` is false) and answers it as Okta does. */
export async function mailActivation(
  ctx: ProvisioningContext,
  user: ProvisionedUser,
  { token, link }: PasswordLink,
  send = true,
) {
  if (send) await sendSignInMail(ctx.mail, user, { kind: 'activate', link, token });
  return { activationUrl: link, activationToken: token };
}

/** E-mails a reset-password link (unless `send` is false) and answers it as Okta does. */
export async function mailResetPassword(
  ctx: ProvisioningContext,
  user: ProvisionedUser,
  { token, link }: PasswordLink,
  send = true,
) {
  if (send) await sendSignInMail(ctx.mail, user, { kind: 'reset', link, token });
  return { resetPasswordUrl: link };
}

/** Makes an activation link and e-mails it unless `send` is false. */
export async function sendActivationMail(ctx: ProvisioningContext, user: ProvisionedUser, send = true) {
  return mailActivation(ctx, user, await activationLink(ctx.db, ctx, user), send);
}
