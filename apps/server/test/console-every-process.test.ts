import { CONSOLE_PATHS, getTenantConfigurationResponse, TENANT_CONFIG_PATH } from '@trackwell/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { a, adminA, callAs, t, useConsoleWorld } from './console-world.ts';

/**
 * A store saved in the console reaches every running process without a restart: a second app on the same
 * database (on PostgreSQL: its own connections, as another process; on PGlite: the same handle) has the
 * store's configuration cached, and shows the change once the first app's PATCH commits (the `tenants`
 * trigger's NOTIFY empties every process's tenant cache).
 */
useConsoleWorld();

let other: FastifyInstance;
beforeAll(async () => {
  other = await t.sibling();
});

const nameOn = async (app: FastifyInstance) => {
  const res = await app.inject({ method: 'POST', url: TENANT_CONFIG_PATH, headers: { host: a.host } });
  expect(res.statusCode).toBe(200);
  return getTenantConfigurationResponse.parse(res.json()).responseData.value.tenantName;
};

describe('a saved store reaches every process', () => {
  it('the other process shows the new name after the PATCH, without a restart', async () => {
    expect(await nameOn(other)).toBe('Store A'); // cached there now
    const res = await callAs(adminA, {
      method: 'PATCH',
      url: CONSOLE_PATHS.store.replace(':code', a.tenant.code),
      payload: { config: { tenantName: 'Store A, everywhere' } },
    });
    expect(res.statusCode).toBe(200);
    let name = '';
    for (let i = 0; i < 100 && name !== 'Store A, everywhere'; i++) {
      name = await nameOn(other);
      if (name !== 'Store A, everywhere') await new Promise((r) => setTimeout(r, 20));
    }
    expect(name).toBe('Store A, everywhere');
  });
});
