import { useOktaAuth } from '@okta/okta-react';
import { useMemo } from 'react';

/**
 * The claims of an access token (a JWT): its payload read, not verified. The SDK's token storage keeps the
 * token itself, not its decoded claims (so `authState.accessToken.claims` is empty); the servers verify the
 * token on every call, the portal only reads what to show (the user's id, console roles).
 */
export function accessTokenClaims(token: string | undefined): Record<string, unknown> {
  const payload = token?.split('.')[1];
  if (!payload) return {};
  try {
    const binary = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))),
    );
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The signed-in user's access-token claims ({} when signed out). */
export function useAccessTokenClaims(): Record<string, unknown> {
  const token = useOktaAuth()?.authState?.accessToken?.accessToken;
  return useMemo(() => accessTokenClaims(token), [token]);
}
