import { createCatalogApiKey, createStoreApiKey, revokeStoreApiKey, type Tenant } from '@trackwell/db';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedUser } from '../support/embedded-signin.ts';
import { buildTestApp, leaksInternals, type TestApp } from '../support/helpers.ts';

/**
 * The Users API's error answers through `inject`: every route refuses a missing, malformed,
 * revoked, publisher or other store's token with Okta's 401 E0000011, and an unknown host with 404; bad input
 * (wrong types, NUL, 10,000-character values, unknown attributes) is 400 E0000001 naming the field; a filter
 * outside Okta's grammar is 400 E0000031; another store's user is 404 E0000007. Nothing changes on a refusal.
 */

let t: TestApp;
let a: { tenant: Tenant; host: string };
let b: { tenant: Tenant; host: string };
let tokenA = '';
let tokenB = '';
let userA = '';
let userB = '';

const ROUTES: Array<{ method: InjectOptions['method']; url: () => string; payload?: object }> = [
  { method: 'GET', url: () => '/api/v1/users' },
  {
    method: 'POST',
    url: () => '/api/v1/users',
    payload: { profile: { login: 'n@x.test', email: 'n@x.test', firstName: 'N', lastName: 'X' } },
  },
  { method: 'GET', url: () => `/api/v1/users/${userA}` },
  { method: 'POST', url: () => `/api/v1/users/${userA}`, payload: { profile: { firstName: 'Z' } } },
  {
    method: 'PUT',
    url: () => `/api/v1/users/${userA}`,
    payload: { profile: { login: 'n@x.test', email: 'n@x.test', firstName: 'N', lastName: 'X' } },
  },
  { method: 'POST', url: () => `/api/v1/users/${userA}/lifecycle/suspend` },
  { method: 'DELETE', url: () => `/api/v1/users/${userA}` },
];

const call = (options: InjectOptions & { token?: string | null; host?: string }) => {
  const { token = tokenA, host = a.host, ...rest } = options;
  return t.app.inject({
    ...rest,
    headers: { host, ...(token === null ? {} : { authorization: `SSWS ${token}` }), ...(rest.headers ?? {}) },
  });
};

const okta = (res: { statusCode: number; body: string; json(): unknown }, status: number, code: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(leaksInternals(res.body)).toBe(false);
  const body = res.json() as {
    errorCode: string;
    errorId: string;
    errorSummary: string;
    errorCauses: Array<{ errorSummary: string }>;
  };
  expect(body).toMatchObject({ errorCode: code, errorLink: code });
  expect(body.errorId).toMatch(/^oae/);
  return body;
};

const counts = async () =>
  (
    await t.app.db.query<{ users: string; accounts: string }>(
      `SELECT (SELECT count(*) FROM users)::text AS users,
              (SELECT string_agg(status, ',' ORDER BY user_id) FROM identity_accounts) AS accounts`,
    )
  ).rows[0];

beforeAll(async () => {
  t = await buildTestApp({ SMTP_SINK_PORT: '0' });
  a = await t.createTenant();
  b = await t.createTenant();
  const mk = (tenant: Tenant) =>
    t.app.db.transaction((tx) => createStoreApiKey(tx, tenant.id, 'contract', null, 'provisioning'));
  tokenA = (await mk(a.tenant)).key;
  tokenB = (await mk(b.tenant)).key;
  userA = (await createEmbeddedUser(t.app, a.tenant.id)).id;
  userB = (await createEmbeddedUser(t.app, b.tenant.id)).id;
}, 60_000);
afterAll(() => t.close());

