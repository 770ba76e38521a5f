import type { SqlExecutor } from '../client.ts';
import { ensureAccount, type UserStatus } from './users.ts';

/**
 * A user's credentials state in `identity_accounts`: consecutive failed passwords and the lockout they lead
 * to, the recovery question, the password hash and its expiry. Every function takes the tenant.
 */

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

/** A completed sign-in (every factor passed): the Users API's `lastLogin` (Okta's user object). */
export async function recordSignIn(db: SqlExecutor, tenantId: string, userId: string): Promise<void> {
  await db.query(`UPDATE identity_accounts SET last_login_at = now() WHERE tenant_id = $1 AND user_id = $2`, [
    tenantId,
    userId,
  ]);
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

/**
 * Sets (or clears, with null) the password; clears expiry and warning. A password set by a PROVISIONED user
 * (the activation link) or one in RECOVERY (the store's reset) makes them ACTIVE.
 */
export async function setPasswordHash(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
  passwordHash: string | null,
): Promise<void> {
  await ensureAccount(db, tenantId, userId);
  await db.query(
    `UPDATE identity_accounts SET password_hash = $3, password_changed_at = CASE WHEN $3::text IS NULL THEN NULL ELSE now() END,
        password_expires_at = NULL, password_warn_at = NULL, failed_attempts = 0, updated_at = now(),
        status = CASE WHEN $3::text IS NOT NULL AND status IN ('PROVISIONED', 'RECOVERY') THEN 'ACTIVE' ELSE status END,
        activated_at = CASE WHEN $3::text IS NOT NULL AND status = 'PROVISIONED' THEN now() ELSE activated_at END
      WHERE tenant_id = $1 AND user_id = $2`,
    [tenantId, userId, passwordHash],
  );
}

/** A stronger hash of the same password: only the hash is written, so an expiry or a warning stays. */
export async function replacePasswordHash(db: SqlExecutor, tenantId: string, userId: string, hash: string) {
  await db.query('UPDATE identity_accounts SET password_hash = $3 WHERE tenant_id = $1 AND user_id = $2', [
    tenantId,
    userId,
    hash,
  ]);
}
