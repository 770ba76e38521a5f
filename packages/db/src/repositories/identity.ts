import { createHash, randomBytes } from 'node:crypto';
import type { SqlExecutor } from '../client.ts';

/**
 * Storage of the identity provider: one-time tokens (authn transactions, sessionTokens, recovery tokens,
 * challenges), the per-tenant signing key, oidc-provider's adapter payloads and rate-limit counters.
 * Every function takes the tenant explicitly.
 */

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** A new unguessable token (the caller gets it; only its SHA-256 is stored). */
export const newSecretToken = (bytes = 24) => randomBytes(bytes).toString('base64url');

export type IdentityTokenKind =
  | 'state'
  | 'session'
  | 'recovery'
  | 'otp'
  | 'push'
  | 'email_challenge'
  | 'phone_challenge'
  | 'device'
  /** A self-registration awaiting its e-mailed code; no user until it is verified. */
  | 'registration'
  /** A WebAuthn challenge: the token is the challenge itself, single-use, minutes long. */
  | 'webauthn_challenge';

export interface IdentityToken<D = Record<string, unknown>> {
  tenantId: string;
  kind: IdentityTokenKind;
  userId: string | null;
  data: D;
  expiresAt: Date;
  consumedAt: Date | null;
}

type TokenRow = {
  tenant_id: string;
  kind: IdentityTokenKind;
  user_id: string | null;
  data: Record<string, unknown>;
  expires_at: Date;
  consumed_at: Date | null;
};
const toToken = <D>(r: TokenRow): IdentityToken<D> => ({
  tenantId: r.tenant_id,
  kind: r.kind,
  userId: r.user_id,
  data: r.data as D,
  expiresAt: r.expires_at,
  consumedAt: r.consumed_at,
});

/** Stores a token under its hash; `token` may be given (e.g. a short numeric code made unique by data). */
export async function createIdentityToken(
  db: SqlExecutor,
  tenantId: string,
  input: {
    kind: IdentityTokenKind;
    userId: string | null;
    data?: object;
    ttlSeconds: number;
    token?: string;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const token = input.token ?? newSecretToken();
  const { rows } = await db.query<{ expires_at: Date }>(
    `INSERT INTO identity_tokens (token_hash, tenant_id, kind, user_id, data, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6)) RETURNING expires_at`,
    [
      sha256(`${input.kind}:${token}`),
      tenantId,
      input.kind,
      input.userId,
      JSON.stringify(input.data ?? {}),
      input.ttlSeconds,
    ],
  );
  return { token, expiresAt: rows[0]?.expires_at as Date };
}

/** A live (unexpired, unconsumed) token of this tenant and kind. */
export async function findIdentityToken<D = Record<string, unknown>>(
  db: SqlExecutor,
  tenantId: string,
  kind: IdentityTokenKind,
  token: string,
): Promise<IdentityToken<D> | undefined> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 200) return undefined;
  const { rows } = await db.query<TokenRow>(
    `SELECT tenant_id, kind, user_id, data, expires_at, consumed_at FROM identity_tokens
      WHERE token_hash = $1 AND tenant_id = $2 AND kind = $3 AND consumed_at IS NULL AND expires_at > now()`,
    [sha256(`${kind}:${token}`), tenantId, kind],
  );
  return rows[0] && toToken<D>(rows[0]);
}

/** A token by its stored hash, live or not (push approvals are read this way by the polling transaction). */
export async function findIdentityTokenByHash<D = Record<string, unknown>>(
  db: SqlExecutor,
  tenantId: string,
  tokenHash: string,
): Promise<IdentityToken<D> | undefined> {
  const { rows } = await db.query<TokenRow>(
    `SELECT tenant_id, kind, user_id, data, expires_at, consumed_at FROM identity_tokens
      WHERE token_hash = $1 AND tenant_id = $2`,
    [tokenHash, tenantId],
  );
  return rows[0] && toToken<D>(rows[0]);
}

/** The stored hash of a token of a kind. */
export const identityTokenHash = (kind: IdentityTokenKind, token: string) => sha256(`${kind}:${token}`);

/** Consumes a live token atomically: exactly one caller gets it (replays get undefined). */
export async function consumeIdentityToken<D = Record<string, unknown>>(
  db: SqlExecutor,
  tenantId: string,
  kind: IdentityTokenKind,
  token: string,
): Promise<IdentityToken<D> | undefined> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 200) return undefined;
  const { rows } = await db.query<TokenRow>(
    `UPDATE identity_tokens SET consumed_at = now()
      WHERE token_hash = $1 AND tenant_id = $2 AND kind = $3 AND consumed_at IS NULL AND expires_at > now()
      RETURNING tenant_id, kind, user_id, data, expires_at, consumed_at`,
    [sha256(`${kind}:${token}`), tenantId, kind],
  );
  return rows[0] && toToken<D>(rows[0]);
}

