import type { SqlExecutor } from '../client.ts';

/**
 * A user's signed-in devices (migration 0020). The session itself is oidc-provider's
 * (`identity_oidc_payloads`, model 'Session'); a device row adds the browser's user agent, its IP address and
 * the last activity (a token issued in the session), and the ids of the access tokens issued in it. Every
 * statement names the tenant and the user, so another user's session id matches nothing.
 */

export interface SessionDevice {
  /** The session's uid (oidc-provider's `Session.uid`). */
  uid: string;
  userAgent: string;
  ipAddress: string;
  signedInAt: Date;
  lastActiveAt: Date;
  expiresAt: Date | null;
  /** The grants of the session (their refresh tokens go with it). */
  grantIds: string[];
}

/** The user's live sessions (not expired), newest activity first, with what was recorded of their device. */
export async function listSessionDevices(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
): Promise<SessionDevice[]> {
  const { rows } = await db.query<{
    uid: string;
    payload: { loginTs?: number; authorizations?: Record<string, { grantId?: string }> };
    expires_at: Date | null;
    user_agent: string | null;
    ip_address: string | null;
    last_active_at: Date | null;
  }>(
    `SELECT p.uid, p.payload, p.expires_at, d.user_agent, d.ip_address, d.last_active_at
       FROM identity_oidc_payloads p
       LEFT JOIN identity_session_devices d
         ON d.tenant_id = p.tenant_id AND d.session_uid = p.uid AND d.user_id = $2::uuid
      WHERE p.tenant_id = $1 AND p.model = 'Session' AND p.uid IS NOT NULL
        AND p.payload->>'accountId' = $2::text AND (p.expires_at IS NULL OR p.expires_at > now())
      ORDER BY coalesce(d.last_active_at, to_timestamp((p.payload->>'loginTs')::bigint)) DESC, p.uid`,
    [tenantId, userId],
  );
  return rows.map((r) => {
    const signedInAt = r.payload.loginTs ? new Date(r.payload.loginTs * 1000) : new Date(0);
    return {
      uid: r.uid,
      userAgent: r.user_agent ?? '',
      ipAddress: r.ip_address ?? '',
      signedInAt,
      lastActiveAt: r.last_active_at ? new Date(r.last_active_at) : signedInAt,
      expiresAt: r.expires_at ? new Date(r.expires_at) : null,
      grantIds: Object.values(r.payload.authorizations ?? {})
        .map((a) => a.grantId)
        .filter((g): g is string => typeof g === 'string'),
    };
  });
}

/**
 * Records an access token issued in a session: the device row (created on the first token, its user agent
 * and IP address then; last activity now) and the token's id until it expires.
 */
export async function recordSessionToken(
  db: SqlExecutor,
  tenantId: string,
  token: {
    sessionUid: string;
    userId: string;
    jti: string;
    expiresAt: Date;
    userAgent: string;
    ipAddress: string;
  },
): Promise<void> {
  await db.query(
    `WITH device AS (
       INSERT INTO identity_session_devices (tenant_id, session_uid, user_id, user_agent, ip_address)
       VALUES ($1, $2, $3, left($4, 512), left($5, 64))
       ON CONFLICT (tenant_id, session_uid) DO UPDATE SET last_active_at = now()
       WHERE identity_session_devices.user_id = EXCLUDED.user_id
       RETURNING session_uid)
     INSERT INTO identity_session_tokens (tenant_id, session_uid, jti, expires_at)
     SELECT $1, session_uid, $6, $7 FROM device ON CONFLICT DO NOTHING`,
    [tenantId, token.sessionUid, token.userId, token.userAgent, token.ipAddress, token.jti, token.expiresAt],
  );
}

/** The session an access token was issued in (by its jti), if recorded, for that user. */
export async function findSessionOfToken(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
  jti: string,
): Promise<string | undefined> {
  const { rows } = await db.query<{ session_uid: string }>(
    `SELECT t.session_uid FROM identity_session_tokens t
       JOIN identity_session_devices d ON d.tenant_id = t.tenant_id AND d.session_uid = t.session_uid
      WHERE t.tenant_id = $1 AND d.user_id = $2 AND t.jti = $3`,
    [tenantId, userId, jti],
  );
  return rows[0]?.session_uid;
}

/**
 * Ends one of the user's sessions in the database: the session, its grants' payloads (refresh tokens) and
 * its device row. Answers the access tokens issued in it that are still valid (to put on the revocation
 * list), or undefined when the user has no such session.
 */
export async function deleteSessionDevice(
  tx: SqlExecutor,
  tenantId: string,
  userId: string,
  sessionUid: string,
): Promise<Array<{ jti: string; expiresAt: Date }> | undefined> {
  const session = await tx.query<{ payload: { authorizations?: Record<string, { grantId?: string }> } }>(
    `DELETE FROM identity_oidc_payloads
      WHERE tenant_id = $1 AND model = 'Session' AND uid = $3 AND payload->>'accountId' = $2::text
      RETURNING payload`,
    [tenantId, userId, sessionUid],
  );
  const row = session.rows[0];
  if (!row) return undefined;
  const grantIds = Object.values(row.payload.authorizations ?? {})
    .map((a) => a.grantId)
    .filter((g): g is string => typeof g === 'string');
  if (grantIds.length > 0)
    await tx.query('DELETE FROM identity_oidc_payloads WHERE tenant_id = $1 AND grant_id = ANY($2::text[])', [
      tenantId,
      grantIds,
    ]);
  const tokens = await tx.query<{ jti: string; expires_at: Date }>(
    `SELECT t.jti, t.expires_at FROM identity_session_tokens t
       JOIN identity_session_devices d ON d.tenant_id = t.tenant_id AND d.session_uid = t.session_uid
      WHERE t.tenant_id = $1 AND d.user_id = $2 AND t.session_uid = $3 AND t.expires_at > now()`,
    [tenantId, userId, sessionUid],
  );
  await tx.query(
    'DELETE FROM identity_session_devices WHERE tenant_id = $1 AND user_id = $2 AND session_uid = $3',
    [tenantId, userId, sessionUid],
  );
  return tokens.rows.map((t) => ({ jti: t.jti, expiresAt: new Date(t.expires_at) }));
}

/**
 * Deletes every provider payload of the user (sessions, grants, codes, refresh tokens): the account is being
 * deleted. Device rows go with the user (foreign key).
 */
export async function deleteUserOidcPayloads(tx: SqlExecutor, tenantId: string, userId: string) {
  await tx.query(
    `DELETE FROM identity_oidc_payloads WHERE tenant_id = $1 AND (payload->>'accountId' = $2::text
        OR grant_id IN (SELECT grant_id FROM identity_oidc_payloads
                         WHERE tenant_id = $1 AND payload->>'accountId' = $2::text AND grant_id IS NOT NULL))`,
    [tenantId, userId],
  );
}
