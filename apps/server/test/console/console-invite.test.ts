import { CONSOLE_PATHS, consoleRoleList } from '@trackwell/contracts';
import { findIdentityUserByLogin, listMailMessages } from '@trackwell/db';
import { describe, expect, it } from 'vitest';
import { a, adminA, adminB, callAs, consoleRowCounts, t, useConsoleWorld } from '../support/console-world.ts';
import { expectError } from '../support/tracker-world.ts';

/**
 * Appointing someone who has no account in the store yet: the grant, given names, invites them — the account
 * without a password, the role, an audit entry, and an e-mail whose link opens the sign-in page's "choose a
 * new password" step (the browser journey follows it to the console: e2e/tests/console-acceptance.spec.ts).
 */
useConsoleWorld();

const rolesUrl = (code: string) => CONSOLE_PATHS.storeRoles.replace(':code', code);
const invite = (actor = adminA, payload: Record<string, unknown> = {}) =>
  callAs(actor, {
    method: 'POST',
    url: rolesUrl(a.tenant.code),
    payload: {
      login: 'New.Admin@Acme.test',
      role: 'store_admin',
      firstName: 'Ada',
      lastName: 'Lovelace',
      ...payload,
    },
  });

describe('console invitations', () => {
  it('a grant with names for a new login makes the account (no password), the role, an audit entry and an e-mail', async () => {
    const res = await invite();
    expect(res.statusCode).toBe(200);
    const answer = consoleRoleList.parse(res.json());
    expect(answer.invited).toBe('new.admin@acme.test');
    expect(answer.grants).toContainEqual(
      expect.objectContaining({ login: 'new.admin@acme.test', role: 'store_admin' }),
    );
    const user = await findIdentityUserByLogin(t.app.db, a.tenant.id, 'new.admin@acme.test');
    expect(user).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', passwordHash: null });
    const { rows } = await t.app.db.query<{ after: unknown }>(
      `SELECT after FROM console_audit_log WHERE action = 'role.grant' AND target = 'new.admin@acme.test'`,
    );
    expect(rows).toEqual([{ after: { role: 'store_admin', held: true, account: 'invited' } }]);
    const [mail] = await listMailMessages(t.app.db, { to: 'new.admin@acme.test' });
    expect(mail?.subject).toBe(`${a.tenant.config.tenantName}: you are invited to run the store`);
    expect(mail?.text).toContain(
      `${adminA.user.login} made you store administrator of ${a.tenant.config.tenantName}`,
    );
    // The link is the store's own (from configuration), to the sign-in page's new-password step, in a language.
    expect(mail?.text).toMatch(
      new RegExp(`http://${a.tenant.canonicalHost}(:\\d+)?/signin/reset-password/[\\w-]+\\?lang=en`),
    );
  });

  it('inviting an existing user only grants the role (no second account, no e-mail)', async () => {
    const before = await listMailMessages(t.app.db, { to: 'new.admin@acme.test' });
    const res = await invite(adminA, { role: 'catalog_editor' });
    expect(res.statusCode).toBe(200);
    expect(consoleRoleList.parse(res.json()).invited).toBeUndefined();
    expect(await listMailMessages(t.app.db, { to: 'new.admin@acme.test' })).toHaveLength(before.length);
  });

  it('a new login without names is 404 saying how to invite; a login that is no e-mail is 400 naming it; nothing changes', async () => {
    const counts = await consoleRowCounts();
    const missing = await invite(adminA, {
      login: 'someone@acme.test',
      firstName: undefined,
      lastName: undefined,
    });
    expectError(missing, 404);
    expect(missing.json().message).toContain('give their first and last names to invite them');
    const notEmail = await invite(adminA, { login: 'not-an-address' });
    expectError(notEmail, 400);
    expect(JSON.stringify(notEmail.json())).toContain('login');
    const hostile = await invite(adminA, { login: 'x@acme.test', firstName: 'A\u0000B' });
    expectError(hostile, 400);
    expect(await consoleRowCounts()).toEqual(counts);
    expect(await findIdentityUserByLogin(t.app.db, a.tenant.id, 'x@acme.test')).toBeUndefined();
  });

  it("another store's administrator cannot invite into this store (403); nothing is made", async () => {
    const counts = await consoleRowCounts();
    expectError(await invite(adminB, { login: 'intruder@acme.test' }), 403);
    expect(await consoleRowCounts()).toEqual(counts);
    expect(await findIdentityUserByLogin(t.app.db, a.tenant.id, 'intruder@acme.test')).toBeUndefined();
  });
});