/** Replaces a live token's data (an authn transaction moving to its next state). */
export async function updateIdentityTokenData(
  db: SqlExecutor,
  tenantId: string,
  kind: IdentityTokenKind,
  token: string,
  data: object,
): Promise<void> {
  await db.query(
    'UPDATE identity_tokens SET data = $4 WHERE token_hash = $1 AND tenant_id = $2 AND kind = $3 AND consumed_at IS NULL',
    [sha256(`${kind}:${token}`), tenantId, kind, JSON.stringify(data)],
  );
}

/** Consumes every live token of a kind for a user (e.g. older recovery links once one was used). */
export async function consumeUserTokens(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
  kind: IdentityTokenKind,
) {
  await db.query(
    `UPDATE identity_tokens SET consumed_at = now()
      WHERE tenant_id = $1 AND user_id = $2 AND kind = $3 AND consumed_at IS NULL`,
    [tenantId, userId, kind],
  );
}

/** Deletes expired tokens, payloads and counters (called now and then by the identity module). */
export async function purgeExpiredIdentityData(db: SqlExecutor): Promise<void> {
  await db.query(`DELETE FROM identity_tokens WHERE expires_at < now() - interval '1 day'`);
  await db.query(`DELETE FROM identity_oidc_payloads WHERE expires_at < now()`);
  await db.query(`DELETE FROM identity_rate_limits WHERE window_start < now() - interval '1 day'`);
  await db.query(`DELETE FROM identity_session_tokens WHERE expires_at < now()`);
  await db.query(
    `DELETE FROM identity_session_devices d WHERE NOT EXISTS (SELECT 1 FROM identity_oidc_payloads p
      WHERE p.tenant_id = d.tenant_id AND p.model = 'Session' AND p.uid = d.session_uid)`,
  );
}

// ---- signing key ---------------------------------------------------------------------------------------

export interface IdentityKeys {
  kid: string;
  privateJwk: Record<string, unknown>;
  cookieSecret: string;
}

/**
 * The tenant's signing key and cookie secret, with a rotation's next ones (published, not signing yet) and
 * previous ones (still verifying) while there are some (identity-key-rotation.ts); `generate` makes them the
 * first time. Concurrent first calls (several processes) agree: the first insert wins and everyone reads it
 * back.
 */
export async function getOrCreateIdentityKeys(
  db: SqlExecutor,
  tenantId: string,
  generate: () => Promise<IdentityKeys>,
): Promise<IdentityKeys & { next?: IdentityKeys; previous?: IdentityKeys }> {
  const read = async () => {
    const { rows } = await db.query<KeyRow>(
      `SELECT kid, private_jwk, cookie_secret, previous_kid, previous_private_jwk, previous_cookie_secret,
              next_kid, next_private_jwk, next_cookie_secret
         FROM identity_keys WHERE tenant_id = $1`,
      [tenantId],
    );
    const r = rows[0];
    if (!r) return undefined;
    const next = keysOf(r.next_kid, r.next_private_jwk, r.next_cookie_secret);
    const previous = keysOf(r.previous_kid, r.previous_private_jwk, r.previous_cookie_secret);
    return {
      ...keysOf(r.kid, r.private_jwk, r.cookie_secret)!,
      ...(next ? { next } : {}),
      ...(previous ? { previous } : {}),
    };
  };
  const existing = await read();
  if (existing) return existing;
  const fresh = await generate();
  await db.query(
    `INSERT INTO identity_keys (tenant_id, kid, private_jwk, cookie_secret) VALUES ($1, $2, $3, $4)
     ON CONFLICT (tenant_id) DO NOTHING`,
    [tenantId, fresh.kid, JSON.stringify(fresh.privateJwk), fresh.cookieSecret],
  );
  const stored = await read();
  if (!stored) throw new Error('identity keys vanished after insert');
  return stored;
}

type Jwk = Record<string, unknown>;
type KeyRow = Record<'kid' | 'cookie_secret', string> &
  Record<'previous_kid' | 'previous_cookie_secret' | 'next_kid' | 'next_cookie_secret', string | null> &
  Record<'private_jwk', Jwk> &
  Record<'previous_private_jwk' | 'next_private_jwk', Jwk | null>;

const keysOf = (kid: string | null, privateJwk: Jwk | null, cookieSecret: string | null) =>
  kid && privateJwk && cookieSecret ? { kid, privateJwk, cookieSecret } : undefined;

