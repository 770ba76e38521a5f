import {
  CONSOLE_PATHS,
  consoleStoreDefinition,
  consoleStoreList,
  getTenantConfigurationResponse,
  TENANT_CONFIG_PATH,
} from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import {
  a,
  adminA,
  b,
  callAs,
  consoleRowCounts,
  editorA,
  operator,
  t,
  useConsoleWorld,
} from '../support/console-world.ts';
import { expectError } from '../support/tracker-world.ts';

/** The console's store routes: list, read, change (reaching every process) and create. */
useConsoleWorld();

const storeUrl = (code: string) => CONSOLE_PATHS.store.replace(':code', code);

/** The store's configuration as the portal reads it (the tenant cache emptied by the database's NOTIFY). */
async function tenantConfigOf(host: string) {
  const res = await t.app.inject({ method: 'POST', url: TENANT_CONFIG_PATH, headers: { host } });
  expect(res.statusCode).toBe(200);
  return getTenantConfigurationResponse.parse(res.json()).responseData.value;
}

describe('GET /stores', () => {
  it('lists every store to an operator', async () => {
    const res = await callAs(operator, { url: CONSOLE_PATHS.stores });
    expect(res.statusCode).toBe(200);
    const codes = consoleStoreList.parse(res.json()).stores.map((s) => s.code);
    expect(codes).toEqual(expect.arrayContaining([a.tenant.code, b.tenant.code]));
  });

  it('lists only their own store to an admin and an editor', async () => {
    for (const actor of [adminA, editorA]) {
      const res = await callAs(actor, { url: CONSOLE_PATHS.stores });
      expect(res.statusCode).toBe(200);
      const stores = consoleStoreList.parse(res.json()).stores;
      expect(stores.map((s) => s.code)).toEqual([a.tenant.code]);
      expect(stores[0]!.canonicalHost).toBe(a.host);
    }
  });
});

describe('GET /stores/:code', () => {
  it("answers the store's whole definition to its admin and to an operator", async () => {
    for (const actor of [adminA, operator]) {
      const res = await callAs(actor, { url: storeUrl(a.tenant.code) });
      expect(res.statusCode).toBe(200);
      const def = consoleStoreDefinition.parse(res.json());
      expect(def.hosts[0]).toBe(a.host);
      expect(def.config.tenantName).toBe('Store A');
      expect(def.logoSvg).toContain('<svg');
    }
  });

  it('answers 404 to an operator naming no store', async () => {
    expectError(await callAs(operator, { url: storeUrl('no-such-store') }), 404);
  });
});

