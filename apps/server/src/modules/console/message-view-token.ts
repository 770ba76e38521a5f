import { readUserToken, signUserToken } from '../../http/signed-user-token.ts';

/**
 * The `view` token of a delivery's message.html URL ("open an e-mail exactly as it was sent").
 *
 * Why a token at all: the console shows the e-mail's HTML in a sandboxed frame whose `src` is that URL, so
 * the page gets its own CSP (the e-mail's inline styles and images allowed, no script) instead of inheriting
 * the portal's, as a `srcdoc` or `blob:` document would (Chromium refuses the e-mail's <style> in both). A
 * frame's request cannot carry the console's bearer token, so the authorised message route hands out this
 * short-lived capability instead: `<userId>.<issuedAt>.<mac>`, where mac is
 * HMAC-SHA256(NOTIFICATIONS_SECRET, JSON ["console-message-view:v1", hostTenantId, storeCode, deliveryId,
 * userId, issuedAt]) in base64url (its own prefix, so it never passes for an unsubscribe token made with the
 * same secret; JSON, so no two scopes write the same text).
 * It names one user of the host's tenant, one store, one delivery and a time: it opens that e-mail only, on
 * that host, for MESSAGE_VIEW_SECONDS. It does not replace authorisation: the user's console roles are read
 * again on the call, and a sign-out or deactivation after `issuedAt` refuses it (the revocation list).
 * Nothing is stored server-side.
 */

/** How long a message.html link works (the frame loads it at once; a reopened e-mail gets a new one). */
export const MESSAGE_VIEW_SECONDS = 600;

export interface MessageViewScope {
  /** The tenant of the request's host (the user's tenant, which issued their bearer token). */
  hostTenantId: string;
  /** The store named by the route's `:code`. */
  storeCode: string;
  deliveryId: string;
}

const signed = (scope: MessageViewScope) => (userId: string, issuedAt: number) =>
  JSON.stringify([
    'console-message-view:v1',
    scope.hostTenantId,
    scope.storeCode,
    scope.deliveryId,
    userId,
    issuedAt,
  ]);

export function signMessageViewToken(
  secret: string,
  scope: MessageViewScope,
  userId: string,
  now = new Date(),
): { token: string; expiresAt: Date } {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return {
    token: signUserToken(secret, signed(scope), userId, issuedAt),
    expiresAt: new Date((issuedAt + MESSAGE_VIEW_SECONDS) * 1000),
  };
}

/**
 * The user id and issue time when the token is genuine for this scope and neither expired nor issued in the
 * future (beyond a minute of clock difference between processes); otherwise undefined.
 */
export function verifyMessageViewToken(
  secrets: readonly string[],
  scope: MessageViewScope,
  token: string,
  now = new Date(),
): { userId: string; issuedAt: number } | undefined {
  const read = readUserToken(secrets, signed(scope), token);
  if (!read) return undefined;
  const nowSeconds = now.getTime() / 1000;
  if (read.seconds + MESSAGE_VIEW_SECONDS < nowSeconds || read.seconds > nowSeconds + 60) return undefined;
  return { userId: read.userId, issuedAt: read.seconds };
}
