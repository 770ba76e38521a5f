import type { ConsoleRole } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';

/**
 * Console role grants (migration 0010): a role held by a user of the store the grant names. The server reads
 * them on every console call; the identity provider copies them into the `trackwell_roles` token claim.
 */

export interface ConsoleRoleGrantRow {
  userId: string;
  login: string;
  role: ConsoleRole;
  grantedAt: Date;
}

/** The console roles a user holds in their store (empty: none). */
export async function listUserConsoleRoles(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
): Promise<ConsoleRole[]> {
  const { rows } = await db.query<{ role: ConsoleRole }>(
    'SELECT role FROM console_role_grants WHERE tenant_id = $1 AND user_id = $2 ORDER BY role',
    [tenantId, userId],
  );
  return rows.map((r) => r.role);
}

/** Every grant of a store, with the user's login. */
export async function listConsoleRoleGrants(
  db: SqlExecutor,
  tenantId: string,
): Promise<ConsoleRoleGrantRow[]> {
  const { rows } = await db.query<{ user_id: string; login: string; role: ConsoleRole; granted_at: Date }>(
    `SELECT g.user_id, u.login, g.role, g.granted_at FROM console_role_grants g
       JOIN users u ON u.tenant_id = g.tenant_id AND u.id = g.user_id
      WHERE g.tenant_id = $1 ORDER BY u.login, g.role`,
    [tenantId],
  );
  return rows.map((r) => ({ userId: r.user_id, login: r.login, role: r.role, grantedAt: r.granted_at }));
}

/** Grants `role` to a user of the store; false when they already held it. */
export async function grantConsoleRole(
  tx: SqlExecutor,
  tenantId: string,
  userId: string,
  role: ConsoleRole,
  grantedBy: string | null,
): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO console_role_grants (tenant_id, user_id, role, granted_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING role`,
    [tenantId, userId, role, grantedBy],
  );
  return rows.length > 0;
}

/** Revokes `role` of a user of the store; false when they did not hold it. */
export async function revokeConsoleRole(
  tx: SqlExecutor,
  tenantId: string,
  userId: string,
  role: ConsoleRole,
): Promise<boolean> {
  const { rows } = await tx.query(
    'DELETE FROM console_role_grants WHERE tenant_id = $1 AND user_id = $2 AND role = $3 RETURNING role',
    [tenantId, userId, role],
  );
  return rows.length > 0;
}
