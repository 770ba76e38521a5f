import type { SqlExecutor } from '../client.ts';
import type { IdentityKeys } from './identity.ts';

/**
 * Rotating a store's identity keys (its token signing key and cookie secret). `rotate` makes `fresh` the
 * current keys and keeps the current ones as previous (a previous pair is dropped: one rotation at a time);
 * `retire` drops the previous ones. Both touch the store's row, whose NOTIFY makes every process rebuild the
 * store's identity provider with the new keys (provider.ts keys its cache by the store's update time).
 */

/** True when the store had keys to rotate (a store whose provider never ran has none: it gets fresh ones). */
export async function rotateIdentityKeys(
  db: SqlExecutor,
  tenantId: string,
  fresh: IdentityKeys,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE identity_keys
        SET previous_kid = kid, previous_private_jwk = private_jwk, previous_cookie_secret = cookie_secret,
            decoy_secret = COALESCE(decoy_secret, cookie_secret),
            kid = $2, private_jwk = $3, cookie_secret = $4, rotated_at = now()
      WHERE tenant_id = $1`,
    [tenantId, fresh.kid, JSON.stringify(fresh.privateJwk), fresh.cookieSecret],
  );
  if (rowCount) await touchTenant(db, tenantId);
  return Boolean(rowCount);
}

/** Drops the previous keys: what they signed is refused from now on. True when there were some. */
export async function retirePreviousIdentityKeys(db: SqlExecutor, tenantId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE identity_keys SET previous_kid = NULL, previous_private_jwk = NULL, previous_cookie_secret = NULL
      WHERE tenant_id = $1 AND previous_kid IS NOT NULL`,
    [tenantId],
  );
  if (rowCount) await touchTenant(db, tenantId);
  return Boolean(rowCount);
}

/**
 * The store's secret for values that must stay stable and unguessable for good (the passkey sign-in's
 * decoys): the first cookie secret, which a rotation keeps. Undefined before the store has keys.
 */
export async function findStableIdentitySecret(
  db: SqlExecutor,
  tenantId: string,
): Promise<string | undefined> {
  const { rows } = await db.query<{ secret: string }>(
    'SELECT COALESCE(decoy_secret, cookie_secret) AS secret FROM identity_keys WHERE tenant_id = $1',
    [tenantId],
  );
  return rows[0]?.secret;
}

/** When the store's keys were last rotated and whether the previous ones are still accepted. */
export async function identityKeyRotation(
  db: SqlExecutor,
  tenantId: string,
): Promise<{ rotatedAt: Date | null; previousKid: string | null } | undefined> {
  const { rows } = await db.query<{ rotated_at: Date | null; previous_kid: string | null }>(
    'SELECT rotated_at, previous_kid FROM identity_keys WHERE tenant_id = $1',
    [tenantId],
  );
  const r = rows[0];
  return r && { rotatedAt: r.rotated_at ? new Date(r.rotated_at) : null, previousKid: r.previous_kid };
}

const touchTenant = (db: SqlExecutor, tenantId: string) =>
  db.query('UPDATE tenants SET updated_at = clock_timestamp() WHERE id = $1', [tenantId]);
