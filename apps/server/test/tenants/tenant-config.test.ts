import { errorEnvelope, getTenantConfigurationResponse, TENANT_CONFIG_PATH } from '@trackwell/contracts';
import { InvalidTenantError, upsertTenant } from '@trackwell/db';
import { buildTenantDefinition } from '@trackwell/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, leaksInternals, type TestApp } from '../support/helpers.ts';

const SPEC_FIELDS = [
  'compass-uri',
  'issuer-uri',
  'mae-uri',
  'client-id',
  'myaccount-uri',
  'tracker-uri',
  'login-page-url',
  'member-uri',
  'public-uri',
  'publicURL',
  'tenantName',
  'tenantCode',
  'trackerSetting',
  'footer',
];

describe(`POST ${TENANT_CONFIG_PATH}`, () => {
  let t: TestApp;
  let host: string;
  let otherHost: string;
  beforeAll(async () => {
    t = await buildTestApp({ SUPPORT_EMAIL: 'help@platform.test', PORT: '8080' });
    ({ host } = await t.createTenant({ name: 'Blue Store' }));
    ({ host: otherHost } = await t.createTenant({ name: 'Green Store' }));
  });
  afterAll(() => t.close());

  it("answers the configuration of the request's host in the spec's envelope, every field present", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: TENANT_CONFIG_PATH,
      headers: { host: `${host}:8080` },
    });
    expect(res.statusCode).toBe(200);
    const body = getTenantConfigurationResponse.parse(res.json());
    expect(body.status).toBe('200');
    for (const field of SPEC_FIELDS) expect(body.responseData.value).toHaveProperty(field);
    expect(body.responseData.value.tenantName).toBe('Blue Store');
  });

  it("resolves tenant-relative URLs against the store's canonical origin (PUBLIC_URL_TEMPLATE)", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: TENANT_CONFIG_PATH,
      headers: { host: `${host}:8080` },
    });
    const config = res.json().responseData.value;
    expect(config['issuer-uri']).toBe(`http://${host}:8080/oauth2/default`);
    expect(config.publicURL).toBe(`http://${host}:8080/store/standards/`);
    expect(config.ui.logoUrl).toMatch(new RegExp(`^http://${host}:8080/assets/[a-z0-9]+/logo\\.svg$`));
    expect(config['compass-uri']).toBe('https://compass.example.com/'); // absolute URLs are left alone
  });

  it('accepts a domain in the body instead of the host', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: TENANT_CONFIG_PATH,
      headers: { host: `${host}:8080` },
      payload: { domain: otherHost },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().responseData.value.tenantName).toBe('Green Store');
    expect(res.json().responseData.value['issuer-uri']).toBe(`http://${otherHost}:8080/oauth2/default`);
  });

  it('answers 404 with the support contact for a host that maps to no tenant', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: TENANT_CONFIG_PATH,
      headers: { host: 'nowhere.localhost' },
    });
    expect(res.statusCode).toBe(404);
    const body = errorEnvelope.parse(res.json());
    expect(body).toMatchObject({
      status: '404',
      error: 'tenant_not_found',
      // The platform's site from PLATFORM_SITE_URL (default: the demo platform store, `{port}` = PORT).
      support: {
        email: 'help@platform.test',
        siteUrl: 'http://localhost:8080/',
        searchUrl: 'http://localhost:8080/',
      },
    });
  });

  it("names the configured platform site and search page for a lost visitor, whatever the request's Host", async () => {
    const t2 = await buildTestApp({
      PLATFORM_SITE_URL: 'https://standards.example/',
      PLATFORM_SEARCH_URL: 'https://standards.example/search?from=store',
    });
    try {
      const res = await t2.app.inject({
        method: 'POST',
        url: TENANT_CONFIG_PATH,
        headers: { host: 'evil.example' },
      });
      expect(res.statusCode).toBe(404);
      expect(errorEnvelope.parse(res.json()).support).toMatchObject({
        siteUrl: 'https://standards.example/',
        searchUrl: 'https://standards.example/search?from=store',
      });
    } finally {
      await t2.close();
    }
  });

  it.each([
    ['malformed JSON', '{"domain": ', 400, 'invalid_json'],
    ['a wrong type', JSON.stringify({ domain: 42 }), 400, 'validation_error'],
    ['an unknown field', JSON.stringify({ domain: 'a.localhost', admin: true }), 400, 'validation_error'],
    ['a hostile domain', JSON.stringify({ domain: 'evil.com/<script>' }), 400, 'validation_error'],
  ])('refuses %s with a clear 4xx and no internals', async (_what, payload, status, error) => {
    const res = await t.app.inject({
      method: 'POST',
      url: TENANT_CONFIG_PATH,
      headers: { host, 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ status: String(status), error });
    expect(leaksInternals(res.body)).toBe(false);
  });

  it('refuses an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: TENANT_CONFIG_PATH,
      headers: { host, 'content-type': 'application/json' },
      payload: JSON.stringify({ domain: 'a'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: '413', error: 'body_too_large' });
  });

  it('refuses a content type it does not take', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: TENANT_CONFIG_PATH,
      headers: { host, 'content-type': 'application/xml' },
      payload: '<domain/>',
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('hostile tenant values are refused at write time', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const base = () => buildTenantDefinition();
  const cases: Array<[string, () => unknown]> = [
    [
      'a javascript: URL',
      () => {
        const d = base();
        d.config.footer.links[0]!.url = 'javascript:alert(1)';
        return d;
      },
    ],
    [
      'a protocol-relative URL',
      () => {
        const d = base();
        d.config['login-page-url'] = '//evil.example/login';
        return d;
      },
    ],
    [
      'CSS that escapes its declaration',
      () => {
        const d = base();
        (d.theme.colors as Record<string, string>).primary = 'red;}body{display:none';
        return d;
      },
    ],
    [
      'a font outside the allow-list',
      () => ({ ...base(), theme: { ...base().theme, font: '"x";}</style><script>' } }),
    ],
    [
      'an SVG logo with script',
      () => ({
        ...base(),
        logoSvg: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      }),
    ],
    [
      'an SVG logo with an event handler',
      () => ({ ...base(), logoSvg: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>' }),
    ],
    [
      'control characters in the tenant name',
      () => {
        const d = base();
        d.config.tenantName = 'Store\u0000\u202e';
        return d;
      },
    ],
    ['a host that is not a host name', () => ({ ...base(), hosts: ['evil.com/path'] })],
  ];

  it.each(cases)('refuses %s and writes nothing', async (_what, make) => {
    const before = await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tenants');
    await expect(t.app.db.transaction((tx) => upsertTenant(tx, make()))).rejects.toBeInstanceOf(
      InvalidTenantError,
    );
    const after = await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tenants');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it("refuses a host that already belongs to another tenant, leaving that tenant's hosts as they were", async () => {
    const { host } = await t.createTenant();
    const intruder = buildTenantDefinition({ hosts: [host] });
    await expect(t.app.db.transaction((tx) => upsertTenant(tx, intruder))).rejects.toThrow(/already belongs/);
    const res = await t.app.inject({ method: 'POST', url: TENANT_CONFIG_PATH, headers: { host } });
    expect(res.json().responseData.value.tenantCode).not.toBe(intruder.code);
  });
});
