import { randomBytes, randomUUID } from 'node:crypto';
import type { AuthnFactorType } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';

/**
 * The identity provider's user store: `users` (the foundation's table, read by the tracker) plus
 * `identity_accounts` (password, status, lockout), e-mails, phones and sign-in factors. Every function takes
 * the tenant explicitly; a user of one tenant is never found through another.
 */

export type UserStatus = 'ACTIVE' | 'LOCKED_OUT' | 'SUSPENDED';

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

type UserRow = {
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

const toUser = (r: UserRow): IdentityUser => ({
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
const USER_SELECT = `SELECT u.id, u.tenant_id, u.login, u.first_name, u.last_name, u.user_type, u.locale, u.created_at,
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
async function ensureAccount(db: SqlExecutor, tenantId: string, userId: string) {
  await db.query(
    `INSERT INTO identity_accounts (tenant_id, user_id) VALUES ($1, $2) ON CONFLICT (tenant_id, user_id) DO NOTHING`,
    [tenantId, userId],
  );
}

/** Counts a failed password; locks the account when `threshold` consecutive failures are reached. */
export async function recordFailedPassword(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
  threshold: number,
): Promise<{ attempts: number; locked: boolean }> {
  await ensureAccount(db, tenantId, userId);
  const { rows } = await db.query<{ failed_attempts: number; status: UserStatus }>(
    `UPDATE identity_accounts
        SET failed_attempts = failed_attempts + 1,
            status = CASE WHEN failed_attempts + 1 >= $3 THEN 'LOCKED_OUT' ELSE status END,
            locked_at = CASE WHEN failed_attempts + 1 >= $3 AND status <> 'LOCKED_OUT' THEN now() ELSE locked_at END,
            updated_at = now()
      WHERE tenant_id = $1 AND user_id = $2
      RETURNING failed_attempts, status`,
    [tenantId, userId, threshold],
  );
  const row = rows[0];
  return { attempts: row?.failed_attempts ?? 0, locked: row?.status === 'LOCKED_OUT' };
}

export async function resetFailedPasswords(db: SqlExecutor, tenantId: string, userId: string): Promise<void> {
  await db.query(
    `UPDATE identity_accounts SET failed_attempts = 0 WHERE tenant_id = $1 AND user_id = $2 AND failed_attempts <> 0`,
    [tenantId, userId],
  );
}

/** Okta compares recovery answers case-insensitively: hash and check the trimmed, lower-cased answer. */
export const normaliseRecoveryAnswer = (answer: string) => answer.normalize('NFKC').trim().toLowerCase();

export interface RecoveryQuestion {
  question: string;
  /** scrypt hash (users-passwords.ts) of the normalised answer. */
  answerHash: string;
}

/** The user's recovery question and answer hash, or undefined when none is set. */
export async function findRecoveryQuestion(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
): Promise<RecoveryQuestion | undefined> {
  const { rows } = await db.query<{ recovery_question: string | null; recovery_answer_hash: string | null }>(
    `SELECT recovery_question, recovery_answer_hash FROM identity_accounts WHERE tenant_id = $1 AND user_id = $2`,
    [tenantId, userId],
  );
  const r = rows[0];
  return r?.recovery_question && r.recovery_answer_hash
    ? { question: r.recovery_question, answerHash: r.recovery_answer_hash }
    : undefined;
}

/**
 * Sets (or, with null, removes) the recovery question. `answerHash` must be `hashPassword(normaliseRecoveryAnswer(answer))`.
 */
export async function setRecoveryQuestion(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
  value: RecoveryQuestion | null,
): Promise<void> {
  await ensureAccount(db, tenantId, userId);
  await db.query(
    `UPDATE identity_accounts SET recovery_question = $3, recovery_answer_hash = $4, updated_at = now()
      WHERE tenant_id = $1 AND user_id = $2`,
    [tenantId, userId, value?.question ?? null, value?.answerHash ?? null],
  );
}

export async function unlockIdentityUser(db: SqlExecutor, tenantId: string, userId: string): Promise<void> {
  await ensureAccount(db, tenantId, userId);
  await db.query(
    `UPDATE identity_accounts SET status = 'ACTIVE', failed_attempts = 0, locked_at = NULL, updated_at = now()
      WHERE tenant_id = $1 AND user_id = $2 AND status = 'LOCKED_OUT'`,
    [tenantId, userId],
  );
}

/** Sets (or clears, with null) the password; clears expiry and warning. */
export async function setPasswordHash(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
  passwordHash: string | null,
): Promise<void> {
  await ensureAccount(db, tenantId, userId);
  await db.query(
    `UPDATE identity_accounts SET password_hash = $3, password_changed_at = CASE WHEN $3::text IS NULL THEN NULL ELSE now() END,
        password_expires_at = NULL, password_warn_at = NULL, failed_attempts = 0, updated_at = now()
      WHERE tenant_id = $1 AND user_id = $2`,
    [tenantId, userId, passwordHash],
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

// ---- profile attributes ---------------------------------------------------------------------------------

export interface ProfileAttribute {
  name: string;
  title: string;
  permission: 'READ_ONLY' | 'READ_WRITE';
  maxLength: number;
}

/** The tenant's own profile attributes (beyond firstName, lastName, email, login, locale). */
export async function listProfileAttributes(db: SqlExecutor, tenantId: string): Promise<ProfileAttribute[]> {
  const { rows } = await db.query<ProfileAttribute>(
    `SELECT name, title, permission, max_length AS "maxLength" FROM identity_profile_attributes
      WHERE tenant_id = $1 ORDER BY position, name`,
    [tenantId],
  );
  return rows;
}

export async function upsertProfileAttribute(
  db: SqlExecutor,
  tenantId: string,
  a: ProfileAttribute,
  position = 0,
) {
  await db.query(
    `INSERT INTO identity_profile_attributes (tenant_id, name, title, permission, max_length, position)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (tenant_id, name) DO UPDATE SET title = EXCLUDED.title, permission = EXCLUDED.permission,
       max_length = EXCLUDED.max_length, position = EXCLUDED.position`,
    [tenantId, a.name, a.title, a.permission, a.maxLength, position],
  );
}
