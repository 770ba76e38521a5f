import { randomBytes } from 'node:crypto';
import { REGISTRATION_PATHS } from '@trackwell/contracts';
import { createStoreApiKey } from '@trackwell/db';
import { buildTenantDefinition } from '@trackwell/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedUser } from '../support/embedded-signin.ts';
import { buildTestApp, leaksInternals, type TestApp } from '../support/helpers.ts';

/**
 * A login that passes for another one is refused, or taken for what it is, by the Users API and by
 * self-registration alike (one rule: contracts' login-name.ts): full-width letters are the account they
 * imitate (NFKC), a Cyrillic letter among Latin ones, a zero-width space and a trailing dot are 400 naming
 * the field, in Okta's error shape. Nothing is created.
 */

let t: TestApp;
let store: { host: string; tenantId: string };
let key = '';

beforeAll(async () => {
  t = await buildTestApp({ SMTP_SINK_PORT: '0' });
  const def = buildTenantDefinition();
  const made = await t.createTenant({
    code: def.code,
    config: { ...def.config, registrationTermsUrl: '/store/terms' },
  });
  store = { host: made.host, tenantId: made.tenant.id };
  key = (await t.app.db.transaction((tx) => createStoreApiKey(tx, store.tenantId, 'k', null, 'provisioning')))
    .key;
}, 60_000);
afterAll(() => t.close());

const userCount = async () =>
  Number(
    (
      await t.app.db.query<{ n: string }>('SELECT count(*)::text AS n FROM users WHERE tenant_id = $1', [
        store.tenantId,
      ])
    ).rows[0]?.n,
  );

const createUser = (login: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users?activate=false',
    headers: { host: store.host, authorization: `SSWS ${key}` },
    payload: {
      profile: {
        login,
        email: `x${randomBytes(3).toString('hex')}@example.test`,
        firstName: 'A',
        lastName: 'B',
      },
    },
  });

const register = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: REGISTRATION_PATHS.register,
    headers: { host: store.host },
    payload: { email, firstName: 'Zoë', lastName: 'Ng', password: 'Brand-new-Pass-42', acceptTerms: true },
  });

const fresh = () => `lookalike${randomBytes(4).toString('hex')}@example.test`;
const LOOK_ALIKES: Array<[string, (login: string) => string]> = [
  ['a Cyrillic е among Latin letters', (l) => l.replace('e', '\u0435')],
  ['a zero-width space', (l) => l.replace('@', '\u200b@')],
  ['a trailing dot', (l) => `${l}.`],
  ['a right-to-left mark', (l) => `\u200f${l}`],
];

function expectOktaFieldError(res: Awaited<ReturnType<typeof createUser>>, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(leaksInternals(res.body)).toBe(false);
  const body = res.json() as { errorCode: string; errorCauses: Array<{ errorSummary: string }> };
  expect(body.errorCode).toBe('E0000001');
  expect(body.errorCauses.map((c) => c.errorSummary).join(' ')).toContain(field);
}

describe('look-alike logins', { timeout: 60_000 }, () => {
  it.each(LOOK_ALIKES)(
    'the Users API refuses a login with %s: 400 E0000001 naming login',
    async (_what, disguise) => {
      const before = await userCount();
      expectOktaFieldError(await createUser(disguise(fresh())), 'login');
      expect(await userCount()).toBe(before);
    },
  );

  it.each(LOOK_ALIKES)(
    'registration refuses an address with %s: 400 E0000001 naming email',
    async (_what, disguise) => {
      const before = await userCount();
      expectOktaFieldError(await register(disguise(fresh())), 'email');
      expect(await userCount()).toBe(before);
    },
  );

  it('a full-width copy of an existing login is that login: the Users API answers it exists', async () => {
    const owner = await createEmbeddedUser(t.app, store.tenantId);
    const fullWidth = [...owner.login]
      .map((c) => (/[a-z]/.test(c) ? String.fromCodePoint(c.codePointAt(0)! + 0xfee0) : c))
      .join('');
    expect(fullWidth).not.toBe(owner.login);
    const before = await userCount();
    const res = await createUser(fullWidth);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain('login');
    expect(await userCount()).toBe(before);
  });

  it('a full-width address registers as its plain form: the owner of that account is told, nothing created', async () => {
    const owner = await createEmbeddedUser(t.app, store.tenantId);
    const fullWidth = owner.login.replace(/[a-z]/g, (c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0));
    const before = await userCount();
    expect((await register(fullWidth)).statusCode).toBe(200);
    await expect
      .poll(async () => {
        const r = await t.app.inject({
          method: 'GET',
          url: `/_dev/mail/messages?to=${encodeURIComponent(owner.login)}`,
        });
        return (r.json().messages as Array<{ subject: string }>).map((m) => m.subject).join(' ');
      })
      .toMatch(/someone tried to register/);
    expect(await userCount()).toBe(before);
  });

  it('plain international logins in one script are still accepted', async () => {
    const res = await createUser(`иван${Date.now() % 100_000}@пример.рф`);
    expect(res.statusCode, res.body).toBe(200);
  });
});
