import {
  findIdentityUserByLogin,
  findRecoveryQuestion,
  normaliseRecoveryAnswer,
  verifyPassword,
} from '@trackwell/db';
import { seedDemo } from '@trackwell/db/seed';
import {
  DEMO_PASSWORD,
  DEMO_RECOVERY_ANSWER,
  DEMO_RECOVERY_QUESTION,
  DEMO_TOTP_SECRET,
  DEMO_USERS,
  demoLogin,
  seedDemoUsers,
} from '@trackwell/db/seed/demo-users';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helpers.ts';

/** The documented demo accounts: created in every demo tenant, idempotently, each in its state. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SMTP_SINK_PORT: '0' });
  await seedDemo(t.app.db);
}, 300_000);
afterAll(async () => t?.close());

const authn = (host: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/authn',
    headers: { host, 'content-type': 'application/json' },
    payload: body,
  });

describe('seedDemoUsers', () => {
  it('creates each demo user once per demo tenant, in its documented state', async () => {
    const first = await seedDemoUsers(t.app.db);
    expect(first.created).toBeGreaterThanOrEqual(DEMO_USERS.length * 2);
    const second = await seedDemoUsers(t.app.db);
    expect(second).toEqual({ created: 0, present: first.created });

    const host = 'awwa.localhost';
    const status = async (local: string) =>
      (await authn(host, { username: demoLogin(local, 'awwa'), password: DEMO_PASSWORD })).json().status;
    expect(await status('user')).toBe('SUCCESS');
    expect(await status('company')).toBe('SUCCESS');
    expect(await status('mfa-email')).toBe('MFA_REQUIRED');
    expect(await status('mfa-push')).toBe('MFA_REQUIRED');
    expect(await status('expired')).toBe('PASSWORD_EXPIRED');
    expect(await status('mfa-enroll')).toBe('MFA_ENROLL');
    expect(await status('locked')).toBe('LOCKED_OUT');
    expect(await status('recovery')).toBe('SUCCESS');
    expect(await status('reader')).toBe('SUCCESS');
    expect(await status('admin')).toBe('SUCCESS');
    const tenantId = (await t.app.db.query<{ id: string }>("SELECT id FROM tenants WHERE code = 'awwa'"))
      .rows[0]?.id as string;
    const recoveryUser = await findIdentityUserByLogin(t.app.db, tenantId, demoLogin('recovery', 'awwa'));
    const rq = await findRecoveryQuestion(t.app.db, tenantId, recoveryUser?.id as string);
    expect(rq?.question).toBe(DEMO_RECOVERY_QUESTION);
    expect(
      await verifyPassword(normaliseRecoveryAnswer(` ${DEMO_RECOVERY_ANSWER.toUpperCase()}`), rq?.answerHash),
    ).toBe(true);

    const tx = (
      await authn(host, { username: demoLogin('mfa-totp', 'awwa'), password: DEMO_PASSWORD })
    ).json();
    expect(tx.status).toBe('MFA_REQUIRED');
    const factor = tx._embedded.factors[0];
    const passCode = new TOTP({ secret: Secret.fromBase32(DEMO_TOTP_SECRET) }).generate();
    const verified = await t.app.inject({
      method: 'POST',
      url: new URL(factor._links.verify.href).pathname,
      headers: { host, 'content-type': 'application/json' },
      payload: { stateToken: tx.stateToken, passCode },
    });
    expect(verified.json().status).toBe('SUCCESS');

    // A demo user of awwa does not exist on aenor.
    const cross = await authn('aenor.localhost', {
      username: demoLogin('user', 'awwa'),
      password: DEMO_PASSWORD,
    });
    expect(cross.json().errorCode).toBe('E0000004');
  });
});

describe('the demo accounts’ published secrets', () => {
  it('are hashed once per seed run and shared by the accounts that have them; the hash checks the password', async () => {
    await seedDemoUsers(t.app.db);
    const { rows } = await t.app.db.query<{ hashes: number; accounts: number; answers: number }>(
      `SELECT count(DISTINCT a.password_hash)::int AS hashes, count(*)::int AS accounts,
              count(DISTINCT a.recovery_answer_hash)::int AS answers
         FROM identity_accounts a JOIN tenants t ON t.id = a.tenant_id
        WHERE t.code IN ('awwa', 'aenor') AND a.password_hash IS NOT NULL`,
    );
    // Two stores' accounts, one scrypt hash of the published password, one of the published answer.
    expect(rows[0]?.accounts).toBeGreaterThan(DEMO_USERS.length);
    expect(rows[0]).toMatchObject({ hashes: 1, answers: 1 });
    const [hash] = (
      await t.app.db.query<{ password_hash: string }>(
        'SELECT password_hash FROM identity_accounts WHERE password_hash IS NOT NULL LIMIT 1',
      )
    ).rows;
    expect(await verifyPassword(DEMO_PASSWORD, hash?.password_hash)).toBe(true);
    expect(await verifyPassword(`${DEMO_PASSWORD}x`, hash?.password_hash)).toBe(false);
  });
});
