import type { StoredUserStatus, UserFilter, UserFilterAttribute } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';
import { ensureAccount, type IdentityUser, toUser, USER_SELECT, type UserRow } from './users.ts';

/**
 * The Users API's view of a store's users (contracts okta-users.ts): the Okta lifecycle columns
 * (migration 0015), the primary e-mail and the recovery question beside the identity user; the list with
 * Okta's filter/search tree and `q`, paged by id; status changes and deletion. Every function takes the tenant.
 */

export interface ProvisionedUser extends IdentityUser {
  email: string;
  recoveryQuestion: string | null;
  activatedAt: Date | null;
  statusChangedAt: Date | null;
  lastLoginAt: Date | null;
}

type Row = UserRow & {
  primary_email: string | null;
  recovery_question: string | null;
  activated_at: Date | null;
  status_changed_at: Date | null;
  last_login_at: Date | null;
};

const PRIMARY_EMAIL = `(SELECT e.email FROM identity_emails e
   WHERE e.tenant_id = u.tenant_id AND e.user_id = u.id AND e.role = 'PRIMARY' LIMIT 1)`;
const SELECT = USER_SELECT.replace(
  ' FROM users u',
  `, a.recovery_question, a.activated_at, a.status_changed_at, a.last_login_at, ${PRIMARY_EMAIL} AS primary_email
  FROM users u`,
);