// ---- oidc-provider adapter -----------------------------------------------------------------------------

export type OidcPayload = Record<string, unknown>;

export async function upsertOidcPayload(
  db: SqlExecutor,
  tenantId: string,
  model: string,
  id: string,
  payload: OidcPayload,
  expiresIn: number | undefined,
): Promise<void> {
  await db.query(
    `INSERT INTO identity_oidc_payloads (tenant_id, model, id, payload, grant_id, user_code, uid, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $8::int IS NULL THEN NULL ELSE now() + make_interval(secs => $8::int) END)
     ON CONFLICT (tenant_id, model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
       user_code = EXCLUDED.user_code, uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
    [
      tenantId,
      model,
      id,
      JSON.stringify(payload),
      (payload.grantId as string | undefined) ?? null,
      (payload.userCode as string | undefined) ?? null,
      (payload.uid as string | undefined) ?? null,
      expiresIn ?? null,
    ],
  );
}

async function findOidcPayloadBy(
  db: SqlExecutor,
  tenantId: string,
  model: string,
  column: 'id' | 'uid' | 'user_code',
  value: string,
): Promise<OidcPayload | undefined> {
  const { rows } = await db.query<{ payload: OidcPayload; consumed_at: Date | null }>(
    `SELECT payload, consumed_at FROM identity_oidc_payloads
      WHERE tenant_id = $1 AND model = $2 AND ${column} = $3 AND (expires_at IS NULL OR expires_at > now())`,
    [tenantId, model, value],
  );
  const row = rows[0];
  if (!row) return undefined;
  return row.consumed_at
    ? { ...row.payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) }
    : row.payload;
}

export const findOidcPayload = (db: SqlExecutor, tenantId: string, model: string, id: string) =>
  findOidcPayloadBy(db, tenantId, model, 'id', id);
export const findOidcPayloadByUid = (db: SqlExecutor, tenantId: string, model: string, uid: string) =>
  findOidcPayloadBy(db, tenantId, model, 'uid', uid);
export const findOidcPayloadByUserCode = (db: SqlExecutor, tenantId: string, model: string, code: string) =>
  findOidcPayloadBy(db, tenantId, model, 'user_code', code);

export async function consumeOidcPayload(db: SqlExecutor, tenantId: string, model: string, id: string) {
  await db.query(
    'UPDATE identity_oidc_payloads SET consumed_at = now() WHERE tenant_id = $1 AND model = $2 AND id = $3',
    [tenantId, model, id],
  );
}

export async function destroyOidcPayload(db: SqlExecutor, tenantId: string, model: string, id: string) {
  await db.query('DELETE FROM identity_oidc_payloads WHERE tenant_id = $1 AND model = $2 AND id = $3', [
    tenantId,
    model,
    id,
  ]);
}

export async function revokeOidcPayloadsByGrantId(db: SqlExecutor, tenantId: string, grantId: string) {
  await db.query('DELETE FROM identity_oidc_payloads WHERE tenant_id = $1 AND grant_id = $2', [
    tenantId,
    grantId,
  ]);
}

// ---- rate limits ---------------------------------------------------------------------------------------

/**
 * Counts one hit and returns the hits of the last `windowSeconds` as a sliding-window estimate: this fixed
 * window's hits plus the previous window's, weighted by how much of it still overlaps. (A plain fixed window
 * would let a burst straddling a boundary through at twice the limit.)
 */
export async function hitRateLimit(
  db: SqlExecutor,
  tenantId: string,
  bucket: string,
  windowSeconds: number,
): Promise<number> {
  const { rows } = await db.query<{ weighted: number }>(
    `WITH hit AS (
       INSERT INTO identity_rate_limits (tenant_id, bucket, window_start, hits)
       VALUES ($1, $2, to_timestamp(floor(extract(epoch FROM now()) / $3) * $3), 1)
       ON CONFLICT (tenant_id, bucket, window_start) DO UPDATE SET hits = identity_rate_limits.hits + 1
       RETURNING hits, window_start)
     SELECT (hit.hits + coalesce(prev.hits, 0) *
               greatest(0, 1 - extract(epoch FROM now() - hit.window_start) / $3))::float8 AS weighted
       FROM hit LEFT JOIN identity_rate_limits prev
         ON prev.tenant_id = $1 AND prev.bucket = $2 AND prev.window_start = hit.window_start - make_interval(secs => $3)`,
    [tenantId, bucket, windowSeconds],
  );
  return Number(rows[0]?.weighted ?? 1);
}
