import { findTenantByCode, findTenantUserByLogin } from '@trackwell/db';
import { PgBoss } from 'pg-boss';
import { jobData } from '../../apps/server/src/modules/jobs/definition.ts';
import { digestJob } from '../../apps/server/src/modules/notifications/digest-job.ts';
import { openDatabase, pgliteDataDir } from '../../packages/db/src/client.ts';

/**
 * The monthly status report journey's clock and trigger, through the running server's database socket
 * (as store-users.ts): the user opted in "long ago" (so this month's 1st has come since), tracks a few
 * standards, and one run of the worker's digest job is queued now (the worker's own sweep queues one per
 * five-minute slot; a journey does not wait for it). The worker then creates and sends the report itself.
 */
export async function reportDueAndRunDigests(storeCode: string, login: string): Promise<void> {
  const dataDir = process.env.TRACKWELL_E2E_DATA_DIR;
  if (!dataDir) throw new Error('TRACKWELL_E2E_DATA_DIR is not set (run through e2e/playwright.config.ts)');
  const db = await openDatabase({ dataDir: pgliteDataDir(dataDir), joinRunningServer: true });
  try {
    const store = await findTenantByCode(db, storeCode);
    const user = store && (await findTenantUserByLogin(db, store.id, login));
    if (!store || !user) throw new Error(`no user ${login} in ${storeCode}`);
    await db.query(
      `UPDATE notification_schedules SET status_report_since = '2000-01-01T00:00:00Z'
        WHERE tenant_id = $1 AND user_id = $2 AND status_report_since IS NOT NULL`,
      [store.id, user.id],
    );
    await db.query(
      `INSERT INTO content_trackings (tenant_id, user_id, standard_id)
       SELECT $1, $2, id FROM standards WHERE tenant_id = $1 ORDER BY designation LIMIT 3`,
      [store.id, user.id],
    );
    const { driver } = db;
    if (driver.engine !== 'postgres') throw new Error('the running server’s database is not joined');
    const pool = driver.pool;
    const boss = new PgBoss({
      schema: 'pgboss',
      supervise: false,
      schedule: false,
      migrate: false,
      db: { executeSql: (text, values) => pool.query(text, values as unknown[]) },
    });
    await boss.start();
    await boss.send(digestJob.name, jobData(digestJob, {}));
    await boss.stop({ graceful: false });
  } finally {
    await db.close();
  }
}
