import type { SqlExecutor } from '../client.ts';
import { newIdentityId } from './users.ts';

/**
 * A user's e-mail addresses and phone numbers (Okta MyAccount: roles PRIMARY/SECONDARY, status
 * VERIFIED/UNVERIFIED). Every function takes the tenant and the user.
 */

// ---- e-mails -------------------------------------------------------------------------------------------

export interface IdentityEmail {
  id: string;
  email: string;
  role: 'PRIMARY' | 'SECONDARY';
  status: 'VERIFIED' | 'UNVERIFIED';
}

export async function listIdentityEmails(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
): Promise<IdentityEmail[]> {
  const { rows } = await db.query<IdentityEmail>(
    `SELECT id, email, role, status FROM identity_emails WHERE tenant_id = $1 AND user_id = $2
      ORDER BY role, created_at, id`,
    [tenantId, userId],
  );
  return rows;
}

export async function findIdentityEmail(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
  id: string,
): Promise<IdentityEmail | undefined> {
  const { rows } = await db.query<IdentityEmail>(
    'SELECT id, email, role, status FROM identity_emails WHERE tenant_id = $1 AND user_id = $2 AND id = $3',
    [tenantId, userId, id],
  );
  return rows[0];
}

/** Adds an UNVERIFIED e-mail; returns the existing one when the user already has that address. */
export async function addIdentityEmail(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
  email: string,
  role: 'PRIMARY' | 'SECONDARY',
): Promise<IdentityEmail> {
  const { rows } = await db.query<IdentityEmail>(
    `INSERT INTO identity_emails (id, tenant_id, user_id, email, role, status) VALUES ($1, $2, $3, $4, $5, 'UNVERIFIED')
     ON CONFLICT (tenant_id, user_id, email) DO UPDATE SET email = EXCLUDED.email
     RETURNING id, email, role, status`,
    [newIdentityId('eml'), tenantId, userId, email.trim().toLowerCase(), role],
  );
  return rows[0] as IdentityEmail;
}

export async function deleteIdentityEmail(db: SqlExecutor, tenantId: string, userId: string, id: string) {
  const { rowCount } = await db.query(
    `DELETE FROM identity_emails WHERE tenant_id = $1 AND user_id = $2 AND id = $3 AND role <> 'PRIMARY'`,
    [tenantId, userId, id],
  );
  return rowCount > 0;
}

/** Marks an e-mail VERIFIED. A verified PRIMARY e-mail becomes the login (the old primary becomes SECONDARY). */
export async function verifyIdentityEmail(db: SqlExecutor, tenantId: string, userId: string, id: string) {
  const { rows } = await db.query<IdentityEmail>(
    `UPDATE identity_emails SET status = 'VERIFIED' WHERE tenant_id = $1 AND user_id = $2 AND id = $3
     RETURNING id, email, role, status`,
    [tenantId, userId, id],
  );
  const email = rows[0];
  if (email?.role === 'PRIMARY') {
    await db.query(
      `UPDATE identity_emails SET role = 'SECONDARY' WHERE tenant_id = $1 AND user_id = $2 AND id <> $3 AND role = 'PRIMARY'`,
      [tenantId, userId, id],
    );
    await db.query('UPDATE users SET login = $3 WHERE tenant_id = $1 AND id = $2', [
      tenantId,
      userId,
      email.email,
    ]);
  }
  return email;
}

// ---- phones --------------------------------------------------------------------------------------------

export interface IdentityPhone {
  id: string;
  phoneNumber: string;
  status: 'VERIFIED' | 'UNVERIFIED';
}

const PHONE_COLUMNS = 'id, phone_number AS "phoneNumber", status';

export async function listIdentityPhones(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
): Promise<IdentityPhone[]> {
  const { rows } = await db.query<IdentityPhone>(
    `SELECT ${PHONE_COLUMNS} FROM identity_phones WHERE tenant_id = $1 AND user_id = $2 ORDER BY created_at, id`,
    [tenantId, userId],
  );
  return rows;
}

export async function findIdentityPhone(db: SqlExecutor, tenantId: string, userId: string, id: string) {
  const { rows } = await db.query<IdentityPhone>(
    `SELECT ${PHONE_COLUMNS} FROM identity_phones WHERE tenant_id = $1 AND user_id = $2 AND id = $3`,
    [tenantId, userId, id],
  );
  return rows[0];
}

export async function addIdentityPhone(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
  phoneNumber: string,
): Promise<IdentityPhone> {
  const { rows } = await db.query<IdentityPhone>(
    `INSERT INTO identity_phones (id, tenant_id, user_id, phone_number, status) VALUES ($1, $2, $3, $4, 'UNVERIFIED')
     ON CONFLICT (tenant_id, user_id, phone_number) DO UPDATE SET phone_number = EXCLUDED.phone_number
     RETURNING ${PHONE_COLUMNS}`,
    [newIdentityId('sms'), tenantId, userId, phoneNumber],
  );
  return rows[0] as IdentityPhone;
}

export async function deleteIdentityPhone(db: SqlExecutor, tenantId: string, userId: string, id: string) {
  const { rowCount } = await db.query(
    'DELETE FROM identity_phones WHERE tenant_id = $1 AND user_id = $2 AND id = $3',
    [tenantId, userId, id],
  );
  return rowCount > 0;
}

export async function verifyIdentityPhone(db: SqlExecutor, tenantId: string, userId: string, id: string) {
  await db.query(
    `UPDATE identity_phones SET status = 'VERIFIED' WHERE tenant_id = $1 AND user_id = $2 AND id = $3`,
    [tenantId, userId, id],
  );
}
