import { readUserToken, signUserToken } from '../../http/signed-user-token.ts';

/**
 * The one-click unsubscribe token of a notification e-mail: `<userId>.<expires>.<mac>`, where mac is
 * HMAC-SHA256(NOTIFICATIONS_SECRET, "unsubscribe:v1:<tenantId>:<userId>:<expires>") in base64url. The
 * tenant is inside the MAC, not the token, so a token works only on the host of the tenant it was made
 * for; `expires` (unix seconds) bounds a leaked link's life. Nothing is stored server-side.
 */

const signed = (tenantId: string) => (userId: string, expires: number) =>
  `unsubscribe:v1:${tenantId}:${userId}:${expires}`;

export function signUnsubscribeToken(
  secret: string,
  tenantId: string,
  userId: string,
  expiresAt: Date,
): string {
  return signUserToken(secret, signed(tenantId), userId, Math.floor(expiresAt.getTime() / 1000));
}

/** The user id when the token is genuine, for this tenant and not expired; otherwise undefined. */
export function verifyUnsubscribeToken(
  secrets: readonly string[],
  tenantId: string,
  token: string,
  now = new Date(),
): string | undefined {
  const read = readUserToken(secrets, signed(tenantId), token);
  if (!read || read.seconds * 1000 < now.getTime()) return undefined;
  return read.userId;
}
