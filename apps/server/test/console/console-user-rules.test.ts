import { CONSOLE_PATHS, consoleUserDetail } from '@trackwell/contracts';
import { createIdentityUser, setProvisionedUserStatus, upsertIdentityFactor } from '@trackwell/db';
import { describe, expect, it } from 'vitest';
import { a, adminA, callAs, operator, t, useConsoleWorld } from '../support/console-world.ts';
import { createEmbeddedUser } from '../support/embedded-signin.ts';

/**
 * The console's user actions: the one rule of the contracts decides what the detail offers and
 * what the server accepts (STAGED is activated, not reactivated; 409 `user_action_not_allowed` otherwise); an
 * administrator cannot lock, deactivate, delete or reset their own account (409 `own_account`); and each
 * action's audit entry is written in the action's own transaction — when the entry cannot be written, the
 * user is left as they were. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
useConsoleWorld();

const userUrl = (id: string) =>
  CONSOLE_PATHS.storeUser.replace(':code', a.tenant.code).replace(':userId', id);
const actionUrl = (id: string, action: string) =>
  CONSOLE_PATHS.storeUserAction
    .replace(':code', a.tenant.code)
    .replace(':userId', id)
    .replace(':action', action);
const read = async (id: string, actor = adminA) =>
  consoleUserDetail.parse((await callAs(actor, { url: userUrl(id) })).json());
const auditRows = async (id: string) =>
  (await t.app.db.query('SELECT 1 FROM console_audit_log WHERE target = $1', [id])).rows.length;

/** A user the Users API created without activating: STAGED, and without a password. */
async function stagedUser() {
  const login = `staged${Math.random().toString(36).slice(2, 8)}@example.test`;
  const user = await t.app.db.transaction((tx) =>
    createIdentityUser(tx, a.tenant.id, { login, firstName: 'Sam', lastName: 'Staged' }),
  );
  await setProvisionedUserStatus(t.app.db, a.tenant.id, user.id, 'STAGED');
  return user;
}

describe('what a status allows', () => {
  it('a STAGED user is offered Activate (not Reactivate); activating e-mails a link and audits', async () => {
    const user = await stagedUser();
    expect((await read(user.id)).actions).toEqual(['activate', 'deactivate']);
    const refused = await callAs(adminA, { method: 'POST', url: actionUrl(user.id, 'reactivate') });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      error: 'user_action_not_allowed',
      message: 'Cannot reactivate a user whose status is STAGED.',
    });
    expect((await read(user.id)).user.status).toBe('STAGED');
    const res = await callAs(adminA, { method: 'POST', url: actionUrl(user.id, 'activate') });
    expect(res.statusCode, res.body).toBe(200);
    const detail = consoleUserDetail.parse(res.json());
    expect(detail.user.status).toBe('PROVISIONED');
    expect(detail.actions).toEqual(['resend_activation', 'deactivate']);
    const links = async () =>
      (
        await t.app.db.query(`SELECT 1 FROM identity_tokens WHERE user_id = $1 AND kind = 'recovery'`, [
          user.id,
        ])
      ).rows.length;
    expect(await links()).toBe(1);
    // The e-mail got lost: the administrator sends a new link; the user stays PROVISIONED.
    const again = consoleUserDetail.parse(
      (await callAs(adminA, { method: 'POST', url: actionUrl(user.id, 'resend_activation') })).json(),
    );
    expect(again.user.status).toBe('PROVISIONED');
    expect(await links()).toBe(2);
    const { rows } = await t.app.db.query<{ after: { action: string; status: string } }>(
      `SELECT after FROM console_audit_log WHERE action = 'user.lifecycle' AND target = $1 ORDER BY id`,
      [user.id],
    );
    expect(rows.map((r) => r.after)).toEqual([
      { action: 'activate', status: 'PROVISIONED' },
      { action: 'resend_activation', status: 'PROVISIONED' },
    ]);
  });

  it('refuses with 409 an action the status does not allow, changing nothing', async () => {
    const user = await createEmbeddedUser(t.app, a.tenant.id);
    expect((await read(user.id)).actions).toEqual(['lock', 'reset_password', 'deactivate']);
    for (const action of ['activate', 'resend_activation', 'unlock', 'reactivate', 'reset_factors']) {
      const res = await callAs(adminA, { method: 'POST', url: actionUrl(user.id, action) });
      expect(res.statusCode, `${action} ${res.body}`).toBe(409);
      expect(res.json()).toMatchObject({ error: 'user_action_not_allowed' });
    }
    const early = await callAs(adminA, { method: 'DELETE', url: userUrl(user.id) });
    expect(early.json()).toMatchObject({
      error: 'user_action_not_allowed',
      message: 'Cannot delete a user whose status is ACTIVE: deactivate it first.',
    });
    expect((await read(user.id)).user.status).toBe('ACTIVE');
    expect(await auditRows(user.id)).toBe(0);
  });
});

