import type { SqlExecutor } from '../client.ts';
import type { IdentityKeys } from './identity.ts';

/**
 * Rotating a store's identity keys (its token signing key and cookie secret, migrations 0036 and 0039) in
 * three steps, each a conditional UPDATE of the store's row, so a step taken twice (two processes, a retried
 * job) changes nothing the second time:
 *  - publish: a NEXT key is listed in the JWKS (and its cookie secret accepted) from now on, signing from
 *    `signsAt` (never before the previous key of an earlier rotation has retired);
 *  - promote (at `signsAt`): the next key signs, the current one becomes the PREVIOUS key, which still
 *    verifies until `retiresAt`;
 *  - retire (at `retiresAt`): the previous key is dropped; what it signed is refused from now on.
 * Each step touches the store's row, whose NOTIFY makes every process rebuild the store's identity provider
 * with the new keys (provider.ts keys its cache by the store's update time). Times come from the caller's
 * clock, never the database's, so a schedule can be tested with a clock of its own.
 */

export interface IdentityKeyState {
  current: { kid: string; publishedAt: Date; signsSince: Date };
  next: { kid: string; publishedAt: Date; signsAt: Date } | null;
  /** retiresAt null: a previous key only an operator retires (`npm run identity:keys -- --retire-previous`). */
  previous: { kid: string; publishedAt: Date | null; retiresAt: Date | null } | null;
}

/** The store's keys' state (no key material); undefined before the store's provider first ran. */
export async function findIdentityKeyState(
  db: SqlExecutor,
  tenantId: string,
): Promise<IdentityKeyState | undefined> {
  const { rows } = await db.query<StateRow>(
    `SELECT kid, published_at, COALESCE(rotated_at, created_at) AS signs_since,
            next_kid, next_published_at, next_signs_at, previous_kid, previous_published_at, previous_retires_at
       FROM identity_keys WHERE tenant_id = $1`,
    [tenantId],
  );
  const r = rows[0];
  if (!r) return undefined;
  const at = (v: Date | string) => new Date(v);
  return {
    current: { kid: r.kid, publishedAt: at(r.published_at), signsSince: at(r.signs_since) },
    next:
      r.next_kid && r.next_published_at && r.next_signs_at
        ? { kid: r.next_kid, publishedAt: at(r.next_published_at), signsAt: at(r.next_signs_at) }
        : null,
    previous: r.previous_kid
      ? {
          kid: r.previous_kid,
          publishedAt: r.previous_published_at ? at(r.previous_published_at) : null,
          retiresAt: r.previous_retires_at ? at(r.previous_retires_at) : null,
        }
      : null,
  };
}

type StateRow = {
  kid: string;
  published_at: Date;
  signs_since: Date;
  next_kid: string | null;
  next_published_at: Date | null;
  next_signs_at: Date | null;
  previous_kid: string | null;
  previous_published_at: Date | null;
  previous_retires_at: Date | null;
};

/**
 * Publishes `fresh` as the store's next keys, signing from `signsAt` (or from when the previous key of an
 * earlier rotation retires, if later). False when a next key is already published, or the store has no keys.
 */
