import { readUserToken, signUserToken } from '../../http/signed-user-token.ts';

/**
 * The change e-mail's "Track <new> instead" token: `<userId>.<expires>.<mac>`, where mac is
 * HMAC-SHA256(NOTIFICATIONS_SECRET, "follow-successor:v1:<tenantId>:<eventId>:<userId>:<expires>"). The
 * tenant and the event are inside the MAC, so the token works only on its store's host and for its
 * replacement; it never passes for an unsubscribe token (another purpose prefix). Nothing is stored.
 */

const signed = (tenantId: string, eventId: number) => (userId: string, expires: number) =>
  `follow-successor:v1:${tenantId}:${eventId}:${userId}:${expires}`;

export function signFollowSuccessorToken(
  secret: string,
  target: { tenantId: string; eventId: number; userId: string },
  expiresAt: Date,
): string {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  return signUserToken(secret, signed(target.tenantId, target.eventId), target.userId, seconds);
}

/** The user id when the token is genuine, for this store and event and not expired; otherwise undefined. */
export function verifyFollowSuccessorToken(
  secrets: readonly string[],
  tenantId: string,
  eventId: number,
  token: string,
  now = new Date(),
): string | undefined {
  const read = readUserToken(secrets, signed(tenantId, eventId), token);
  if (!read || read.seconds * 1000 < now.getTime()) return undefined;
  return read.userId;
}
