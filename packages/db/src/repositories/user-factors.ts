import type { AuthnFactorType } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';
import { newIdentityId } from './users.ts';

/** A user's sign-in factors (Okta Authentication API factor types). Every function takes the tenant. */

// ---- factors -------------------------------------------------------------------------------------------

/** The factor types of the Okta Authentication API the identity provider offers (contracts). */
export type FactorType = AuthnFactorType;

export interface IdentityFactor {
  id: string;
  factorType: FactorType;
  provider: string;
  status: 'PENDING_ACTIVATION' | 'ACTIVE';
  secret: string | null;
}

const FACTOR_COLUMNS = 'id, factor_type AS "factorType", provider, status, secret';

export async function listIdentityFactors(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
): Promise<IdentityFactor[]> {
  const { rows } = await db.query<IdentityFactor>(
    `SELECT ${FACTOR_COLUMNS} FROM identity_factors WHERE tenant_id = $1 AND user_id = $2 ORDER BY created_at, id`,
    [tenantId, userId],
  );
  return rows;
}

/** Creates (or replaces a pending) factor of a type for a user. */
export async function upsertIdentityFactor(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
  factor: {
    factorType: FactorType;
    provider: string;
    status: IdentityFactor['status'];
    secret?: string | null;
  },
): Promise<IdentityFactor> {
  const { rows } = await db.query<IdentityFactor>(
    `INSERT INTO identity_factors (id, tenant_id, user_id, factor_type, provider, status, secret)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (tenant_id, user_id, factor_type) DO UPDATE
       SET provider = EXCLUDED.provider, status = EXCLUDED.status, secret = EXCLUDED.secret
       WHERE identity_factors.status <> 'ACTIVE'
     RETURNING ${FACTOR_COLUMNS}`,
    [
      newIdentityId('fct'),
      tenantId,
      userId,
      factor.factorType,
      factor.provider,
      factor.status,
      factor.secret ?? null,
    ],
  );
  if (rows[0]) return rows[0];
  const existing = (await listIdentityFactors(db, tenantId, userId)).find(
    (f) => f.factorType === factor.factorType,
  );
  if (!existing) throw new Error('factor vanished');
  return existing;
}

export async function findIdentityFactor(db: SqlExecutor, tenantId: string, userId: string, id: string) {
  const { rows } = await db.query<IdentityFactor>(
    `SELECT ${FACTOR_COLUMNS} FROM identity_factors WHERE tenant_id = $1 AND user_id = $2 AND id = $3`,
    [tenantId, userId, id],
  );
  return rows[0];
}

export async function activateIdentityFactor(db: SqlExecutor, tenantId: string, userId: string, id: string) {
  await db.query(
    `UPDATE identity_factors SET status = 'ACTIVE' WHERE tenant_id = $1 AND user_id = $2 AND id = $3`,
    [tenantId, userId, id],
  );
}

/** Forgets every sign-in factor of the user (the console's "reset MFA factors"); how many went. */
export async function deleteIdentityFactors(db: SqlExecutor, tenantId: string, userId: string) {
  const { rows } = await db.query<{ id: string }>(
    'DELETE FROM identity_factors WHERE tenant_id = $1 AND user_id = $2 RETURNING id',
    [tenantId, userId],
  );
  return rows.length;
}
