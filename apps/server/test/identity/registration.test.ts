import { randomBytes } from 'node:crypto';
import { REGISTRATION_PATHS } from '@trackwell/contracts';
import { buildTenantDefinition } from '@trackwell/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedUser } from '../support/embedded-signin.ts';
import { buildTestApp, leaksInternals, type TestApp } from '../support/helpers.ts';

/**
 * Self-registration on the sign-in page, through `inject`: register → the six-digit code read
 * from the local mail sink → verify → ACTIVE and signs in; an address that has an account gets the identical
 * answer and its owner a notice e-mail; wrong, spent and other-store codes; a store without registration 404;
 * bad input 400 naming the field, nothing created.
 */

type Message = { to: string[]; subject: string; text: string };
const PASSWORD = 'Brand-new-Pass-42';

let t: TestApp;
let a: { host: string; tenantId: string };
let b: { host: string; tenantId: string };
let off: { host: string; tenantId: string };

async function store(registrationTermsUrl?: string) {
  const def = buildTenantDefinition();
  const { tenant, host } = await t.createTenant({
    code: def.code,
    config: { ...def.config, ...(registrationTermsUrl ? { registrationTermsUrl } : {}) },
  });
  return { host, tenantId: tenant.id };
}

beforeAll(async () => {
  t = await buildTestApp({ SMTP_SINK_PORT: '0' });
  a = await store('/store/terms');
  b = await store('https://terms.example.com/');
  off = await store();
}, 60_000);
afterAll(() => t.close());

