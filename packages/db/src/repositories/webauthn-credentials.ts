import type { SqlExecutor } from '../client.ts';
import { newIdentityId } from './users.ts';

/**
 * A user's passkeys (WebAuthn credentials, migration 0022). Every statement names the tenant, and
 * those of one user name the user too, so another store's or another user's credential matches nothing.
 */

export interface WebAuthnCredential {
  id: string;
  userId: string;
  /** The authenticator's credential id, base64url. */
  credentialId: string;
  publicKey: Uint8Array;
  signCount: number;
  transports: string[];
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

interface Row {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  sign_count: string | number;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const COLUMNS =
  'id, user_id, credential_id, public_key, sign_count, transports, name, created_at, last_used_at';

const toCredential = (r: Row): WebAuthnCredential => ({
  id: r.id,
  userId: r.user_id,
  credentialId: r.credential_id,
  publicKey: new Uint8Array(Buffer.from(r.public_key, 'base64url')),
  signCount: Number(r.sign_count),
  transports: r.transports ?? [],
  name: r.name,
  createdAt: new Date(r.created_at),
  lastUsedAt: r.last_used_at ? new Date(r.last_used_at) : null,
});

/** The user's passkeys, oldest first. */
export async function listWebAuthnCredentials(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
): Promise<WebAuthnCredential[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM identity_webauthn_credentials WHERE tenant_id = $1 AND user_id = $2
      ORDER BY created_at, id`,
    [tenantId, userId],
  );
  return rows.map(toCredential);
}

/** A passkey of this store by the authenticator's credential id (sign-in). */
export async function findWebAuthnCredential(
  db: SqlExecutor,
  tenantId: string,
  credentialId: string,
): Promise<WebAuthnCredential | undefined> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM identity_webauthn_credentials WHERE tenant_id = $1 AND credential_id = $2`,
    [tenantId, credentialId],
  );
  return rows[0] && toCredential(rows[0]);
}

/** Stores a new passkey; undefined when the credential id is already registered at this store. */
export async function addWebAuthnCredential(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
  input: {
    credentialId: string;
    publicKey: Uint8Array;
    signCount: number;
    transports: string[];
    name: string;
  },
): Promise<WebAuthnCredential | undefined> {
  const { rows } = await db.query<Row>(
    `INSERT INTO identity_webauthn_credentials
       (id, tenant_id, user_id, credential_id, public_key, sign_count, transports, name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (tenant_id, credential_id) DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      newIdentityId('pky'),
      tenantId,
      userId,
      input.credentialId,
      Buffer.from(input.publicKey).toString('base64url'),
      input.signCount,
      input.transports,
      input.name,
    ],
  );
  return rows[0] && toCredential(rows[0]);
}

/**
 * Records a sign-in with the passkey: the new signature counter and the time. Only when the counter moved on
 * (or both are 0, an authenticator without a counter), so two uses of one assertion cannot both succeed.
 */
export async function recordWebAuthnUse(
  db: SqlExecutor,
  tenantId: string,
  id: string,
  signCount: number,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE identity_webauthn_credentials SET sign_count = $3, last_used_at = now()
      WHERE tenant_id = $1 AND id = $2 AND (sign_count < $3 OR (sign_count = 0 AND $3 = 0))`,
    [tenantId, id, signCount],
  );
  return (rowCount ?? 0) > 0;
}

export async function renameWebAuthnCredential(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
  id: string,
  name: string,
): Promise<WebAuthnCredential | undefined> {
  const { rows } = await db.query<Row>(
    `UPDATE identity_webauthn_credentials SET name = $4 WHERE tenant_id = $1 AND user_id = $2 AND id = $3
     RETURNING ${COLUMNS}`,
    [tenantId, userId, id, name],
  );
  return rows[0] && toCredential(rows[0]);
}

export async function deleteWebAuthnCredential(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
  id: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    'DELETE FROM identity_webauthn_credentials WHERE tenant_id = $1 AND user_id = $2 AND id = $3',
    [tenantId, userId, id],
  );
  return (rowCount ?? 0) > 0;
}
