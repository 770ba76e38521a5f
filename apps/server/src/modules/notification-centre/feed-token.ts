import { readUserToken, signUserToken } from '../../http/signed-user-token.ts';

/**
 * The private feed's token: `<userId>.<issuedAt>.<mac>`, mac = HMAC-SHA256(NOTIFICATIONS_SECRET,
 * "notification-feed:v1:<tenantId>:<userId>:<issuedAt>"). The tenant is inside the MAC, so a token works only
 * on its own store's host; `issuedAt` must equal the user's `notification_feeds.issued_at`, so a reset (a new
 * issue time) retires every URL made before. Only the issue time is stored, so the URL can be shown again.
 */

const signed = (tenantId: string) => (userId: string, issuedAt: number) =>
  `notification-feed:v1:${tenantId}:${userId}:${issuedAt}`;

export function signFeedToken(secret: string, tenantId: string, userId: string, issuedAt: number): string {
  return signUserToken(secret, signed(tenantId), userId, issuedAt);
}

/** The user id and issue time of a genuine token of this tenant (its issue time is checked by the caller). */
export function readFeedToken(
  secrets: readonly string[],
  tenantId: string,
  token: string,
): { userId: string; issuedAt: number } | undefined {
  const read = readUserToken(secrets, signed(tenantId), token);
  return read ? { userId: read.userId, issuedAt: read.seconds } : undefined;
}