const post = (host: string, url: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { host, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

const newEmail = () => `r${randomBytes(5).toString('hex')}@example.test`;
const person = (email: string) => ({
  email,
  firstName: 'Zoë',
  lastName: "O'Brien-Núñez",
  password: PASSWORD,
  acceptTerms: true,
});

async function inbox(to: string): Promise<Message[]> {
  for (let i = 0; i < 100; i++) {
    const r = await t.app.inject({ method: 'GET', url: `/_dev/mail/messages?to=${encodeURIComponent(to)}` });
    const messages = r.json().messages as Message[];
    if (messages.length) return messages;
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  return [];
}
const codeIn = (m: Message) => /\b(\d{6})\b/.exec(m.text)?.[1] ?? '';

const userCount = async (tenantId: string) =>
  Number(
    (
      await t.app.db.query<{ n: string }>('SELECT count(*)::text AS n FROM users WHERE tenant_id = $1', [
        tenantId,
      ])
    ).rows[0]?.n,
  );

async function register(host: string, email: string) {
  const res = await post(host, REGISTRATION_PATHS.register, person(email));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { status: string; registrationToken: string; expiresAt: string };
}

describe('registration on the sign-in page', { timeout: 60_000 }, () => {
  it('register → the e-mailed code → verify → ACTIVE, and the password signs in', async () => {
    const email = newEmail();
    const answer = await register(a.host, email);
    expect(answer.status).toBe('VERIFICATION_REQUIRED');
    const [mail] = await inbox(email);
    expect(mail?.subject).toMatch(/verification code/);
    expect(mail?.text).toContain('Zoë');
    const before = await post(a.host, '/api/v1/authn', { username: email, password: PASSWORD });
    expect(before.statusCode).toBe(401); // no account until the code is verified
    const verified = await post(a.host, REGISTRATION_PATHS.verify, {
      registrationToken: answer.registrationToken,
      passCode: codeIn(mail!),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ status: 'ACTIVE', login: email });
    const signIn = await post(a.host, '/api/v1/authn', { username: email, password: PASSWORD });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json().status).toBe('SUCCESS');
    const again = await post(a.host, REGISTRATION_PATHS.verify, {
      registrationToken: answer.registrationToken,
      passCode: codeIn(mail!),
    });
    expect(again.json().errorCode).toBe('E0000011'); // a code is good once
  });

  it('an address with an account: the identical answer, nothing created, the owner told by e-mail', async () => {
    const owner = await createEmbeddedUser(t.app, a.tenantId);
    const fresh = newEmail();
    const users = await userCount(a.tenantId);
    const taken = await post(a.host, REGISTRATION_PATHS.register, person(owner.login));
    const free = await post(a.host, REGISTRATION_PATHS.register, person(fresh));
    expect(taken.statusCode).toBe(free.statusCode);
    const shape = (body: Record<string, string>) => ({ ...body, registrationToken: 'x', expiresAt: 'x' });
    expect(shape(taken.json())).toEqual(shape(free.json()));
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(free.headers).sort());
    const [notice] = await inbox(owner.login);
    expect(notice?.subject).toMatch(/someone tried to register/);
    expect(notice?.text).toMatch(/sign in or reset your password/);
    expect(notice?.text).toContain(`/signin`);
    expect(codeIn(notice!)).toBe('');
    // No code can verify it (the six digits of the free address's e-mail included).
    const [freeMail] = await inbox(fresh);
    const tryTaken = await post(a.host, REGISTRATION_PATHS.verify, {
      registrationToken: taken.json().registrationToken,
      passCode: codeIn(freeMail!),
    });
    expect(tryTaken.statusCode).toBe(403);
    expect(await userCount(a.tenantId)).toBe(users);
  });

  it('a wrong code is 403 E0000068; after five wrong codes even the right one fails', async () => {
    const email = newEmail();
    const { registrationToken } = await register(a.host, email);
    const [mail] = await inbox(email);
    const right = codeIn(mail!);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await post(a.host, REGISTRATION_PATHS.verify, { registrationToken, passCode: wrong });
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('E0000068');
    }
    const late = await post(a.host, REGISTRATION_PATHS.verify, { registrationToken, passCode: right });
    expect(late.statusCode).toBe(403);
    const unknown = await post(a.host, REGISTRATION_PATHS.verify, {
      registrationToken: 'nope',
      passCode: right,
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().errorCode).toBe('E0000011');
  });

  it('an expired registration is refused', async () => {
    const email = newEmail();
    const { registrationToken } = await register(a.host, email);
    const [mail] = await inbox(email);
    await t.app.db.query(
      `UPDATE identity_tokens SET expires_at = now() - interval '1 second' WHERE tenant_id = $1 AND kind = 'registration'`,
      [a.tenantId],
    );
    const res = await post(a.host, REGISTRATION_PATHS.verify, { registrationToken, passCode: codeIn(mail!) });
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('E0000011');
  });

  it("a code from store A does not work on store B, and A's account is not B's", async () => {
    const email = newEmail();
    const { registrationToken } = await register(a.host, email);
    const [mail] = await inbox(email);
    const onB = await post(b.host, REGISTRATION_PATHS.verify, { registrationToken, passCode: codeIn(mail!) });
    expect(onB.statusCode).toBe(401);
    expect(await userCount(b.tenantId)).toBe(0);
    const onA = await post(a.host, REGISTRATION_PATHS.verify, { registrationToken, passCode: codeIn(mail!) });
    expect(onA.statusCode).toBe(200);
    const signInB = await post(b.host, '/api/v1/authn', { username: email, password: PASSWORD });
    expect(signInB.statusCode).toBe(401);
  });

  it('a store without registration answers 404 to both routes, whatever the body', async () => {
    for (const [url, body] of [
      [REGISTRATION_PATHS.register, person(newEmail())],
      [REGISTRATION_PATHS.verify, { registrationToken: 'x', passCode: '123456' }],
      [REGISTRATION_PATHS.register, { nonsense: true }],
    ] as const) {
      const res = await post(off.host, url, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().errorCode).toBe('E0000007');
    }
    expect(await userCount(off.tenantId)).toBe(0);
  });

  it('bad input is 400 E0000001 naming the field; nothing is created and nothing e-mailed', async () => {
    const email = newEmail();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: 'not-an-address' }, 'email'],
      [{ email: `${'a'.repeat(10_000)}@example.test` }, 'email'],
      [{ email: 'a\u0000b@example.test' }, 'email'],
      [{ firstName: '<script>alert(1)</script>' }, 'firstName'],
      [{ firstName: 'Visit https://phish.example' }, 'firstName'],
      [{ lastName: 'x'.repeat(10_000) }, 'lastName'],
      [{ lastName: 'Nul\u0000l' }, 'lastName'],
      [{ firstName: '' }, 'firstName'],
      [{ firstName: 42 }, 'firstName'],
      [{ password: 'short' }, 'password'],
      [{ password: 'p'.repeat(10_000) }, 'password'],
      [{ acceptTerms: false }, 'acceptTerms'],
    ];
    const users = await userCount(a.tenantId);
    for (const [change, field] of cases) {
      const res = await post(a.host, REGISTRATION_PATHS.register, { ...person(email), ...change });
      expect(res.statusCode, JSON.stringify(change).slice(0, 80)).toBe(400);
      expect(leaksInternals(res.body)).toBe(false);
      const body = res.json() as { errorCode: string; errorCauses: Array<{ errorSummary: string }> };
      expect(body.errorCode).toBe('E0000001');
      expect(body.errorCauses.map((c) => c.errorSummary).join(' ')).toContain(field);
    }
    const bad = await post(a.host, REGISTRATION_PATHS.verify, { registrationToken: 'x', passCode: '12a456' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('passCode');
    expect(await userCount(a.tenantId)).toBe(users);
    const r = await t.app.inject({
      method: 'GET',
      url: `/_dev/mail/messages?to=${encodeURIComponent(email)}`,
    });
    expect(r.json().messages).toEqual([]);
  });

  it('is rate-limited like sign-in: 429 E0000047 after the per-address send limit', async () => {
    const c = await store('/store/terms');
    const email = newEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await post(c.host, REGISTRATION_PATHS.register, person(email))).statusCode);
    expect(statuses).toContain(429);
    expect(statuses[0]).toBe(200);
  });
});
