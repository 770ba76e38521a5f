import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one-click unsubscribe token of a notification e-mail: `<userId>.<expires>.<mac>`, where mac is
 * HMAC-SHA256(NOTIFICATIONS_SECRET, "unsubscribe:v1:<tenantId>:<userId>:<expires>") in base64url. The
 * tenant is inside the MAC, not the token, so a token works only on the host of the tenant it was made
 * for; `expires` (unix seconds) bounds a leaked link's life. Nothing is stored server-side.
 */

const mac = (secret: string, tenantId: string, userId: string, expires: number) =>
  createHmac('sha256', secret).update(`unsubscribe:v1:${tenantId}:${userId}:${expires}`).digest('base64url');

export function signUnsubscribeToken(
  secret: string,
  tenantId: string,
  userId: string,
  expiresAt: Date,
): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${userId}.${expires}.${mac(secret, tenantId, userId, expires)}`;
}

/** The user id when the token is genuine, for this tenant and not expired; otherwise undefined. */
export function verifyUnsubscribeToken(
  secret: string,
  tenantId: string,
  token: string,
  now = new Date(),
): string | undefined {
  const match = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, userId, expiresText, given] = match as unknown as [string, string, string, string];
  const expires = Number(expiresText);
  const expected = Buffer.from(mac(secret, tenantId, userId, expires));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
  if (expires * 1000 < now.getTime()) return undefined;
  return userId;
}
