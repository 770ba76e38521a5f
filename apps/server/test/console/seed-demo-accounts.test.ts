import { execFile } from 'node:child_process';
import { CONSOLE_PATHS, CONSOLE_ROLES_CLAIM } from '@trackwell/contracts';
import {
  findTenantByCode,
  findTenantUserByLogin,
  listAuditEntries,
  listConsoleRoleGrants,
  listContentTrackings,
  listSourceTrackings,
} from '@trackwell/db';
import { DEMO_TENANTS, seedDemo } from '@trackwell/db/seed';
import {
  DEMO_PASSWORD,
  demoLogin,
  listDemoConsoleAccounts,
  SEED_AUDIT_ACTOR,
  seedDemoUsers,
} from '@trackwell/db/seed/demo-users';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoChangePicks } from '../../../../packages/db/src/seed/demo-changes.ts';
import { consoleToken, demoStoreHost } from '../../../../scripts/console-token.ts';
import { freePort } from '../../../../scripts/free-port.ts';
import { embeddedTokens } from '../support/embedded-signin.ts';
import { buildTestApp, type TestApp } from '../support/helpers.ts';

/**
 * A demo worth opening: the seed gives every demo store a store administrator, the platform
 * store an operator (roles granted and audited as the seed), and every store a reader whose tracker is not
 * empty and whom `npm run demo:changes` e-mails. Seeding again changes nothing.
 */

let t: TestApp;
let port: number;
beforeAll(async () => {
  // A listening server on a port of its own: the console API fetches the issuer's keys over HTTP, and
  // `npm run console:token` signs in over HTTP.
  port = await freePort();
  t = await buildTestApp({ SMTP_SINK_PORT: '0', PORT: String(port) });
  await seedDemo(t.app.db);
  await seedDemoUsers(t.app.db);
  await t.app.listen({ port, host: '127.0.0.1' });
}, 300_000);
afterAll(async () => t?.close());

const store = async (code: string) => {
  const found = await findTenantByCode(t.app.db, code);
  if (!found) throw new Error(`no demo store ${code}`);
  return found;
};

/** A store's first host and the port, as a browser names it (the platform store answers on localhost). */
const hostOf = (code: string) => `${DEMO_TENANTS.find((s) => s.code === code)!.hosts[0]!}:${port}`;

const signIn = async (code: string, local: string) => {
  const s = await store(code);
  return embeddedTokens(t.app, hostOf(code), s.config['client-id'], demoLogin(local, code), DEMO_PASSWORD);
};

