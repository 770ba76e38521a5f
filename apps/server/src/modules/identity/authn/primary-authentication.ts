import { maySignIn } from '@trackwell/contracts';
import {
  dummyPasswordHash,
  findIdentityUserByLogin,
  hashPassword,
  needsRehash,
  recordFailedPassword,
  replacePasswordHash,
  resetFailedPasswords,
  sha256,
  verifyPassword,
} from '@trackwell/db';
import { oktaErrors } from '../okta-errors.ts';
import { limitAttempts } from './attempt-limits.ts';
import type { AuthnContext, AuthnResult } from './authn-context.ts';
import { startPasskeySignIn } from './passkey-sign-in.ts';
import { afterPassword, lockedOut } from './sign-in-outcome.ts';
import { currentState } from './transaction-steps.ts';

export interface PrimaryAuthInput {
  username?: unknown;
  password?: unknown;
  stateToken?: unknown;
  relayState?: unknown;
}

/** The longest relayState kept (Okta returns it unchanged; a longer one is cut, not refused). */
const RELAY_STATE_MAX = 2048;

/**
 * POST /api/v1/authn (Okta Authentication API: Primary Authentication), or with a stateToken the
 * transaction's current state. An unknown user costs the same time as a wrong password and gets the same
 * 401 E0000004; wrong passwords count towards the lockout (LOCKED_OUT). The right password of an account that
 * an administrator deactivated or suspended gets E0000004 with the cause "The account is not active."
 * Limited per IP and per login.
 */
export async function authenticate(ctx: AuthnContext, input: PrimaryAuthInput): Promise<AuthnResult> {
  if (input.stateToken !== undefined) return currentState(ctx, input.stateToken);
  const relayState =
    typeof input.relayState === 'string' ? input.relayState.slice(0, RELAY_STATE_MAX) : undefined;
  // A username without a password: a sign-in with a passkey (Okta's webauthn factor, passkey-sign-in.ts).
  if (typeof input.username === 'string' && input.username && input.password === undefined)
    return startPasskeySignIn(ctx, input.username, relayState);
  if (typeof input.username !== 'string' || typeof input.password !== 'string' || !input.username)
    throw oktaErrors.authenticationFailed();
  await limitAttempts(ctx, `ip:${ctx.ip}`, ctx.rateLimitPerIp);
  await limitAttempts(ctx, `login:${sha256(input.username.trim().toLowerCase())}`, ctx.rateLimitPerUser);
  const user = await findIdentityUserByLogin(ctx.db, ctx.tenant.id, input.username);
  if (!user?.passwordHash) {
    await verifyPassword(input.password, await dummyPasswordHash()); // same time as a real check
    throw oktaErrors.authenticationFailed();
  }
  // A deactivated or locked (suspended) account is said to be one only to whoever knows its
  // password; a wrong password gets the plain refusal and does not count towards a lockout.
  if (!maySignIn(user.status)) {
    const right = await verifyPassword(input.password, user.passwordHash);
    const ended = user.status === 'DEPROVISIONED' || user.status === 'SUSPENDED';
    throw right && ended ? oktaErrors.accountNotActive() : oktaErrors.authenticationFailed();
  }
  if (user.status === 'LOCKED_OUT') return lockedOut(ctx);
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    const { locked } = await recordFailedPassword(ctx.db, ctx.tenant.id, user.id, ctx.lockoutThreshold);
    if (locked) return lockedOut(ctx);
    throw oktaErrors.authenticationFailed();
  }
  await resetFailedPasswords(ctx.db, ctx.tenant.id, user.id);
  if (needsRehash(user.passwordHash))
    await replacePasswordHash(ctx.db, ctx.tenant.id, user.id, await hashPassword(input.password));
  return afterPassword(ctx, user, relayState);
}
