import type { DatabaseHandle } from '@trackwell/db';
import type { Env } from './env.ts';
import { ProductionConfigError, productionModeReason } from './production-checks.ts';

/**
 * Production mode, once the database is open: a database that still holds the demo's sign-in accounts (a
 * database first run with `npm start`, then switched to production) is refused too, since their password is
 * published (README, the start banner) and the demo operator reaches every store. SEED_DEMO=false stops the
 * seed from making them; this finds the ones already made. Checked after the settings (production-checks.ts),
 * which need no database.
 */
export async function demoAccountProblems(
  db: DatabaseHandle,
  setting: 'DATABASE_URL' | 'DATA_DIR',
): Promise<string[]> {
  const { storesWithDemoUsers, listDemoConsoleAccounts } = await import('@trackwell/db/seed/demo-users');
  const stores = new Set([
    ...(await storesWithDemoUsers(db)).map((s) => s.code),
    ...(await listDemoConsoleAccounts(db)).map((a) => a.storeCode),
  ]);
  if (stores.size === 0) return [];
  return [
    `${setting}: this database holds the demo sign-in accounts (<name>@<store>.example, published password) ` +
      `of the stores ${[...stores].sort().join(', ')}; run production on a database without the demo ` +
      '(a new one, with SEED_DEMO=false)',
  ];
}

/** Throws a ProductionConfigError when production mode applies and the database has demo accounts. */
export async function assertNoDemoAccounts(env: Env, db: DatabaseHandle): Promise<void> {
  const reason = productionModeReason(env);
  if (!reason) return;
  const problems = await demoAccountProblems(db, env.DATABASE_URL ? 'DATABASE_URL' : 'DATA_DIR');
  if (problems.length > 0) throw new ProductionConfigError(reason, problems);
}
