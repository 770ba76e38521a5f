import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tokens of the form `<userId>.<seconds>.<mac>` that links carry instead of a session (the one-click
 * unsubscribe, the console's message.html view): `seconds` is a unix time the caller gives a meaning to
 * (an expiry, an issue time), and mac is HMAC-SHA256(secret, `signed(userId, seconds)`) in base64url. What
 * is signed — a purpose prefix, the tenant, the scope — is the caller's, so a token made for one purpose
 * never passes for another. Nothing is stored server-side. Tokens are signed with one secret and read with a
 * list, so a secret can be rotated (config/secret-rotation.ts).
 */
export type SignedText = (userId: string, seconds: number) => string;

const macOf = (secret: string, signed: SignedText, userId: string, seconds: number) =>
  createHmac('sha256', secret).update(signed(userId, seconds)).digest('base64url');

export function signUserToken(secret: string, signed: SignedText, userId: string, seconds: number): string {
  return `${userId}.${seconds}.${macOf(secret, signed, userId, seconds)}`;
}

/**
 * The user id and time of a well-formed token whose MAC is genuine under one of `secrets` (the current secret
 * first, then the previous ones a rotation still accepts; each compared in constant time); else undefined.
 */
export function readUserToken(
  secrets: readonly string[],
  signed: SignedText,
  token: string,
): { userId: string; seconds: number } | undefined {
  const match = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, userId, secondsText, given] = match as unknown as [string, string, string, string];
  const seconds = Number(secondsText);
  const actual = Buffer.from(given);
  const genuine = secrets.some((secret) => {
    const expected = Buffer.from(macOf(secret, signed, userId, seconds));
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  });
  return genuine ? { userId, seconds } : undefined;
}
