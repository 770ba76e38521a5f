import { grantConsoleRole, upsertTenant } from '@trackwell/db';
import { buildTenantDefinition, createTestDatabase, type TestDatabase } from '@trackwell/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/config/env.ts';
import { ProductionConfigError } from '../../src/config/production-checks.ts';
import { assertNoDemoAccounts, demoAccountProblems } from '../../src/config/production-demo-accounts.ts';
import { addNotificationUser } from '../support/notifications-fixtures.ts';

/**
 * Production mode refuses a database that still holds the demo's sign-in accounts (published password),
 * however it got them; a store's own users under the same domain are not mistaken for them.
 */
describe('production mode and the demo accounts of the database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  const newStore = async () => {
    const def = buildTenantDefinition();
    return database.handle.transaction((tx) => upsertTenant(tx, def));
  };
  const PRODUCTION = parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example/trackwell' });

  it('finds nothing in a database of real stores and users', async () => {
    const store = await newStore();
    await addNotificationUser(database.handle, store.id, { login: `ada@${store.code}.example` });
    expect(await demoAccountProblems(database.handle, 'DATA_DIR')).toEqual([]);
    await expect(assertNoDemoAccounts(PRODUCTION, database.handle)).resolves.toBeUndefined();
  });

  it('names the stores holding a demo user or a demo console account, and the setting that chose the database', async () => {
    const withUser = await newStore();
    await addNotificationUser(database.handle, withUser.id, { login: `user@${withUser.code}.example` });
    const withAdmin = await newStore();
    const admin = await addNotificationUser(database.handle, withAdmin.id, {
      login: `admin@${withAdmin.code}.example`,
    });
    await grantConsoleRole(database.handle, withAdmin.id, admin.id, 'store_admin', null);
    const [problem, ...others] = await demoAccountProblems(database.handle, 'DATABASE_URL');
    expect(others).toEqual([]);
    expect(problem).toMatch(/^DATABASE_URL: this database holds the demo sign-in accounts/);
    expect(problem).toContain([withUser.code, withAdmin.code].sort().join(', '));
    await expect(assertNoDemoAccounts(PRODUCTION, database.handle)).rejects.toThrow(ProductionConfigError);
    // Development (`npm start`) keeps its demo.
    await expect(assertNoDemoAccounts(parseEnv({}), database.handle)).resolves.toBeUndefined();
  });
});
