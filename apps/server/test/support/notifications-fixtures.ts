import { randomUUID } from 'node:crypto';
import { createCatalogApiKey, type DatabaseHandle, upsertTenant } from '@trackwell/db';
import { buildTenantDefinition } from '@trackwell/db/testing';

/**
 * A small catalogue for notification tests: publisher PUB1, committees D20 and E05, industry areas PLAS and
 * FIRE, and standard D638-14 (content code D638-CC, store page D638) in D20 and PLAS; plus a publisher key.
 */
export async function buildNotificationCatalogue(db: DatabaseHandle, tenantId: string) {
  await db.query(`INSERT INTO publishers VALUES ($1, 'PUB1', 'First Publisher')`, [tenantId]);
  await db.query(
    `INSERT INTO committees VALUES ($1, 'D20', 'Plastics', 'PUB1'), ($1, 'E05', 'Fire Standards', 'PUB1')`,
    [tenantId],
  );
  await db.query(`INSERT INTO industry_areas VALUES ($1, 'PLAS', 'Plastics'), ($1, 'FIRE', 'Fire safety')`, [
    tenantId,
  ]);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code,
       committee_designation, status, edition, published_on)
     VALUES ($1, 'D638', 'D638-CC', 'D638-14', 'Tensile Properties of Plastics', 'PUB1', 'D20', 'active', '2014',
       '2014-12-15') RETURNING id`,
    [tenantId],
  );
  const standardId = rows[0]!.id;
  await db.query(`INSERT INTO standard_industry_areas VALUES ($1, $2, 'PLAS')`, [tenantId, standardId]);
  const apiKey = await createCatalogApiKey(db, tenantId, 'test publisher');
  return { standardId, apiKey };
}

/**
 * A store of its own with that catalogue and `users` users (`<loginPrefix>-N@example.com`) who track committee
 * D20, so every change to D638-CC e-mails each of them once (the fault runs and the backup drill).
 */
export async function buildCommitteeTrackerStore(db: DatabaseHandle, users: number, loginPrefix: string) {
  const def = buildTenantDefinition();
  const tenant = await db.transaction((tx) => upsertTenant(tx, def));
  const { apiKey } = await buildNotificationCatalogue(db, tenant.id);
  await db.query(
    `INSERT INTO users (id, tenant_id, login, first_name, last_name)
     SELECT gen_random_uuid(), $1, $3 || '-' || g || '@example.com', 'User', 'N' || g FROM generate_series(1, $2) g`,
    [tenant.id, users, loginPrefix],
  );
  await db.query(
    `INSERT INTO source_trackings (tenant_id, user_id, application_code, tracking_type, value)
     SELECT $1, id, 'TRACKER', 'COMMITTEE', 'D20' FROM users WHERE tenant_id = $1`,
    [tenant.id],
  );
  return { tenant, host: def.hosts[0]!, apiKey };
}

export async function addNotificationUser(
  db: DatabaseHandle,
  tenantId: string,
  options: { locale?: string; login?: string; firstName?: string } = {},
) {
  const id = randomUUID();
  const login = options.login ?? `${id.slice(0, 8)}@example.com`;
  await db.query(
    `INSERT INTO users (id, tenant_id, login, first_name, last_name, locale) VALUES ($1, $2, $3, $4, 'Tester', $5)`,
    [id, tenantId, login, options.firstName ?? 'Ada', options.locale ?? null],
  );
  return { id, login };
}

export const trackSource = (
  db: DatabaseHandle,
  tenantId: string,
  userId: string,
  type: string,
  value: string,
) =>
  db.query(
    `INSERT INTO source_trackings (tenant_id, user_id, application_code, tracking_type, value)
     VALUES ($1, $2, 'TRACKER', $3, $4)`,
    [tenantId, userId, type, value],
  );

export const trackStandard = (db: DatabaseHandle, tenantId: string, userId: string, standardId: number) =>
  db.query('INSERT INTO content_trackings (tenant_id, user_id, standard_id) VALUES ($1, $2, $3)', [
    tenantId,
    userId,
    standardId,
  ]);

/** Polls until `check` passes or the time is up (the worker runs on its own timers). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** The designations a user tracks (content trackings), sorted. */
export async function trackedDesignations(db: DatabaseHandle, tenantId: string, userId: string) {
  const { rows } = await db.query<{ designation: string }>(
    `SELECT s.designation FROM content_trackings ct JOIN standards s ON s.id = ct.standard_id
      WHERE ct.tenant_id = $1 AND ct.user_id = $2 ORDER BY 1`,
    [tenantId, userId],
  );
  return rows.map((r) => r.designation);
}
