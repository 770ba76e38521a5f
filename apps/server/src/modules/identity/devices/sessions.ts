import type { AccountSession } from '@trackwell/contracts';
import { deleteSessionDevice, findSessionOfToken, listSessionDevices } from '@trackwell/db';
import type { MyAccountCaller } from '../myaccount/caller.ts';
import { oktaErrors } from '../okta-errors.ts';
import { describeUserAgent } from './user-agent.ts';

/**
 * The caller's signed-in devices, and signing them out. Always the caller's own sessions of this
 * store: another user's (or store's) session id is 404. Signing a session out deletes it and its grants
 * (refresh tokens) and puts the access tokens issued in it on the revocation list every verifier checks, so
 * that device's next API call is refused; the caller's other sessions and tokens are untouched.
 */

/** The session of the caller's own access token (undefined: not recorded, e.g. issued before migration 0020). */
const currentSessionOf = (c: MyAccountCaller) =>
  findSessionOfToken(c.db, c.tenant.id, c.user.id, c.claims.jti);

export async function listAccountSessions(c: MyAccountCaller): Promise<AccountSession[]> {
  const [devices, current] = await Promise.all([
    listSessionDevices(c.db, c.tenant.id, c.user.id),
    currentSessionOf(c),
  ]);
  return devices.map((d) => ({
    id: d.uid,
    ...describeUserAgent(d.userAgent),
    ipAddress: d.ipAddress,
    signedInAt: d.signedInAt.toISOString(),
    lastActiveAt: d.lastActiveAt.toISOString(),
    current: d.uid === current,
  }));
}

async function endSession(c: MyAccountCaller, sessionUid: string): Promise<boolean> {
  const tokens = await c.db.transaction((tx) => deleteSessionDevice(tx, c.tenant.id, c.user.id, sessionUid));
  if (!tokens) return false;
  for (const t of tokens)
    await c.revocations.revokeToken(c.tenant.id, {
      jti: t.jti,
      exp: Math.ceil(t.expiresAt.getTime() / 1000),
    });
  return true;
}

/** Signs out one of the caller's other sessions; 404 when it is not theirs, 400 for their own. */
export async function signOutSession(c: MyAccountCaller, sessionUid: string): Promise<void> {
  if (sessionUid === (await currentSessionOf(c)))
    throw oktaErrors.validation('id: this is the session you are using; sign out instead');
  if (!(await endSession(c, sessionUid))) throw oktaErrors.notFound(`${sessionUid} (Session)`);
}

/** "Sign out everywhere else": every session of the caller but the one of the calling token. */
export async function signOutOtherSessions(c: MyAccountCaller): Promise<{ signedOut: number }> {
  const current = await currentSessionOf(c);
  const others = (await listSessionDevices(c.db, c.tenant.id, c.user.id)).filter((d) => d.uid !== current);
  let signedOut = 0;
  for (const d of others) if (await endSession(c, d.uid)) signedOut += 1;
  return { signedOut };
}
