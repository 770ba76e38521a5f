import { ACCOUNT_DATA_PATHS as PATHS, TRACKER_PATHS } from '@trackwell/contracts';
import { createIdentityUser, hashPassword } from '@trackwell/db';
import { buildTenantDefinition } from '@trackwell/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedUser, EMBEDDED_PASSWORD, embeddedAccessToken } from '../support/embedded-signin.ts';
import { buildTestApp, type TestApp } from '../support/helpers.ts';

/**
 * Users own their account (MyAccount API additions): the signed-in devices and signing them out
 * (the other device's token is refused at once), export my data (only the caller's own), delete my account
 * (step-up; the address can be used again). Each test makes its own store and users; every device is a real
 * sign-in through authn → authorize → token.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

async function store() {
  const def = buildTenantDefinition();
  const { tenant, host } = await t.createTenant({ code: def.code, config: def.config });
  return { tenant, host, clientId: tenant.config['client-id'] };
}
type Store = Awaited<ReturnType<typeof store>>;

const signIn = (s: Store, login: string) => embeddedAccessToken(t.app, s.host, s.clientId, login);
const call = (s: Store, token: string, method: 'GET' | 'DELETE', url: string) =>
  t.app.inject({
    method,
    url,
    headers: { host: s.host, authorization: `Bearer ${token}`, accept: 'application/json' },
  });
type Listed = { sessions: Array<{ id: string; current: boolean; signedInAt: string; lastActiveAt: string }> };
const sessionsOf = async (s: Store, token: string) =>
  ((await call(s, token, 'GET', PATHS.sessions)).json() as Listed).sessions;
const profileStatus = async (s: Store, token: string) =>
  (await call(s, token, 'GET', '/idp/myaccount/profile')).statusCode;

describe('signed-in devices', () => {
  it('lists both sessions, marks this one, and signing the other out refuses its token at once', async () => {
    const s = await store();
    const user = await createEmbeddedUser(t.app, s.tenant.id);
    const first = await signIn(s, user.login);
    const second = await signIn(s, user.login);
    const seen = await sessionsOf(s, first);
    expect(seen).toHaveLength(2);
    expect(seen.filter((x) => x.current)).toHaveLength(1);
    const other = seen.find((x) => !x.current)!;
    expect(Date.parse(other.signedInAt)).toBeGreaterThan(0);

    expect((await call(s, first, 'DELETE', PATHS.session.replace(':id', other.id))).statusCode).toBe(204);
    expect(await profileStatus(s, second)).toBe(401);
    expect(await profileStatus(s, first)).toBe(200);
    expect(await sessionsOf(s, first)).toHaveLength(1);
  });

  it('"sign out everywhere else" ends every other session and keeps this one', async () => {
    const s = await store();
    const user = await createEmbeddedUser(t.app, s.tenant.id);
    const tokens = [await signIn(s, user.login), await signIn(s, user.login), await signIn(s, user.login)];
    const res = await call(s, tokens[0]!, 'DELETE', PATHS.sessions);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signedOut: 2 });
    expect(await profileStatus(s, tokens[1]!)).toBe(401);
    expect(await profileStatus(s, tokens[2]!)).toBe(401);
    expect(await profileStatus(s, tokens[0]!)).toBe(200);
  });

  it('another user’s session id, another store’s, and an unknown one are 404; this session is 400; bad ids 400', async () => {
    const s = await store();
    const other = await store();
    const me = await createEmbeddedUser(t.app, s.tenant.id);
    const them = await createEmbeddedUser(t.app, s.tenant.id);
    const elsewhere = await createEmbeddedUser(t.app, other.tenant.id);
    const mine = await signIn(s, me.login);
    const theirs = await signIn(s, them.login);
    const foreign = await signIn(other, elsewhere.login);
    const theirId = (await sessionsOf(s, theirs))[0]!.id;
    const foreignId = (await sessionsOf(other, foreign))[0]!.id;
    const myId = (await sessionsOf(s, mine))[0]!.id;
    const del = (id: string) => call(s, mine, 'DELETE', PATHS.session.replace(':id', encodeURIComponent(id)));
    for (const id of [theirId, foreignId, 'no-such-session']) {
      const res = await del(id);
      expect(res.statusCode).toBe(404);
      expect(res.json().errorCode).toBe('E0000007');
    }
    expect(await profileStatus(s, theirs)).toBe(200);
    expect(await profileStatus(other, foreign)).toBe(200);
    const own = await del(myId);
    expect(own.statusCode).toBe(400);
    expect(own.json().errorCauses[0].errorSummary).toMatch(/^id:/);
    for (const bad of ['a b', 'a\u0000b', 'a.b']) {
      const res = await del(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('E0000001');
    }
    // Longer than Fastify's path parameter limit (100): 414, as every route with an id answers it.
    expect((await del('x'.repeat(10_000))).statusCode).toBe(414);
  });

  it('without a token: 401; another store’s token: 401', async () => {
    const s = await store();
    const other = await store();
    const u = await createEmbeddedUser(t.app, other.tenant.id);
    const foreign = await signIn(other, u.login);
    for (const [method, url] of [
      ['GET', PATHS.sessions],
      ['DELETE', PATHS.sessions],
      ['GET', PATHS.export],
      ['DELETE', PATHS.account],
    ] as const) {
      const anonymous = await t.app.inject({ method, url, headers: { host: s.host } });
      expect(anonymous.statusCode).toBe(401);
      expect((await call(s, foreign, method, url)).statusCode).toBe(401);
    }
  });
});

describe('export my data', () => {
  it('is a JSON download of the caller’s own profile, e-mails, trackings, sessions and preferences', async () => {
    const s = await store();
    const me = await createEmbeddedUser(t.app, s.tenant.id);
    const them = await createEmbeddedUser(t.app, s.tenant.id);
    const token = await signIn(s, me.login);
    await signIn(s, them.login);
    const res = await call(s, token, 'GET', PATHS.export);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="account-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    const body = JSON.parse(res.body);
    expect(body.profile).toMatchObject({ id: me.id, login: me.login, firstName: 'Ada' });
    expect(body.store).toBe(s.tenant.code);
    expect(body.sessions).toHaveLength(1);
    expect(body.trackings.standards).toEqual([]);
    expect(body.trackings.sources.TRACKER).toEqual({
      COMMITTEE: [],
      INDUSTRYAREA: [],
      PUBLISHERS: [],
      WORKITEM: [],
    });
    expect(body.deliveries).toEqual([]);
    expect(body.notificationPreferences.kinds.length).toBeGreaterThan(0);
    expect(body.successorPreference).toEqual({ followAutomatically: false });
    expect(res.body).not.toContain(them.login);
    expect(TRACKER_PATHS).toBeDefined();
  });
});

describe('delete my account', () => {
  it('needs a recent sign-in (step-up): an older one is 403 insufficient_authentication_context, nothing deleted', async () => {
    const old = await buildTestApp({ IDP_STEP_UP_MAX_AGE_SECONDS: '1' });
    try {
      const def = buildTenantDefinition();
      const { tenant, host } = await old.createTenant({ code: def.code, config: def.config });
      const user = await createEmbeddedUser(old.app, tenant.id);
      const token = await embeddedAccessToken(old.app, host, tenant.config['client-id'], user.login);
      await new Promise((r) => setTimeout(r, 2_100));
      const res = await old.app.inject({
        method: 'DELETE',
        url: PATHS.account,
        headers: { host, authorization: `Bearer ${token}`, accept: 'application/json' },
      });
      expect(res.statusCode).toBe(403);
      expect(String(res.headers['www-authenticate'])).toContain('insufficient_authentication_context');
      const still = await old.app.db.query('SELECT 1 FROM users WHERE tenant_id = $1 AND id = $2', [
        tenant.id,
        user.id,
      ]);
      expect(still.rows).toHaveLength(1);
    } finally {
      await old.close();
    }
  });

  it('erases the user, sessions and tokens, keeps an audit entry naming no one, and frees the address', async () => {
    const s = await store();
    const user = await createEmbeddedUser(t.app, s.tenant.id);
    const bystander = await createEmbeddedUser(t.app, s.tenant.id);
    const token = await signIn(s, user.login);
    const otherDevice = await signIn(s, user.login);
    const bystanderToken = await signIn(s, bystander.login);
    expect((await call(s, token, 'DELETE', PATHS.account)).statusCode).toBe(204);

    expect(await profileStatus(s, otherDevice)).toBe(401);
    expect(await profileStatus(s, bystanderToken)).toBe(200);
    const left = await t.app.db.query(
      `SELECT (SELECT count(*)::int FROM users WHERE tenant_id = $1 AND id = $2) AS users,
              (SELECT count(*)::int FROM identity_session_devices WHERE tenant_id = $1 AND user_id = $2) AS devices,
              (SELECT count(*)::int FROM identity_oidc_payloads WHERE tenant_id = $1 AND payload->>'accountId' = $2::text) AS payloads`,
      [s.tenant.id, user.id],
    );
    expect(left.rows[0]).toEqual({ users: 0, devices: 0, payloads: 0 });
    const audit = await t.app.db.query<Record<string, unknown>>(
      `SELECT * FROM console_audit_log WHERE tenant_id = $1 AND action = 'account.delete'`,
      [s.tenant.id],
    );
    expect(audit.rows).toHaveLength(1);
    const entry = JSON.stringify(audit.rows[0]);
    expect(entry).not.toContain(user.login);
    expect(entry).not.toContain(user.id);
    await expect(authnStatus(s, user.login)).resolves.toBe(401);

    // the same address can be used again
    const again = await t.app.db.transaction(async (tx) =>
      createIdentityUser(tx, s.tenant.id, {
        login: user.login,
        firstName: 'New',
        lastName: 'Owner',
        passwordHash: await hashPassword(EMBEDDED_PASSWORD),
      }),
    );
    expect(again.id).not.toBe(user.id);
    const fresh = await signIn(s, user.login);
    expect(await profileStatus(s, fresh)).toBe(200);
  });
});

describe('delete my account twice at once (a double click, two devices)', () => {
  // The second is 404 E0000007 when it passed the token check before the first committed (PostgreSQL runs the
  // two at once), 401 when it came after (the token is revoked by then; PGlite runs transactions in turn).
  it('deletes once: one 204, the other 404 E0000007 or 401, one audit entry', async () => {
    const s = await store();
    const user = await createEmbeddedUser(t.app, s.tenant.id);
    const [first, second] = [await signIn(s, user.login), await signIn(s, user.login)];
    const answers = await Promise.all([
      call(s, first, 'DELETE', PATHS.account),
      call(s, second, 'DELETE', PATHS.account),
    ]);
    const [deleted, again] = answers.toSorted((a, b) => a.statusCode - b.statusCode);
    expect(deleted!.statusCode).toBe(204);
    expect([401, 404]).toContain(again!.statusCode);
    expect(again!.json()).toMatchObject(
      again!.statusCode === 404 ? { errorCode: 'E0000007' } : { errorCode: 'E0000011' },
    );
    const audit = await t.app.db.query(
      `SELECT 1 FROM console_audit_log WHERE tenant_id = $1 AND action = 'account.delete'`,
      [s.tenant.id],
    );
    expect(audit.rows).toHaveLength(1);
  });
});

async function authnStatus(s: Store, login: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/authn',
    headers: { host: s.host, 'content-type': 'application/json' },
    payload: { username: login, password: EMBEDDED_PASSWORD },
  });
  return res.statusCode;
}