describe('an administrator’s own account', () => {
  it('offers none of lock, send a reset, reset factors, deactivate, and says it is you', async () => {
    await upsertIdentityFactor(t.app.db, a.tenant.id, adminA.user.id, {
      factorType: 'token:software:totp',
      provider: 'GOOGLE',
      status: 'ACTIVE',
      secret: 'JBSWY3DPEHPK3PXP',
    });
    const mine = await read(adminA.user.id);
    expect(mine).toMatchObject({ self: true, actions: [] });
    const byOperator = await read(adminA.user.id, operator);
    expect(byOperator.self).toBe(false);
    expect(byOperator.actions).toEqual(['lock', 'reset_password', 'reset_factors', 'deactivate']);
  });

  it('refuses them with 409 own_account and changes nothing', async () => {
    const id = adminA.user.id;
    for (const action of ['lock', 'reset_password', 'reset_factors', 'deactivate']) {
      const res = await callAs(adminA, { method: 'POST', url: actionUrl(id, action) });
      expect(res.statusCode, `${action} ${res.body}`).toBe(409);
      expect(res.json()).toMatchObject({ error: 'own_account' });
      expect(res.json().message).toMatch(/your own account: another administrator must do it\.$/);
    }
    expect((await callAs(adminA, { method: 'DELETE', url: userUrl(id) })).statusCode).toBe(409);
    const after = await read(id);
    expect(after.user.status).toBe('ACTIVE');
    expect(after.factors).toHaveLength(1);
    expect(await auditRows(id)).toBe(0);
    // Still signed in: the refusals ended no session.
    expect((await callAs(adminA, { url: userUrl(id) })).statusCode).toBe(200);
  });
});

describe('two administrators act on one user at once', () => {
  it('the second action is judged against what the first left: one lock, one 409; one delete, one 404', async () => {
    const user = await createEmbeddedUser(t.app, a.tenant.id);
    const lock = () => callAs(adminA, { method: 'POST', url: actionUrl(user.id, 'lock') });
    const locks = await Promise.all([lock(), lock()]);
    expect(locks.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(locks.find((res) => res.statusCode === 409)?.json()).toMatchObject({
      error: 'user_action_not_allowed',
      message: 'Cannot lock a user whose status is SUSPENDED.',
    });
    expect(await auditRows(user.id)).toBe(1);

    await callAs(adminA, { method: 'POST', url: actionUrl(user.id, 'deactivate') });
    const remove = () => callAs(adminA, { method: 'DELETE', url: userUrl(user.id) });
    const removals = await Promise.all([
      remove(),
      remove(),
      callAs(operator, { method: 'DELETE', url: userUrl(user.id) }),
    ]);
    expect(removals.map((res) => res.statusCode).sort()).toEqual([204, 404, 404]);
    const { rows } = await t.app.db.query(
      `SELECT action FROM console_audit_log WHERE target = $1 ORDER BY id`,
      [user.id],
    );
    expect(rows.map((r) => r.action)).toEqual(['user.lifecycle', 'user.lifecycle', 'user.delete']);
  });
});

describe('the audit entry and the change commit together', () => {
  /** A trigger that refuses the audit entry of this one user's console action, as a failing disk would. */
  async function refuseAuditOf(userId: string) {
    await t.app.db.exec(`
      CREATE OR REPLACE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.target = '${userId}' THEN RAISE EXCEPTION 'audit refused by the test'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_refuse_audit BEFORE INSERT ON console_audit_log
        FOR EACH ROW EXECUTE FUNCTION test_refuse_audit();`);
    return () =>
      t.app.db.exec(
        'DROP TRIGGER test_refuse_audit ON console_audit_log; DROP FUNCTION test_refuse_audit();',
      );
  }

  it('when the audit entry fails, lock, deactivate, reset factors and delete leave the user unchanged', async () => {
    const user = await createEmbeddedUser(t.app, a.tenant.id);
    await upsertIdentityFactor(t.app.db, a.tenant.id, user.id, {
      factorType: 'token:software:totp',
      provider: 'GOOGLE',
      status: 'ACTIVE',
      secret: 'JBSWY3DPEHPK3PXP',
    });
    const restore = await refuseAuditOf(user.id);
    try {
      for (const action of ['lock', 'deactivate', 'reset_factors', 'reset_password']) {
        const res = await callAs(adminA, { method: 'POST', url: actionUrl(user.id, action) });
        expect(res.statusCode, action).toBe(500);
        expect(res.body).not.toContain('audit refused');
      }
      const unchanged = await read(user.id);
      expect(unchanged.user.status).toBe('ACTIVE');
      expect(unchanged.factors).toHaveLength(1);
      const tokens = await t.app.db.query('SELECT 1 FROM identity_tokens WHERE user_id = $1', [user.id]);
      expect(tokens.rows).toHaveLength(0); // no reset link was kept (nor e-mailed: that waits for the commit)
    } finally {
      await restore();
    }
    expect((await read(user.id)).user.status).toBe('ACTIVE');
    const deactivated = await callAs(adminA, { method: 'POST', url: actionUrl(user.id, 'deactivate') });
    expect(consoleUserDetail.parse(deactivated.json()).user.status).toBe('DEPROVISIONED');
    const again = await refuseAuditOf(user.id);
    try {
      expect((await callAs(adminA, { method: 'DELETE', url: userUrl(user.id) })).statusCode).toBe(500);
    } finally {
      await again();
    }
    expect((await read(user.id)).user.status).toBe('DEPROVISIONED'); // not deleted
    expect(await auditRows(user.id)).toBe(1); // the deactivation's own entry only
  });
});