describe('the Users API refuses, in Okta’s words, and changes nothing', { timeout: 60_000 }, () => {
  it('every route: no token, another scheme, a publisher key, a revoked token, another store’s token → 401 E0000011', async () => {
    const publisherKey = await createCatalogApiKey(t.app.db, a.tenant.id, 'feed');
    const revoked = await t.app.db.transaction((tx) =>
      createStoreApiKey(tx, a.tenant.id, 'r', null, 'provisioning'),
    );
    await t.app.db.transaction((tx) => revokeStoreApiKey(tx, a.tenant.id, revoked.id, 'provisioning'));
    const before = await counts();
    for (const route of ROUTES) {
      const base = {
        method: route.method,
        url: route.url(),
        ...(route.payload ? { payload: route.payload } : {}),
      };
      okta(await call({ ...base, token: null }), 401, 'E0000011');
      okta(
        await call({ ...base, token: null, headers: { authorization: `Bearer ${tokenA}` } }),
        401,
        'E0000011',
      );
      okta(await call({ ...base, token: publisherKey }), 401, 'E0000011');
      okta(await call({ ...base, token: revoked.key }), 401, 'E0000011');
      okta(await call({ ...base, token: tokenB }), 401, 'E0000011');
      okta(await call({ ...base, host: 'no-such-store.localhost' }), 404, 'E0000007');
    }
    expect(await counts()).toEqual(before);
  });

  it("another store's user is not found, by id or login, on every route that names one", async () => {
    const before = await counts();
    for (const route of ROUTES.filter((r) => r.url().includes(userA))) {
      const url = route.url().replace(userA, userB);
      okta(
        await call({ method: route.method, url, ...(route.payload ? { payload: route.payload } : {}) }),
        404,
        'E0000007',
      );
    }
    okta(await call({ method: 'GET', url: '/api/v1/users/nobody%40example.test' }), 404, 'E0000007');
    expect(await counts()).toEqual(before);
  });

  it('bad input is 400 E0000001 (E0000003 for no JSON), naming the field; nothing is created', async () => {
    const before = await counts();
    const profile = { login: 'ok@x.test', email: 'ok@x.test', firstName: 'O', lastName: 'K' };
    const bad = [
      { profile: { ...profile, firstName: 42 } },
      { profile: { ...profile, firstName: 'nul\u0000byte' } },
      { profile: { ...profile, lastName: 'x'.repeat(10_000) } },
      { profile: { ...profile, login: 'not an email' } },
      { profile: { ...profile, favouriteColour: 'red' } },
      { profile: { ...profile, login: undefined } },
      { profile, credentials: { password: { value: 'short' } } },
      { profile, credentials: { password: { value: 'x'.repeat(10_000) } } },
      { profile, credentials: { recovery_question: { question: 'q?' } } },
    ];
    for (const payload of bad) {
      const res = await call({ method: 'POST', url: '/api/v1/users', payload });
      expect(okta(res, 400, 'E0000001').errorCauses.length).toBeGreaterThan(0);
    }
    okta(
      await call({
        method: 'POST',
        url: '/api/v1/users',
        payload: '{nope',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'E0000003',
    );
    okta(
      await call({ method: 'POST', url: '/api/v1/users?activate=maybe', payload: { profile } }),
      400,
      'E0000001',
    );
    okta(
      await call({
        method: 'POST',
        url: `/api/v1/users/${userA}`,
        payload: { profile: { firstName: 'x'.repeat(10_000) } },
      }),
      400,
      'E0000001',
    );
    okta(await call({ method: 'POST', url: `/api/v1/users/${userA}/lifecycle/explode` }), 400, 'E0000001');
    // Longer than a path parameter may be (Fastify's maxParamLength): no route, the app's 404, never a 5xx.
    expect((await call({ method: 'GET', url: `/api/v1/users/${'x'.repeat(10_000)}` })).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('a filter or search outside Okta’s grammar is 400 E0000031, never a 500', async () => {
    const expressions = [
      'status eq ACTIVE',
      'status eq "NOPE"',
      'profile.email ne "a@b"',
      'profile.email sw "a"', // sw is search-only
      'password eq "x"',
      '(status eq "ACTIVE"',
      'status eq "ACTIVE" and',
      'status eq "ACTIVE") or (',
      'created gt "yesterday"',
      '"unterminated',
      `${'('.repeat(50)}status eq "ACTIVE"${')'.repeat(50)}`,
      Array.from({ length: 30 }, () => 'status eq "ACTIVE"').join(' or '),
      "status eq 'ACTIVE'; DROP TABLE users",
    ];
    for (const expression of expressions) {
      const res = await call({
        method: 'GET',
        url: `/api/v1/users?filter=${encodeURIComponent(expression)}`,
      });
      okta(res, 400, 'E0000031');
    }
    okta(
      await call({ method: 'GET', url: `/api/v1/users?search=${encodeURIComponent('id co "1"')}` }),
      400,
      'E0000031',
    );
    okta(await call({ method: 'GET', url: '/api/v1/users?after=not-a-cursor' }), 400, 'E0000001');
    okta(await call({ method: 'GET', url: '/api/v1/users?limit=0' }), 400, 'E0000001');
  });

  it('lists only the store’s own users; the Link header comes from the store’s configured origin, not Host', async () => {
    const res = await call({
      method: 'GET',
      url: '/api/v1/users?limit=1',
      headers: { 'x-forwarded-host': 'evil.example', forwarded: 'host=evil.example' },
    });
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as Array<{ id: string }>).map((u) => u.id);
    expect(ids).toEqual([userA]);
    expect(String(res.headers.link)).toContain(`<http://${a.host}/api/v1/users?limit=1>; rel="self"`);
    expect(String(res.headers.link)).not.toContain('evil');
    expect(res.headers['x-rate-limit-limit']).toBeDefined();
  });

  it('lifecycle moves a status cannot make are 400 E0000001 or 403 E0000016, and change nothing', async () => {
    const before = await counts();
    okta(await call({ method: 'POST', url: `/api/v1/users/${userA}/lifecycle/unsuspend` }), 400, 'E0000001');
    okta(await call({ method: 'POST', url: `/api/v1/users/${userA}/lifecycle/activate` }), 403, 'E0000016');
    okta(await call({ method: 'POST', url: `/api/v1/users/${userA}/lifecycle/reactivate` }), 400, 'E0000001');
    expect(await counts()).toEqual(before);
  });
});
