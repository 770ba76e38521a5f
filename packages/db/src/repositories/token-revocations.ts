import type { DatabaseHandle, SqlExecutor } from '../client.ts';

/**
 * Revoked access tokens (migration 0008). A JWT access token is checked locally by whoever receives it, so
 * revoking one means remembering it until it would have expired anyway:
 *  - one token, by its `jti` (the revocation endpoint);
 *  - every token of a user issued before an instant (sign-out, password reset or change, deactivation).
 * Writes take the tenant; `listTokenRevocationsAfter` is the cross-tenant change feed each process follows to
 * keep its in-memory copy (`seq` orders it), like the purge it is maintenance, not a tenant's query.
 */

/** How long a user-wide revocation is kept: longer than any access token we accept lives (ours: 1 h). */
export const USER_REVOCATION_TTL_SECONDS = 24 * 60 * 60;

export type RevocationReason = 'revoke' | 'sign-out' | 'password-reset' | 'password-change' | 'deactivation';

export interface TokenRevocation {
  seq: number;
  tenantId: string;
  kind: 'token' | 'user';
  /** The jti (kind 'token') or the users.id (kind 'user'). */
  subject: string;
  /** kind 'user': tokens issued before this instant are refused. */
  issuedBefore: Date | null;
  /** kind 'user': covers every token issued before the row (by `seq`, migration 0035), not only by time. */
  allIssued: boolean;
  expiresAt: Date;
}

type Row = {
  seq: number;
  tenant_id: string;
  kind: 'token' | 'user';
  subject: string;
  issued_before: Date | null;
  all_issued: boolean;
  expires_at: Date;
};

const toRevocation = (r: Row): TokenRevocation => ({
  seq: Number(r.seq),
  tenantId: r.tenant_id,
  kind: r.kind,
  subject: r.subject,
  issuedBefore: r.issued_before,
  allIssued: r.all_issued,
  expiresAt: r.expires_at,
});

const COLUMNS = 'seq, tenant_id, kind, subject, issued_before, all_issued, expires_at';
const RETURNING = `RETURNING ${COLUMNS}`;

/** Revokes one access token (by `jti`) until its own expiry. Revoking it twice is harmless. */
export async function revokeAccessToken(
  db: SqlExecutor,
  tenantId: string,
  token: { jti: string; expiresAt: Date },
): Promise<TokenRevocation> {
  const { rows } = await db.query<Row>(
    `INSERT INTO token_revocations (tenant_id, kind, subject, reason, expires_at)
     VALUES ($1, 'token', $2, 'revoke', $3) ${RETURNING}`,
    [tenantId, token.jti, token.expiresAt],
  );
  return toRevocation(rows[0]!);
}

/**
 * Revokes every access token of the user issued before `issuedBefore` (default: now, the database's clock).
 * The user may sign in again at once: tokens issued afterwards are valid. `allIssued` (the default when no
 * instant is given): every token issued before this row, decided by `seq` for the embedded issuer's tokens;
 * false: only by time (a password change that keeps the caller's own token).
 */
export async function revokeUserTokens(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
  reason: Exclude<RevocationReason, 'revoke'>,
  issuedBefore?: Date,
  allIssued = issuedBefore === undefined,
): Promise<TokenRevocation> {
  const { rows } = await db.query<Row>(
    `INSERT INTO token_revocations (tenant_id, kind, subject, issued_before, all_issued, reason, expires_at)
     VALUES ($1, 'user', $2, COALESCE($3::timestamptz, now()), $4, $5, now() + make_interval(secs => $6))
     ${RETURNING}`,
    [tenantId, userId, issuedBefore ?? null, allIssued, reason, USER_REVOCATION_TTL_SECONDS],
  );
  return toRevocation(rows[0]!);
}

/**
 * The highest `seq` of the user's revocations in force that cover every token issued before them (0: none):
 * what the embedded issuer writes into a new access token (claim `rev`), so that only a later one refuses it.
 */
export async function findUserRevocationSeq(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
): Promise<number> {
  const { rows } = await db.query<{ seq: string | number | null }>(
    `SELECT max(seq) AS seq FROM token_revocations
      WHERE tenant_id = $1 AND kind = 'user' AND subject = $2 AND all_issued AND expires_at > now()`,
    [tenantId, userId],
  );
  return Number(rows[0]?.seq ?? 0);
}

/**
 * Revocations still in force written after `seq` (0: all of them), oldest first, at most `limit` — plus those
 * written in the last `lookbackSeconds` whatever their seq: sequence numbers are taken at insert but become
 * visible at commit, so a row with a lower seq can appear after a higher one was read. Reading the recent
 * rows again (they are few) catches those; a revocation is never left in an open transaction that long.
 */
export async function listTokenRevocationsAfter(
  db: SqlExecutor,
  seq: number,
  { limit = 10_000, lookbackSeconds = 30 } = {},
): Promise<TokenRevocation[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM token_revocations
      WHERE (seq > $1 OR created_at > clock_timestamp() - make_interval(secs => $3)) AND expires_at > now()
      ORDER BY seq LIMIT $2`,
    [seq, limit, lookbackSeconds],
  );
  return rows.map(toRevocation);
}

/** Deletes revocations that decide nothing any more (every token they named has expired). */
export async function purgeExpiredTokenRevocations(db: SqlExecutor): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM token_revocations WHERE expires_at < now()');
  return rowCount;
}

/**
 * Ends every IdP session of the user and deletes their grants with everything issued under them (refresh
 * tokens, codes): no new access token can be minted from what they held before. With `revokeUserTokens` this
 * is a complete sign-out everywhere (password reset, deactivation). Returns how many records went.
 */
export async function endUserSessionsAndGrants(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM identity_oidc_payloads p
      WHERE p.tenant_id = $1
        AND (p.payload->>'accountId' = $2
             OR p.grant_id IN (SELECT g.id FROM identity_oidc_payloads g
                                WHERE g.tenant_id = $1 AND g.model = 'Grant' AND g.payload->>'accountId' = $2))`,
    [tenantId, userId],
  );
  return rowCount;
}

/**
 * Deactivates a user (Okta's SUSPENDED: cannot sign in), ends their sessions and grants, and revokes every
 * access token issued to them so far, in one transaction. Tests and operators call it; the Users API's
 * deactivate (apps/server/src/modules/provisioning/lifecycle.ts) makes a user DEPROVISIONED instead.
 */
export async function deactivateIdentityUser(
  db: Pick<DatabaseHandle, 'transaction'>,
  tenantId: string,
  userId: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rowCount } = await tx.query(
      `INSERT INTO identity_accounts (tenant_id, user_id, status, updated_at)
       SELECT tenant_id, id, 'SUSPENDED', now() FROM users WHERE tenant_id = $1 AND id = $2
       ON CONFLICT (tenant_id, user_id) DO UPDATE SET status = 'SUSPENDED', updated_at = now()`,
      [tenantId, userId],
    );
    if (rowCount === 0) return false;
    await endUserSessionsAndGrants(tx, tenantId, userId);
    await revokeUserTokens(tx, tenantId, userId, 'deactivation');
    return true;
  });
}