export async function publishNextIdentityKeys(
  db: SqlExecutor,
  tenantId: string,
  fresh: IdentityKeys,
  at: { now: Date; signsAt: Date },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE identity_keys
        SET next_kid = $2, next_private_jwk = $3, next_cookie_secret = $4, next_published_at = $5,
            next_signs_at = GREATEST($6::timestamptz, COALESCE(previous_retires_at, $6::timestamptz))
      WHERE tenant_id = $1 AND next_kid IS NULL`,
    [tenantId, fresh.kid, JSON.stringify(fresh.privateJwk), fresh.cookieSecret, at.now, at.signsAt],
  );
  return touchedIf(db, tenantId, rowCount);
}

/**
 * The SET items that keep the current keys as the previous ones, verifying until `retiresAt` (an SQL
 * expression), and the decoy secret once; shared by a scheduled promotion and an operator's rotation.
 */
const keepCurrentAsPrevious = (retiresAt: string) =>
  `previous_kid = kid, previous_private_jwk = private_jwk, previous_cookie_secret = cookie_secret,
            previous_published_at = published_at, previous_retires_at = ${retiresAt},
            decoy_secret = COALESCE(decoy_secret, cookie_secret)`;

/**
 * The next keys sign from now on; the current ones verify until `retiresAt`. Only once the next keys' time
 * has come and no earlier previous key is still to be kept. False when nothing was due.
 */
export async function promoteNextIdentityKeys(
  db: SqlExecutor,
  tenantId: string,
  at: { now: Date; retiresAt: Date },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE identity_keys
        SET ${keepCurrentAsPrevious('$3')},
            kid = next_kid, private_jwk = next_private_jwk, cookie_secret = next_cookie_secret,
            published_at = next_published_at, rotated_at = $2,
            next_kid = NULL, next_private_jwk = NULL, next_cookie_secret = NULL, next_published_at = NULL,
            next_signs_at = NULL
      WHERE tenant_id = $1 AND next_kid IS NOT NULL AND next_signs_at <= $2
        AND (previous_kid IS NULL OR previous_retires_at <= $2)`,
    [tenantId, at.now, at.retiresAt],
  );
  return touchedIf(db, tenantId, rowCount);
}

/**
 * Makes `fresh` the current keys at once and keeps the current ones as previous until `retiresAt` (null:
 * until an operator retires them), for an operator who cannot wait (a key thought exposed). An earlier
 * previous pair is dropped. False when the store has no keys, or a published next key waits (promote it).
 */
export async function rotateIdentityKeys(
  db: SqlExecutor,
  tenantId: string,
  fresh: IdentityKeys,
  at: { now: Date; retiresAt: Date | null } = { now: new Date(), retiresAt: null },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE identity_keys
        SET ${keepCurrentAsPrevious('$6')},
            kid = $2, private_jwk = $3, cookie_secret = $4, published_at = $5, rotated_at = $5
      WHERE tenant_id = $1 AND next_kid IS NULL`,
    [tenantId, fresh.kid, JSON.stringify(fresh.privateJwk), fresh.cookieSecret, at.now, at.retiresAt],
  );
  return touchedIf(db, tenantId, rowCount);
}

/**
 * Drops the previous keys: what they signed is refused from now on. With `dueBy`, only once their retiring
 * time has come (the schedule); without, at once (an operator). True when there were some.
 */
export async function retirePreviousIdentityKeys(
  db: SqlExecutor,
  tenantId: string,
  dueBy?: Date,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE identity_keys
        SET previous_kid = NULL, previous_private_jwk = NULL, previous_cookie_secret = NULL,
            previous_published_at = NULL, previous_retires_at = NULL
      WHERE tenant_id = $1 AND previous_kid IS NOT NULL
        AND ($2::timestamptz IS NULL OR previous_retires_at <= $2)`,
    [tenantId, dueBy ?? null],
  );
  return touchedIf(db, tenantId, rowCount);
}

/**
 * The stores with a rotation step due at `now`: a next key whose time has come, a previous key to retire,
 * or (with `rotateSignedBefore`) a current key signing since before then and no next key published yet.
 * Compared to the millisecond, as the caller's clock (and the schedule that read the times) counts.
 */
export async function listStoresWithIdentityKeyStepsDue(
  db: SqlExecutor,
  now: Date,
  rotateSignedBefore: Date | null,
): Promise<string[]> {
  const { rows } = await db.query<{ tenant_id: string }>(
    `SELECT tenant_id FROM identity_keys
      WHERE next_signs_at <= $1 OR previous_retires_at <= $1
         OR ($2::timestamptz IS NOT NULL AND next_kid IS NULL
             AND date_trunc('milliseconds', COALESCE(rotated_at, created_at)) <= $2)
      ORDER BY tenant_id`,
    [now, rotateSignedBefore],
  );
  return rows.map((r) => r.tenant_id);
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

async function touchedIf(db: SqlExecutor, tenantId: string, rowCount: number | null): Promise<boolean> {
  if (!rowCount) return false;
  await db.query('UPDATE tenants SET updated_at = clock_timestamp() WHERE id = $1', [tenantId]);
  return true;
}
