import { type DatabaseHandle, recordSessionToken } from '@trackwell/db';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { requestIpOf } from './request-ip.ts';

/**
 * Each access token issued in a browser session is recorded with the session (the device's
 * user agent and IP address on the first, last activity on each), so the account area lists the devices and
 * signing one out revokes exactly its tokens. Called from the access token's JWT customizer.
 */
export async function recordIssuedAccessToken(
  db: DatabaseHandle,
  tenantId: string,
  ctx: KoaContextWithOIDC,
  token: { sessionUid?: string | undefined; accountId: string },
  payload: { jti?: unknown; exp?: unknown },
): Promise<void> {
  if (!token.sessionUid || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return;
  await recordSessionToken(db, tenantId, {
    sessionUid: token.sessionUid,
    userId: token.accountId,
    jti: payload.jti,
    expiresAt: new Date(payload.exp * 1000),
    userAgent: String(ctx.get('user-agent') ?? ''),
    ipAddress: requestIpOf(ctx.req),
  });
}
