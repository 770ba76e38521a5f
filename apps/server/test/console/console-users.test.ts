import {
  CONSOLE_PATHS,
  type ConsoleUserAction,
  consoleUserDetail,
  consoleUserList,
} from '@trackwell/contracts';
import { setSourceTrackings, upsertIdentityFactor } from '@trackwell/db';
import { describe, expect, it } from 'vitest';
import {
  a,
  adminA,
  adminB,
  b,
  callAs,
  editorA,
  nobodyA,
  operator,
  t,
  useConsoleWorld,
} from '../support/console-world.ts';
import { createEmbeddedUser, EMBEDDED_PASSWORD } from '../support/embedded-signin.ts';
import { leaksInternals } from '../support/helpers.ts';

/**
 * A store's users in the console — search (q, status, cursor pages), one user's detail, the
 * actions (lock/unlock, reset password, reset factors, deactivate/reactivate) and delete (only once
 * deactivated), each audited; 400 naming the field, 401, 403 for roles that may not, 404 for another
 * store's user, another store's host refused. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
useConsoleWorld();

let hostOf = '';
const embeddedHost = () => hostOf;

const usersUrl = (code = a.tenant.code) => CONSOLE_PATHS.storeUsers.replace(':code', code);
const userUrl = (id: string, code = a.tenant.code) =>
  CONSOLE_PATHS.storeUser.replace(':code', code).replace(':userId', id);
const actionUrl = (id: string, action: string, code = a.tenant.code) =>
  CONSOLE_PATHS.storeUserAction.replace(':code', code).replace(':userId', id).replace(':action', action);

const newUser = (store = a, prefix = 'zed') =>
  createEmbeddedUser(
    t.app,
    store.tenant.id,
    `${prefix}${Math.random().toString(36).slice(2, 8)}@example.test`,
  );

const act = async (id: string, action: ConsoleUserAction, actor = adminA) => {
  const res = await callAs(actor, { method: 'POST', url: actionUrl(id, action) });
  expect(res.statusCode, res.body).toBe(200);
  return consoleUserDetail.parse(res.json());
};

const issuePaths = (res: { json(): unknown }) =>
  ((res.json() as { issues?: Array<{ path: string }> }).issues ?? []).map((i) => i.path);

describe('searching and reading users', () => {
  it('finds users by the start of their login or name and by status, in cursor pages', async () => {
    const one = await newUser(a, 'qsearch');
    const two = await newUser(a, 'qsearch');
    await newUser(b, 'qsearch'); // another store's: never listed
    const all = consoleUserList.parse((await callAs(adminA, { url: `${usersUrl()}?q=qsearch` })).json());
    expect(all.users.map((u) => u.id).sort()).toEqual([one.id, two.id].sort());
    expect(all.users[0]).toMatchObject({ status: 'ACTIVE', firstName: 'Ada', lastName: 'Lovelace' });
    const first = consoleUserList.parse(
      (await callAs(adminA, { url: `${usersUrl()}?q=qsearch&limit=1` })).json(),
    );
    expect(first.users).toHaveLength(1);
    expect(first.nextAfter).toBe(first.users[0]!.id);
    const second = consoleUserList.parse(
      (await callAs(adminA, { url: `${usersUrl()}?q=qsearch&limit=1&after=${first.nextAfter}` })).json(),
    );
    expect(second.users.map((u) => u.id)).not.toContain(first.users[0]!.id);
    await act(one.id, 'lock');
    const locked = consoleUserList.parse(
      (await callAs(adminA, { url: `${usersUrl()}?q=qsearch&status=SUSPENDED` })).json(),
    );
    expect(locked.users.map((u) => u.id)).toEqual([one.id]);
    const byOperator = await callAs(operator, { url: `${usersUrl()}?q=qsearch` });
    expect(consoleUserList.parse(byOperator.json()).users).toHaveLength(2);
  });

  it('opens one user: profile, factors, sessions, trackings and deliveries', async () => {
    const user = await newUser();
    const res = await callAs(adminA, { url: userUrl(user.id) });
    expect(res.statusCode, res.body).toBe(200);
    const detail = consoleUserDetail.parse(res.json());
    expect(detail.user).toMatchObject({ id: user.id, login: user.login, status: 'ACTIVE' });
    expect(detail).toMatchObject({
      factors: [],
      sessions: [],
      trackings: {
        count: 0,
        standards: [],
        committees: [],
        industryAreas: [],
        publishers: [],
        workItems: false,
      },
      deliveries: [],
    });
  });

  it('lists every kind of tracking, not only standards: committees, industry areas, publishers, work items', async () => {
    const user = await newUser();
    await setSourceTrackings(t.app.db, a.tenant.id, user.id, 'TRACKER', [
      { trackingType: 'COMMITTEE', data: ['E07', 'D20'] },
      { trackingType: 'INDUSTRYAREA', data: ['ENV'] },
      { trackingType: 'PUBLISHERS', data: ['ATMS'] },
      { trackingType: 'WORKITEM', data: ['true'] },
    ]);
    // Another store's user with the same committee: never shown here.
    const other = await newUser(b);
    await setSourceTrackings(t.app.db, b.tenant.id, other.id, 'TRACKER', [
      { trackingType: 'COMMITTEE', data: ['X99'] },
    ]);
    const detail = consoleUserDetail.parse((await callAs(adminA, { url: userUrl(user.id) })).json());
    expect(detail.trackings).toEqual({
      count: 0,
      standards: [],
      committees: ['D20', 'E07'],
      industryAreas: ['ENV'],
      publishers: ['ATMS'],
      workItems: true,
    });
    const refused = await callAs(adminA, { url: userUrl(other.id) });
    expect(refused.statusCode).toBe(404);
  });
});

describe('acting on a user', () => {
  it('locks and unlocks, sends a reset, resets factors, deactivates, reactivates; each audited', async () => {
    const user = await newUser();
    await upsertIdentityFactor(t.app.db, a.tenant.id, user.id, {
      factorType: 'token:software:totp',
      provider: 'GOOGLE',
      status: 'ACTIVE',
      secret: 'JBSWY3DPEHPK3PXP',
    });
    expect((await act(user.id, 'lock')).user.status).toBe('SUSPENDED');
    expect((await act(user.id, 'unlock')).user.status).toBe('ACTIVE');
    expect((await act(user.id, 'reset_factors')).factors).toEqual([]);
    expect((await act(user.id, 'reset_password')).user.status).toBe('RECOVERY');
    expect((await act(user.id, 'deactivate')).user.status).toBe('DEPROVISIONED');
    expect((await act(user.id, 'reactivate')).user.status).toBe('ACTIVE');
    const { rows } = await t.app.db.query<{ after: { action: string }; actor_id: string }>(
      `SELECT after, actor_id FROM console_audit_log WHERE action = 'user.lifecycle' AND target = $1 ORDER BY id`,
      [user.id],
    );
    expect(rows.map((r) => r.after.action)).toEqual([
      'lock',
      'unlock',
      'reset_factors',
      'reset_password',
      'deactivate',
      'reactivate',
    ]);
    expect(new Set(rows.map((r) => r.actor_id))).toEqual(new Set([adminA.user.id]));
  });

  it('refuses a move its status does not allow with 409, and deletes only a deactivated user', async () => {
    const user = await newUser();
    const early = await callAs(adminA, { method: 'DELETE', url: userUrl(user.id) });
    expect(early.statusCode, early.body).toBe(409);
    expect((await callAs(adminA, { url: userUrl(user.id) })).statusCode).toBe(200); // still there
    const reactivate = await callAs(adminA, { method: 'POST', url: actionUrl(user.id, 'reactivate') });
    expect(reactivate.statusCode, reactivate.body).toBe(409);
    await act(user.id, 'deactivate');
    const gone = await callAs(adminA, { method: 'DELETE', url: userUrl(user.id) });
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await callAs(adminA, { url: userUrl(user.id) })).statusCode).toBe(404);
    const { rows } = await t.app.db.query(
      `SELECT 1 FROM console_audit_log WHERE action = 'user.delete' AND target = $1`,
      [user.id],
    );
    expect(rows).toHaveLength(1);
  });
});

describe('refusals', () => {
  it('400 names the field: status, userId, action, limit, an oversized q, a NUL byte', async () => {
    const user = await newUser();
    const cases: Array<[string, string]> = [
      [`${usersUrl()}?status=BOGUS`, 'status'],
      [`${usersUrl()}?limit=0`, 'limit'],
      [`${usersUrl()}?after=nope`, 'after'],
      [`${usersUrl()}?q=${'x'.repeat(10_000)}`, 'q'],
      [`${usersUrl()}?q=a%00b`, 'q'],
      [userUrl('not-a-uuid'), 'userId'],
    ];
    for (const [url, field] of cases) {
      const res = await callAs(adminA, { url });
      expect(res.statusCode, url).toBe(400);
      expect(issuePaths(res).join(' ') + res.body, url).toContain(field);
      expect(leaksInternals(res.body)).toBe(false);
    }
    const bad = await callAs(adminA, { method: 'POST', url: actionUrl(user.id, 'explode') });
    expect(bad.statusCode).toBe(400);
    expect(issuePaths(bad).join(' ')).toContain('action');
  });

  it('401 without a token; 403 for roles that may not; 404 for another store’s user; another host refuses', async () => {
    const user = await newUser();
    const other = await newUser(b);
    const routes = [
      { method: 'GET' as const, url: usersUrl() },
      { method: 'GET' as const, url: userUrl(user.id) },
      { method: 'POST' as const, url: actionUrl(user.id, 'deactivate') },
      { method: 'DELETE' as const, url: userUrl(user.id) },
    ];
    for (const route of routes) {
      expect((await callAs(null, route)).statusCode, route.url).toBe(401);
      for (const actor of [editorA, nobodyA, adminB])
        expect((await callAs(actor, route)).statusCode, `${route.method} ${route.url}`).toBe(403);
      const foreignHost = await t.app.inject({
        ...route,
        headers: { host: b.host, authorization: `Bearer ${await a.token(adminA.user)}` },
      });
      expect(foreignHost.statusCode).toBe(401);
      expect(foreignHost.body).not.toContain(user.login);
    }
    for (const route of [
      { method: 'GET' as const, url: userUrl(other.id) },
      { method: 'POST' as const, url: actionUrl(other.id, 'deactivate') },
      { method: 'DELETE' as const, url: userUrl(other.id) },
    ]) {
      const res = await callAs(adminA, route);
      expect(res.statusCode, route.url).toBe(404);
      expect(res.body).not.toContain(other.login);
    }
    const untouched = await callAs(adminB, { url: userUrl(other.id, b.tenant.code) });
    expect(consoleUserDetail.parse(untouched.json()).user.status).toBe('ACTIVE');
  });
});

describe('signing in once deactivated', () => {
  const authn = (username: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/authn',
      headers: { host: embeddedHost(), 'content-type': 'application/json' },
      payload: { username, password },
    });
  it('the right password is told the account is not active; a wrong one gets the plain refusal', async () => {
    const store = await t.createTenant();
    const user = await createEmbeddedUser(t.app, store.tenant.id);
    hostOf = store.host;
    expect((await authn(user.login, EMBEDDED_PASSWORD)).statusCode).toBe(200);
    const op = await callAs(operator, {
      method: 'POST',
      url: actionUrl(user.id, 'deactivate', store.tenant.code),
    });
    expect(op.statusCode, op.body).toBe(200);
    const right = await authn(user.login, EMBEDDED_PASSWORD);
    expect(right.statusCode).toBe(401);
    expect(right.json()).toMatchObject({
      errorCode: 'E0000004',
      errorCauses: [{ errorSummary: 'The account is not active.' }],
    });
    const wrong = await authn(user.login, 'Not-The-Password-1');
    expect(wrong.json()).toMatchObject({ errorCode: 'E0000004', errorCauses: [] });
  });
});
