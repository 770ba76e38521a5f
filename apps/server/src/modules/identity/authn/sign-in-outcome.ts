import { AUTHN_PATHS, type LockedOutTransaction } from '@trackwell/contracts';
import {
  createIdentityToken,
  findIdentityToken,
  type IdentityUser,
  listIdentityFactors,
  recordSignIn,
} from '@trackwell/db';
import type { AuthnContext, AuthnResult } from './authn-context.ts';
import { postLink } from './links.ts';
import { presentUser } from './present-parts.ts';
import { newTransaction } from './transaction.ts';

/**
 * Where a sign-in goes once a step is passed: password → PASSWORD_EXPIRED | MFA_REQUIRED | MFA_ENROLL, then
 * PASSWORD_WARN, then SUCCESS with a one-time 2-minute sessionToken (Okta Authentication API: Transaction
 * State). A remembered device skips the second factor.
 */

export const SESSION_TOKEN_TTL_SECONDS = 120;
export const DEVICE_TTL_SECONDS = 30 * 24 * 60 * 60;

const isPast = (at: Date | null | undefined) => !!at && at.getTime() <= Date.now();

/** After the password step: MFA if the user has factors (and this device is not remembered), then warn, then SUCCESS. */
export async function afterPassword(
  ctx: AuthnContext,
  user: IdentityUser,
  relayState?: string,
): Promise<AuthnResult> {
  if (isPast(user.passwordExpiresAt))
    return newTransaction(ctx, user, { status: 'PASSWORD_EXPIRED', relayState });
  const factors = (await listIdentityFactors(ctx.db, ctx.tenant.id, user.id)).filter(
    (f) => f.status === 'ACTIVE',
  );
  if (factors.length > 0 && !(await deviceRemembered(ctx, user))) {
    return newTransaction(ctx, user, { status: 'MFA_REQUIRED', relayState });
  }
  if (factors.length === 0 && user.mfaRequired)
    return newTransaction(ctx, user, { status: 'MFA_ENROLL', relayState });
  return afterMfa(ctx, user, factors.length > 0 ? ['pwd', 'mfa'] : ['pwd'], relayState);
}

export async function afterMfa(ctx: AuthnContext, user: IdentityUser, amr: string[], relayState?: string) {
  if (isPast(user.passwordWarnAt)) return newTransaction(ctx, user, { status: 'PASSWORD_WARN', relayState });
  return success(ctx, user, amr, relayState);
}

/**
 * SUCCESS: a one-time sessionToken (exchanged at /v1/authorize or /login/sessionCookieRedirect). The sign-in
 * is complete here, so this is the user's `lastLogin` (the Users API).
 */
export async function success(
  ctx: AuthnContext,
  user: IdentityUser,
  amr: string[],
  relayState?: string,
): Promise<AuthnResult> {
  const { token, expiresAt } = await createIdentityToken(ctx.db, ctx.tenant.id, {
    kind: 'session',
    userId: user.id,
    data: { amr },
    ttlSeconds: SESSION_TOKEN_TTL_SECONDS,
  });
  await recordSignIn(ctx.db, ctx.tenant.id, user.id);
  return {
    body: {
      expiresAt: expiresAt.toISOString(),
      status: 'SUCCESS',
      relayState: relayState ?? null,
      sessionToken: token,
      _embedded: { user: presentUser(user) },
      _links: { cancel: postLink(`${ctx.origin}${AUTHN_PATHS.cancel}`) },
    },
  };
}

/** LOCKED_OUT: the next step is an unlock e-mail (Okta Authentication API: Unlock Account). */
export const lockedOut = (ctx: AuthnContext): { body: LockedOutTransaction } => ({
  body: {
    status: 'LOCKED_OUT',
    _embedded: {},
    _links: {
      next: postLink(`${ctx.origin}${AUTHN_PATHS.unlockAccount}`, 'unlock'),
      cancel: postLink(`${ctx.origin}${AUTHN_PATHS.cancel}`),
    },
  },
});

async function deviceRemembered(ctx: AuthnContext, user: IdentityUser) {
  if (!ctx.deviceToken) return false;
  const t = await findIdentityToken(ctx.db, ctx.tenant.id, 'device', ctx.deviceToken);
  return t?.userId === user.id;
}

/** A remember-device token for the browser's cookie: the second factor is skipped there for 30 days. */
export async function rememberDevice(ctx: AuthnContext, user: IdentityUser) {
  const { token } = await createIdentityToken(ctx.db, ctx.tenant.id, {
    kind: 'device',
    userId: user.id,
    ttlSeconds: DEVICE_TTL_SECONDS,
  });
  return token;
}