describe('PATCH /stores/:code', () => {
  it('saves a merge patch, audits it, and the tenant configuration shows it without a restart', async () => {
    expect((await tenantConfigOf(a.host)).tenantName).toBe('Store A'); // cached now
    const res = await callAs(adminA, {
      method: 'PATCH',
      url: storeUrl(a.tenant.code),
      payload: {
        config: { tenantName: 'Store A Renamed', ui: { contactUrl: 'https://a.example/contact' } },
        theme: { radius: 12 },
      },
    });
    expect(res.statusCode).toBe(200);
    const def = consoleStoreDefinition.parse(res.json());
    expect(def.config.tenantName).toBe('Store A Renamed');
    expect(def.config.ui.languages).toEqual(['en', 'ar']); // untouched parts of `ui` kept
    expect(def.theme.radius).toBe(12);
    // The cache is emptied by the trigger's NOTIFY (no restart, no local clear): poll briefly for it.
    let name = '';
    for (let i = 0; i < 50 && name !== 'Store A Renamed'; i++) {
      name = (await tenantConfigOf(a.host)).tenantName;
      if (name !== 'Store A Renamed') await new Promise((r) => setTimeout(r, 20));
    }
    expect(name).toBe('Store A Renamed');
    const { rows } = await t.app.db.query<{
      action: string;
      actor_login: string;
      before: unknown;
      after: unknown;
    }>(
      `SELECT action, actor_login, before, after FROM console_audit_log WHERE tenant_id = $1 AND action = 'store.update'`,
      [a.tenant.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actor_login).toBe(adminA.user.login);
    expect(rows[0]!.before).toMatchObject({
      'config.tenantName': 'Store A',
      'theme.radius': expect.any(Number),
    });
    expect(rows[0]!.after).toMatchObject({ 'config.tenantName': 'Store A Renamed', 'theme.radius': 12 });
  });

  it('two PATCHes at once of different parts both stay (the store row is locked for the read-modify-write)', async () => {
    const patch = (payload: object) =>
      callAs(adminA, { method: 'PATCH', url: storeUrl(a.tenant.code), payload });
    const answers = await Promise.all([
      patch({ config: { ui: { contactUrl: 'https://a.example/both' } } }),
      patch({ featureFlags: { track_by_publishers: { enabled: true } } }),
      patch({ theme: { radius: 3 } }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const def = consoleStoreDefinition.parse((await callAs(adminA, { url: storeUrl(a.tenant.code) })).json());
    expect(def.config.ui.contactUrl).toBe('https://a.example/both');
    expect(def.featureFlags.track_by_publishers.enabled).toBe(true);
    expect(def.theme.radius).toBe(3);
  });

  const hostile: Array<[string, Record<string, unknown>, string]> = [
    [
      'a javascript: URL',
      { config: { ui: { contactUrl: 'javascript:alert(1)' } } },
      'body.config.ui.contactUrl',
    ],
    ['a 10,000-character name', { config: { tenantName: 'x'.repeat(10_000) } }, 'body.config.tenantName'],
    [
      'a CSS-breaking colour',
      { theme: { colors: { primary: 'red;}body{x:y' } } },
      'body.theme.colors.primary',
    ],
    [
      'colours a disabled button cannot be told apart in',
      { theme: { colors: { primary: '#ffffff', primaryContrast: '#ffffff' } } },
      'body.theme.colors',
    ],
    [
      'a wrong type',
      { config: { trackerSetting: { committee: { enabled: 'yes' } } } },
      'body.config.trackerSetting',
    ],
    [
      'an SVG logo with a script',
      { logoSvg: '<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>' },
      'body.logoSvg',
    ],
    ['a host that is not a host name', { hosts: ['Evil Host'] }, 'body.hosts'],
    ['a host of another store', { hosts: ['STORE_B_HOST'] }, 'body.hosts'],
    ['an unknown part', { code: 'renamed' }, 'body'],
  ];
  it.each(hostile)(
    'refuses %s with 400 naming the field, and writes nothing',
    async (_what, payload, field) => {
      if (JSON.stringify(payload.hosts) === '["STORE_B_HOST"]') payload.hosts = [b.host];
      const before = await consoleRowCounts();
      // Hosts are an operator's to change (the next test); their values are checked all the same.
      const caller = payload.hosts ? operator : adminA;
      const res = await callAs(caller, { method: 'PATCH', url: storeUrl(a.tenant.code), payload });
      const body = expectError(res, 400);
      expect(body.issues?.map((i) => i.path).some((p) => p.startsWith(field))).toBe(true);
      expect(await consoleRowCounts()).toEqual(before);
    },
  );

  it.each([
    ['hosts', { hosts: ['a-new-host.example'] }],
    ['config.tracker-uri', { config: { 'tracker-uri': 'https://collector.example/' } }],
    ['config.issuer-uri', { config: { 'issuer-uri': 'https://idp.example/oauth2/default' } }],
    ['config.client-id', { config: { 'client-id': 'other-client' } }],
  ])(
    'only an operator may change %s (where users and their tokens go): a store admin gets 403, nothing saved',
    async (field, payload) => {
      const before = await consoleRowCounts();
      const res = await callAs(adminA, { method: 'PATCH', url: storeUrl(a.tenant.code), payload });
      expect(expectError(res, 403).message).toContain(field);
      expect(await consoleRowCounts()).toEqual(before);
    },
  );

  it('an operator changes the hosts and the services of a store', async () => {
    const stored = consoleStoreDefinition.parse(
      (await callAs(operator, { url: storeUrl(a.tenant.code) })).json(),
    );
    const hosts = [...stored.hosts, `more-${a.tenant.code}.example`];
    const res = await callAs(operator, {
      method: 'PATCH',
      url: storeUrl(a.tenant.code),
      payload: { hosts, config: { 'tracker-uri': stored.config['tracker-uri'] } },
    });
    expect(res.statusCode).toBe(200);
    expect(consoleStoreDefinition.parse(res.json()).hosts).toEqual(hosts);
    // Unchanged operator-only values sent back by an admin's form are not a change.
    const same = await callAs(adminA, {
      method: 'PATCH',
      url: storeUrl(a.tenant.code),
      payload: {
        hosts,
        config: { 'tracker-uri': stored.config['tracker-uri'], tenantName: 'Store A again' },
      },
    });
    expect(same.statusCode).toBe(200);
  });

  it('refuses a NUL in a value with 400 naming the field', async () => {
    const before = await consoleRowCounts();
    const res = await callAs(adminA, {
      method: 'PATCH',
      url: storeUrl(a.tenant.code),
      payload: { config: { tenantName: 'A\u0000B' } },
    });
    expect(expectError(res, 400).issues?.[0]?.path).toMatch(/tenantName/);
    expect(await consoleRowCounts()).toEqual(before);
  });
});

describe('POST /stores', () => {
  it('creates a store for an operator, canonical host first, reachable at once', async () => {
    const res = await callAs(operator, {
      method: 'POST',
      url: CONSOLE_PATHS.stores,
      payload: {
        code: 'acme',
        name: 'ACME Standards',
        hosts: ['acme.test.localhost', 'www.acme.test.localhost'],
      },
    });
    expect(res.statusCode).toBe(201);
    const def = consoleStoreDefinition.parse(res.json());
    expect(def.hosts).toEqual(['acme.test.localhost', 'www.acme.test.localhost']);
    let name = '';
    for (let i = 0; i < 50 && name !== 'ACME Standards'; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: TENANT_CONFIG_PATH,
        headers: { host: 'www.acme.test.localhost' },
      });
      if (r.statusCode === 200)
        name = getTenantConfigurationResponse.parse(r.json()).responseData.value.tenantName;
      else await new Promise((r) => setTimeout(r, 20));
    }
    expect(name).toBe('ACME Standards');
    const { rows } = await t.app.db.query<{ actor_id: string; after: unknown }>(
      `SELECT actor_id, after FROM console_audit_log WHERE action = 'store.create' AND target = 'acme'`,
    );
    expect(rows).toEqual([
      {
        actor_id: operator.user.id,
        after: expect.objectContaining({ code: 'acme', name: 'ACME Standards' }),
      },
    ]);
  });

  it('refuses a code already taken (409) and a host of another store (400 naming hosts), writing nothing', async () => {
    const before = await consoleRowCounts();
    const taken = await callAs(operator, {
      method: 'POST',
      url: CONSOLE_PATHS.stores,
      payload: { code: a.tenant.code, name: 'Again', hosts: ['again.test.localhost'] },
    });
    expectError(taken, 409);
    const hostTaken = await callAs(operator, {
      method: 'POST',
      url: CONSOLE_PATHS.stores,
      payload: { code: 'beta', name: 'Beta', hosts: [a.host] },
    });
    expect(expectError(hostTaken, 400).issues?.[0]?.path).toBe('body.hosts');
    expect(await consoleRowCounts()).toEqual(before);
  });

  it('is for operators only: a store admin gets 403', async () => {
    const res = await callAs(adminA, {
      method: 'POST',
      url: CONSOLE_PATHS.stores,
      payload: { code: 'gamma', name: 'Gamma', hosts: ['gamma.test.localhost'] },
    });
    expectError(res, 403);
  });
});
