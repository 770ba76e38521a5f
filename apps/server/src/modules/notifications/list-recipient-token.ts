import { readUserToken, signUserToken } from '../../http/signed-user-token.ts';

/**
 * The one-click unsubscribe token of an organisation list's outside recipient: `<recipientId>.<expires>.<mac>`,
 * mac = HMAC-SHA256(NOTIFICATIONS_SECRET, "list-recipient-unsubscribe:v1:<tenantId>:<recipientId>:<expires>").
 * Its own purpose prefix, so a user's unsubscribe token never passes for it (nor this for that); the
 * tenant inside the MAC, so it works only on its store's host. Nothing is stored server-side.
 */

const signed = (tenantId: string) => (recipientId: string, expires: number) =>
  `list-recipient-unsubscribe:v1:${tenantId}:${recipientId}:${expires}`;

export function signListRecipientToken(
  secret: string,
  tenantId: string,
  recipientId: string,
  expiresAt: Date,
): string {
  return signUserToken(secret, signed(tenantId), recipientId, Math.floor(expiresAt.getTime() / 1000));
}

/** The recipient id when the token is genuine, for this tenant and not expired; otherwise undefined. */
export function verifyListRecipientToken(
  secrets: readonly string[],
  tenantId: string,
  token: string,
  now = new Date(),
): string | undefined {
  const read = readUserToken(secrets, signed(tenantId), token);
  if (!read || read.seconds * 1000 < now.getTime()) return undefined;
  return read.userId;
}
