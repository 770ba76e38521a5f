import { createIdentityToken, type ProvisionedUser } from '@trackwell/db';
import { recoveryLink } from '../identity/authn/recovery.ts';
import { sendSignInMail, signInLanguage } from '../identity/authn/sign-in-mail.ts';
import type { ProvisioningContext } from './context.ts';

/**
 * The activation and reset-password links of the Users API (issue 15 §1): one-time recovery tokens of the
 * Authentication API, so the link lands on the store's own "set a new password" page (recovery token →
 * [recovery question] → PASSWORD_RESET); setting the password makes a PROVISIONED or RECOVERY user ACTIVE.
 * Okta's activation token lives 7 days, a reset link an hour.
 */
const ACTIVATION_TTL_SECONDS = 7 * 24 * 60 * 60;
const RESET_TTL_SECONDS = 60 * 60;

async function passwordLink(ctx: ProvisioningContext, user: ProvisionedUser, ttlSeconds: number) {
  const { token } = await createIdentityToken(ctx.db, ctx.tenant.id, {
    kind: 'recovery',
    userId: user.id,
    data: { recoveryType: 'PASSWORD' },
    ttlSeconds,
  });
  return { token, link: recoveryLink(ctx.origin, 'PASSWORD', token, signInLanguage(ctx.mail, user)) };
}

/** Makes an activation link; e-mails it unless `send` is false. */
export async function sendActivationMail(ctx: ProvisioningContext, user: ProvisionedUser, send = true) {
  const { token, link } = await passwordLink(ctx, user, ACTIVATION_TTL_SECONDS);
  if (send) await sendSignInMail(ctx.mail, user, { kind: 'activate', link, token });
  return { activationUrl: link, activationToken: token };
}

/** Makes a reset-password link; e-mails it unless `send` is false. */
export async function sendResetPasswordMail(ctx: ProvisioningContext, user: ProvisionedUser, send = true) {
  const { token, link } = await passwordLink(ctx, user, RESET_TTL_SECONDS);
  if (send) await sendSignInMail(ctx.mail, user, { kind: 'reset', link, token });
  return { resetPasswordUrl: link };
}
