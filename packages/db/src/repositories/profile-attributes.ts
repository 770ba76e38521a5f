import type { SqlExecutor } from '../client.ts';

/** A store's own profile attributes, as MyAccount's profile schema describes them (per tenant). */

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
