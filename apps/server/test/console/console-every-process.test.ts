import { CONSOLE_PATHS, getTenantConfigurationResponse, TENANT_CONFIG_PATH } from '@trackwell/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { a, adminA, callAs, operator, platform, t, useConsoleWorld } from '../support/console-world.ts';

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

const configOn = (app: FastifyInstance, host: string) =>
  app.inject({ method: 'POST', url: TENANT_CONFIG_PATH, headers: { host } });
const nameOn = async (app: FastifyInstance) => {
  const res = await configOn(app, a.host);
  expect(res.statusCode).toBe(200);
  return getTenantConfigurationResponse.parse(res.json()).responseData.value.tenantName;
};

describe('a saved store reaches every process', () => {
  it('the other process shows the new name after the PATCH, without a restart', async () => {
    expect(await nameOn(other)).toBe(await nameOn(t.app)); // cached there now
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

  it('the process that saved shows the change on the next request, before any NOTIFY has reached it', async () => {
    // A process that hears no NOTIFY (as when the database's notification is still on its way): its own
    // save must still empty its own cache, or its next request would serve the old store for 30 s.
    const deaf = await t.sibling({ deaf: true });
    const before = await nameOn(deaf); // cached there now
    const token = await a.token(adminA.user);
    const res = await deaf.inject({
      method: 'PATCH',
      url: CONSOLE_PATHS.store.replace(':code', a.tenant.code),
      headers: { host: a.host, authorization: `Bearer ${token}` },
      payload: { config: { tenantName: `${before}, saved here` } },
    });
    expect(res.statusCode).toBe(200);
    expect(await nameOn(deaf)).toBe(`${before}, saved here`);
  });

  it('a store created by a process serves on that process at once, though it had just answered "no store" there', async () => {
    const deaf = await t.sibling({ deaf: true });
    const host = 'just-made.test.localhost';
    expect((await configOn(deaf, host)).statusCode).toBe(404); // remembered as unknown (for 5 s)
    const token = await platform.token(operator.user);
    const res = await deaf.inject({
      method: 'POST',
      url: CONSOLE_PATHS.stores,
      headers: { host: platform.host, authorization: `Bearer ${token}` },
      payload: { code: 'justmade', name: 'Just Made', hosts: [host] },
    });
    expect(res.statusCode).toBe(201);
    const made = await configOn(deaf, host);
    expect(made.statusCode).toBe(200);
    expect(getTenantConfigurationResponse.parse(made.json()).responseData.value.tenantName).toBe('Just Made');
  });
});
