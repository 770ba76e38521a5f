import { readUserToken, signUserToken } from '../../http/signed-user-token.ts';

/**
 * The token of an invitation's e-mailed link: `<invitationId>.<expires>.<mac>`, where mac is
 * HMAC-SHA256(NOTIFICATIONS_SECRET, "organisation-invite:v1:<tenantId>:<invitationId>:<expires>"). The store
 * is inside the MAC, so a link works only on its own store's host; the invitation row decides the rest (it
 * must still be open: not accepted, not revoked, not expired).
 */

const signed = (tenantId: string) => (invitationId: string, expires: number) =>
  `organisation-invite:v1:${tenantId}:${invitationId}:${expires}`;

export function signInvitationToken(secret: string, tenantId: string, invitationId: string, expiresAt: Date) {
  return signUserToken(secret, signed(tenantId), invitationId, Math.floor(expiresAt.getTime() / 1000));
}

/** The invitation id when the token is genuine, for this store and not expired; otherwise undefined. */
export function verifyInvitationToken(
  secrets: readonly string[],
  tenantId: string,
  token: string,
  now = new Date(),
): string | undefined {
  const read = readUserToken(secrets, signed(tenantId), token);
  if (!read || read.seconds * 1000 < now.getTime()) return undefined;
  return read.userId;
}
