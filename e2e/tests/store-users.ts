import { createIdentityUser, findTenantByCode, hashPassword } from '@trackwell/db';
import { DEMO_PASSWORD } from '@trackwell/db/seed/demo-users';
import { openDatabase, pgliteDataDir } from '../../packages/db/src/client.ts';

/**
 * A user of a store the journey itself created (the journey needs no page to make shoppers' accounts), written
 * through the running server's database socket as the CLIs do, with the demo password.
 */
export async function addStoreUser(
  storeCode: string,
  user: { login: string; firstName: string; lastName: string },
): Promise<void> {
  const dataDir = process.env.TRACKWELL_E2E_DATA_DIR;
  if (!dataDir) throw new Error('TRACKWELL_E2E_DATA_DIR is not set (run through e2e/playwright.config.ts)');
  const db = await openDatabase({ dataDir: pgliteDataDir(dataDir), joinRunningServer: true });
  try {
    const store = await findTenantByCode(db, storeCode);
    if (!store) throw new Error(`no store ${storeCode}`);
    await db.transaction(async (tx) => {
      await createIdentityUser(tx, store.id, { ...user, passwordHash: await hashPassword(DEMO_PASSWORD) });
    });
  } finally {
    await db.close();
  }
}