/** Everything the seed writes, counted: what a second run must leave exactly as it is. */
async function seedFootprint() {
  const { rows } = await t.app.db.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM users) AS users,
            (SELECT count(*)::int FROM console_role_grants) AS grants,
            (SELECT count(*)::int FROM console_audit_log) AS audit,
            (SELECT count(*)::int FROM content_trackings) AS standards,
            (SELECT count(*)::int FROM source_trackings) AS sources`,
  );
  return rows[0];
}

describe('the demo console accounts', () => {
  it('every store has its administrator, the platform store its operator: exactly these roles', async () => {
    for (const { code } of DEMO_TENANTS) {
      const grants = await listConsoleRoleGrants(t.app.db, (await store(code)).id);
      const expected = [
        { login: `admin@${code}.example`, role: 'store_admin' },
        ...(code === 'trackwell' ? [{ login: 'operator@trackwell.example', role: 'platform_operator' }] : []),
      ];
      expect(grants.map((g) => ({ login: g.login, role: g.role }))).toEqual(expected);
    }
    const listed = await listDemoConsoleAccounts(t.app.db);
    expect(listed[0]).toEqual({
      login: 'operator@trackwell.example',
      storeCode: 'trackwell',
      role: 'platform_operator',
    });
    expect(listed).toHaveLength(DEMO_TENANTS.length + 1);
  });

  it('each grant is in the audit log, by the seed', async () => {
    const { entries } = await listAuditEntries(t.app.db, { action: 'role.grant', limit: 100 });
    const awwa = entries.filter((e) => e.storeCode === 'awwa');
    expect(awwa).toHaveLength(1);
    expect(awwa[0]).toMatchObject({
      actorKind: SEED_AUDIT_ACTOR.kind,
      actorId: SEED_AUDIT_ACTOR.id,
      actorLogin: SEED_AUDIT_ACTOR.login,
      target: 'admin@awwa.example',
      before: { role: 'store_admin', held: false },
      after: { role: 'store_admin', held: true },
    });
    expect(entries).toHaveLength(DEMO_TENANTS.length + 1);
  });

  it('sign in with the demo password; the token names the role, and the console API answers', async () => {
    const operator = await signIn('trackwell', 'operator');
    expect(decodeJwt(operator.access_token)[CONSOLE_ROLES_CLAIM]).toEqual(['platform_operator']);
    const stores = await t.app.inject({
      url: CONSOLE_PATHS.stores,
      headers: { host: hostOf('trackwell'), authorization: `Bearer ${operator.access_token}` },
    });
    expect(stores.statusCode, stores.body).toBe(200);
    expect(
      stores
        .json()
        .stores.map((s: { code: string }) => s.code)
        .sort(),
    ).toEqual(DEMO_TENANTS.map((s) => s.code).sort());

    const admin = await signIn('awwa', 'admin');
    expect(decodeJwt(admin.access_token)[CONSOLE_ROLES_CLAIM]).toEqual(['store_admin']);
    const call = (code: string) =>
      t.app.inject({
        url: CONSOLE_PATHS.store.replace(':code', code),
        headers: { host: hostOf('awwa'), authorization: `Bearer ${admin.access_token}` },
      });
    expect((await call('awwa')).statusCode).toBe(200);
    expect((await call('aenor')).statusCode).toBe(403);

    const reader = await signIn('awwa', 'reader');
    expect(decodeJwt(reader.access_token)).not.toHaveProperty(CONSOLE_ROLES_CLAIM);
  });
});

describe('the demo reader', () => {
  it('tracks standards of one committee, that committee and an industry area (where the store offers it)', async () => {
    for (const { code } of DEMO_TENANTS) {
      const s = await store(code);
      const reader = await findTenantUserByLogin(t.app.db, s.id, demoLogin('reader', code));
      const page = await listContentTrackings(t.app.db, s.id, reader!.id, { pageIndex: 1, pageSize: 50 });
      expect(page.totalElements, code).toBe(4);
      const sources = await listSourceTrackings(t.app.db, s.id, reader!.id);
      expect(sources.COMMITTEE, code).toHaveLength(s.config.trackerSetting.committee.enabled ? 1 : 0);
      expect(sources.INDUSTRYAREA, code).toHaveLength(s.config.trackerSetting.industry_area.enabled ? 1 : 0);
    }
    // The plain demo user's tracker stays empty (the journeys start from it).
    const awwa = await store('awwa');
    const user = await findTenantUserByLogin(t.app.db, awwa.id, demoLogin('user', 'awwa'));
    expect(
      (await listContentTrackings(t.app.db, awwa.id, user!.id, { pageIndex: 1, pageSize: 50 })).totalElements,
    ).toBe(0);
  });

  it("is what demo:changes is about: its five standards are the reader's, or of the reader's committee", async () => {
    const awwa = await store('awwa');
    const reader = await findTenantUserByLogin(t.app.db, awwa.id, demoLogin('reader', 'awwa'));
    const picks = await demoChangePicks(t.app.db, awwa.id);
    const tracked = (
      await listContentTrackings(t.app.db, awwa.id, reader!.id, { pageIndex: 1, pageSize: 50 })
    ).rows;
    const { COMMITTEE } = await listSourceTrackings(t.app.db, awwa.id, reader!.id);
    expect(picks.active).toHaveLength(5);
    for (const p of picks.active) expect(COMMITTEE).toContain(p.committee_designation);
    expect(tracked.map((r) => r.content.contentCode)).toContain(picks.active[0]!.content_code);
  });
});

describe('npm run console:token', () => {
  const script = new URL('../../../../scripts/console-token.ts', import.meta.url).pathname;
  const run = (args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [script, ...args], { timeout: 60_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });

  it('prints a bearer token of the store the demo login names, which the console API accepts', async () => {
    const printed = await run(['--login', 'operator@trackwell.example', '--port', String(port)]);
    expect(printed.stderr).toBe('');
    expect(printed.code).toBe(0);
    const token = printed.stdout.trim();
    expect(decodeJwt(token)[CONSOLE_ROLES_CLAIM]).toEqual(['platform_operator']);
    const stores = await t.app.inject({
      url: CONSOLE_PATHS.stores,
      headers: { host: hostOf('trackwell'), authorization: `Bearer ${token}` },
    });
    expect(stores.statusCode, stores.body).toBe(200);
    expect(demoStoreHost('admin@awwa.example')).toBe('awwa.localhost');
    const admin = await consoleToken({
      login: 'admin@awwa.example',
      password: DEMO_PASSWORD,
      host: 'awwa.localhost',
      port,
    });
    expect(decodeJwt(admin)[CONSOLE_ROLES_CLAIM]).toEqual(['store_admin']);
  });

  it('refuses, saying why: a wrong password, an account with a second factor, no store host', async () => {
    const wrong = await run(['--login', 'admin@awwa.example', '--password', 'nope', '--port', String(port)]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/^console:token: sign-in as admin@awwa.example gave Authentication failed/);
    const mfa = await run(['--login', 'mfa-email@awwa.example', '--port', String(port)]);
    expect(mfa.code).toBe(1);
    expect(mfa.stderr).toContain('gave MFA_REQUIRED (this command signs in with a password only');
    const noHost = await run(['--login', 'someone@example.com', '--port', String(port)]);
    expect(noHost.code).toBe(1);
    expect(noHost.stderr).toContain('name the store with --host');
  });
});

describe('seeding again', () => {
  it('changes nothing: no user, role, audit entry or tracking added', async () => {
    const before = await seedFootprint();
    await seedDemo(t.app.db);
    const again = await seedDemoUsers(t.app.db);
    expect(again.created).toBe(0);
    expect(await seedFootprint()).toEqual(before);
  });
});
