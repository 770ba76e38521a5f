import { randomBytes, randomUUID } from 'node:crypto';
import type { StoredUserStatus } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';

/**
 * The identity provider's users: `users` (the foundation's table, read by the tracker) joined with
 * `identity_accounts` (password, status, lockout): create, find, update the profile. Beside it:
 * user-credentials.ts (lockout, recovery question, password), user-contacts.ts (e-mails, phones),
 * user-factors.ts (sign-in factors), users-passwords.ts (hashing). Every function takes the tenant
 * explicitly; a user of one tenant is never found through another.
 */

/** Okta's user statuses as stored (contracts okta-users.ts; migration 0015 added the lifecycle's others). */
export type UserStatus = StoredUserStatus;

export interface IdentityUser {
  id: string;
  tenantId: string;
  login: string;
  firstName: string;
  lastName: string;
  userType: string;
  locale: string | null;
  createdAt: Date;
  passwordHash: string | null;
  passwordChangedAt: Date | null;
  passwordExpiresAt: Date | null;
  passwordWarnAt: Date | null;
  status: UserStatus;
  /** Must enrol a factor at sign-in when it has none (MFA_ENROLL). */
  mfaRequired: boolean;
  failedAttempts: number;
  profileExtra: Record<string, unknown>;
  updatedAt: Date;
}

export type UserRow = {
  id: string;
  tenant_id: string;
  login: string;
  first_name: string;
  last_name: string;
  user_type: string;
  locale: string | null;
  created_at: Date;
  password_hash: string | null;
  password_changed_at: Date | null;
  password_expires_at: Date | null;
  password_warn_at: Date | null;
  status: UserStatus | null;
  mfa_required: boolean | null;
  failed_attempts: number | null;
  profile_extra: Record<string, unknown> | null;
  updated_at: Date | null;
};

export const toUser = (r: UserRow): IdentityUser => ({
  id: r.id,
  tenantId: r.tenant_id,
  login: r.login,
  firstName: r.first_name,
  lastName: r.last_name,
  userType: r.user_type,
  locale: r.locale,
  createdAt: r.created_at,
  passwordHash: r.password_hash,
  passwordChangedAt: r.password_changed_at,
  passwordExpiresAt: r.password_expires_at,
  passwordWarnAt: r.password_warn_at,
  status: r.status ?? 'ACTIVE',
  mfaRequired: r.mfa_required ?? false,
  failedAttempts: r.failed_attempts ?? 0,
  profileExtra: r.profile_extra ?? {},
  updatedAt: r.updated_at ?? r.created_at,
});

// Users created elsewhere (e.g. the scale seed) have no identity_accounts row yet: LEFT JOIN, defaults above.
export const USER_SELECT = `SELECT u.id, u.tenant_id, u.login, u.first_name, u.last_name, u.user_type, u.locale, u.created_at,
  a.password_hash, a.password_changed_at, a.password_expires_at, a.password_warn_at, a.status, a.mfa_required,
  a.failed_attempts,
  a.profile_extra, a.updated_at
  FROM users u LEFT JOIN identity_accounts a ON a.tenant_id = u.tenant_id AND a.user_id = u.id`;

export const normaliseLogin = (login: string) => login.trim().toLowerCase();

/** Okta-style opaque ids for e-mails, phones and factors ("eml…", "phn…", "mbl…"). */
export const newIdentityId = (prefix: string) => `${prefix}${randomBytes(9).toString('base64url')}`;

export interface CreateIdentityUserInput {
  id?: string;
  login: string;
  firstName: string;
  lastName: string;
  userType?: string;
  locale?: string | null;
  passwordHash?: string | null;
  passwordExpiresAt?: Date | null;
  passwordWarnAt?: Date | null;
  status?: UserStatus;
  mfaRequired?: boolean;
  profileExtra?: Record<string, unknown>;
}

/** Creates a user with its account row and its login as the PRIMARY, VERIFIED e-mail. */
export async function createIdentityUser(
  tx: SqlExecutor,
  tenantId: string,
  input: CreateIdentityUserInput,
): Promise<IdentityUser> {
  const id = input.id ?? randomUUID();
  const login = normaliseLogin(input.login);
  await tx.query(
    `INSERT INTO users (id, tenant_id, login, first_name, last_name, user_type, locale)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      id,
      tenantId,
      login,
      input.firstName,
      input.lastName,
      input.userType ?? 'individual',
      input.locale ?? null,
    ],
  );
  await tx.query(
    `INSERT INTO identity_accounts (tenant_id, user_id, password_hash, password_changed_at, password_expires_at,
       password_warn_at, status, locked_at, profile_extra, mfa_required)
     VALUES ($1, $2, $3, CASE WHEN $3::text IS NULL THEN NULL ELSE now() END, $4, $5, $6,
       CASE WHEN $6 = 'LOCKED_OUT' THEN now() END, $7, $8)`,
    [
      tenantId,
      id,
      input.passwordHash ?? null,
      input.passwordExpiresAt ?? null,
      input.passwordWarnAt ?? null,
      input.status ?? 'ACTIVE',
      JSON.stringify(input.profileExtra ?? {}),
      input.mfaRequired ?? false,
    ],
  );
  await tx.query(
    `INSERT INTO identity_emails (id, tenant_id, user_id, email, role, status) VALUES ($1, $2, $3, $4, 'PRIMARY', 'VERIFIED')`,
    [newIdentityId('eml'), tenantId, id, login],
  );
  const user = await findIdentityUserById(tx, tenantId, id);
  if (!user) throw new Error('user vanished after insert');
  return user;
}

export async function findIdentityUserById(
  db: SqlExecutor,
  tenantId: string,
  id: string,
): Promise<IdentityUser | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const { rows } = await db.query<UserRow>(`${USER_SELECT} WHERE u.tenant_id = $1 AND u.id = $2`, [
    tenantId,
    id,
  ]);
  return rows[0] && toUser(rows[0]);
}

export async function findIdentityUserByLogin(
  db: SqlExecutor,
  tenantId: string,
  login: string,
): Promise<IdentityUser | undefined> {
  const { rows } = await db.query<UserRow>(`${USER_SELECT} WHERE u.tenant_id = $1 AND u.login = $2`, [
    tenantId,
    normaliseLogin(login),
  ]);
  return rows[0] && toUser(rows[0]);
}

/** Ensures the account row exists (users made by other seeds have none). */
export async function ensureAccount(db: SqlExecutor, tenantId: string, userId: string) {
  await db.query(
    `INSERT INTO identity_accounts (tenant_id, user_id) VALUES ($1, $2) ON CONFLICT (tenant_id, user_id) DO NOTHING`,
    [tenantId, userId],
  );
}

export interface ProfileUpdate {
  firstName: string;
  lastName: string;
  locale: string | null;
  profileExtra: Record<string, unknown>;
}

export async function updateIdentityProfile(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
  update: ProfileUpdate,
): Promise<void> {
  await ensureAccount(db, tenantId, userId);
  await db.query(
    'UPDATE users SET first_name = $3, last_name = $4, locale = $5 WHERE tenant_id = $1 AND id = $2',
    [tenantId, userId, update.firstName, update.lastName, update.locale],
  );
  await db.query(
    'UPDATE identity_accounts SET profile_extra = $3, updated_at = now() WHERE tenant_id = $1 AND user_id = $2',
    [tenantId, userId, JSON.stringify(update.profileExtra)],
  );
}