const toProvisioned = (r: Row): ProvisionedUser => ({
  ...toUser(r),
  email: r.primary_email ?? r.login,
  recoveryQuestion: r.recovery_question,
  activatedAt: r.activated_at,
  statusChangedAt: r.status_changed_at,
  lastLoginAt: r.last_login_at,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The user by id or, when the key is no id, by login; undefined when this store has no such user. `lock`
 * (in a transaction): the user's row stays locked until it ends, so a second change to the same user waits,
 * and then reads what the first one committed.
 */
export async function findProvisionedUser(
  db: SqlExecutor,
  tenantId: string,
  idOrLogin: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<ProvisionedUser | undefined> {
  const where = (key: string) =>
    `u.tenant_id = $1 AND ${UUID.test(key) ? 'u.id = $2::uuid' : 'u.login = lower(trim($2))'}`;
  let key = idOrLogin;
  if (lock) {
    // The lock is its own statement: the read below starts after it is granted, so it sees the account row
    // (status, password) as the previous holder left it. (A statement that waits for a lock sees the locked
    // row again, but the other tables' rows as they were when it started.)
    const { rows } = await db.query<{ id: string }>(
      `SELECT u.id FROM users u WHERE ${where(key)} FOR UPDATE`,
      [tenantId, idOrLogin],
    );
    if (!rows[0]) return undefined;
    key = rows[0].id;
  }
  const { rows } = await db.query<Row>(`${SELECT} WHERE ${where(key)}`, [tenantId, key]);
  return rows[0] && toProvisioned(rows[0]);
}

const STATUS_SQL = `CASE WHEN COALESCE(a.status, 'ACTIVE') = 'ACTIVE' AND a.password_expires_at <= now()
  THEN 'PASSWORD_EXPIRED' ELSE COALESCE(a.status, 'ACTIVE') END`;
const ATTRIBUTE_SQL: Record<UserFilterAttribute, string> = {
  id: 'u.id::text',
  status: STATUS_SQL,
  created: 'u.created_at',
  lastUpdated: 'COALESCE(a.updated_at, u.created_at)',
  'profile.login': 'u.login',
  'profile.email': `COALESCE(${PRIMARY_EMAIL}, u.login)`,
  'profile.firstName': 'u.first_name',
  'profile.lastName': 'u.last_name',
};
const DATE_OPS = { eq: '=', gt: '>', ge: '>=', lt: '<', le: '<=' } as const;

/** The filter tree as a parameterised SQL condition (values appended to `params`). */
function filterSql(filter: UserFilter, params: unknown[]): string {
  if (filter.kind !== 'cond')
    return `(${filter.items.map((f) => filterSql(f, params)).join(filter.kind === 'and' ? ' AND ' : ' OR ')})`;
  params.push(filter.value);
  const p = `$${params.length}`;
  const column = ATTRIBUTE_SQL[filter.attr];
  if (filter.attr === 'created' || filter.attr === 'lastUpdated')
    return `${column} ${DATE_OPS[filter.op as keyof typeof DATE_OPS]} ${p}::timestamptz`;
  if (filter.op === 'sw') return `starts_with(lower(${column}), lower(${p}))`;
  if (filter.op === 'co') return `strpos(lower(${column}), lower(${p})) > 0`;
  return `lower(${column}) = lower(${p})`;
}

export interface ListProvisionedUsersInput {
  filter?: UserFilter;
  /** Okta's `q`: first name, last name or e-mail starting with it. */
  q?: string;
  /** The last id of the previous page. */
  after?: string;
  limit: number;
}

/** One page of the store's users, by id; `more` says whether another page follows. */
export async function listProvisionedUsers(
  db: SqlExecutor,
  tenantId: string,
  input: ListProvisionedUsersInput,
): Promise<{ users: ProvisionedUser[]; more: boolean }> {
  const params: unknown[] = [tenantId, input.limit + 1];
  const where = ['u.tenant_id = $1'];
  if (input.after) {
    params.push(input.after);
    where.push(`u.id > $${params.length}::uuid`);
  }
  if (input.q) {
    params.push(input.q);
    const p = `$${params.length}`;
    where.push(`(starts_with(lower(u.first_name), lower(${p})) OR starts_with(lower(u.last_name), lower(${p}))
      OR starts_with(lower(${ATTRIBUTE_SQL['profile.email']}), lower(${p})))`);
  }
  if (input.filter) where.push(filterSql(input.filter, params));
  const { rows } = await db.query<Row>(
    `${SELECT} WHERE ${where.join(' AND ')} ORDER BY u.id LIMIT $2`,
    params,
  );
  return { users: rows.slice(0, input.limit).map(toProvisioned), more: rows.length > input.limit };
}

/**
 * Sets the user's stored status and when it changed; the first move to ACTIVE or PROVISIONED records the
 * activation. Clears the failed-password count (an unlock or a reactivation starts afresh).
 */
export async function setProvisionedUserStatus(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
  status: StoredUserStatus,
): Promise<void> {
  await ensureAccount(db, tenantId, userId); // users made by other seeds have no account row yet
  await db.query(
    `UPDATE identity_accounts
        SET status = $3, status_changed_at = now(), updated_at = now(), failed_attempts = 0,
            locked_at = CASE WHEN $3 = 'LOCKED_OUT' THEN locked_at END,
            activated_at = CASE WHEN $3 IN ('ACTIVE', 'PROVISIONED') THEN COALESCE(activated_at, now())
                                ELSE activated_at END
      WHERE tenant_id = $1 AND user_id = $2`,
    [tenantId, userId, status],
  );
}

/** Okta's expire_password: the next sign-in asks for a new password (PASSWORD_EXPIRED). */
export async function expireUserPassword(db: SqlExecutor, tenantId: string, userId: string): Promise<void> {
  await ensureAccount(db, tenantId, userId);
  await db.query(
    `UPDATE identity_accounts SET password_expires_at = now(), updated_at = now()
      WHERE tenant_id = $1 AND user_id = $2`,
    [tenantId, userId],
  );
}

/** Sets the primary e-mail address (the profile's `email`, which may differ from the login). */
export async function setPrimaryEmail(db: SqlExecutor, tenantId: string, userId: string, email: string) {
  await db.query(
    `UPDATE identity_emails SET email = lower(trim($3))
      WHERE tenant_id = $1 AND user_id = $2 AND role = 'PRIMARY'`,
    [tenantId, userId, email],
  );
}

/** Deletes the user and, by cascade, everything of theirs (accounts, e-mails, factors, trackings). */
export async function deleteProvisionedUser(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM users WHERE tenant_id = $1 AND id = $2', [
    tenantId,
    userId,
  ]);
  return rowCount > 0;
}

/** Changes the login; false when another user of the store already has it. */
export async function setUserLogin(db: SqlExecutor, tenantId: string, userId: string, login: string) {
  const { rowCount } = await db.query(
    `UPDATE users SET login = lower(trim($3)) WHERE tenant_id = $1 AND id = $2
       AND NOT EXISTS (SELECT 1 FROM users o WHERE o.tenant_id = $1 AND o.login = lower(trim($3)) AND o.id <> $2)`,
    [tenantId, userId, login],
  );
  return rowCount > 0;
}
