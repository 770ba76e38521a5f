import { Client } from '@okta/okta-sdk-nodejs';
import { createStoreApiKey, revokeStoreApiKey } from '@trackwell/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedAccessToken } from '../support/embedded-signin.ts';
import { type IdpHarness, startIdp } from '../support/identity-harness.ts';

/**
 * The unchanged `@okta/okta-sdk-nodejs` against the embedded provider's Users API —
 * create → activate → sign in → deactivate (tokens stop working) → delete; paging through 60 users with the
 * SDK's collection iterator; Okta's error codes; another store's token and a revoked token get 401.
 */

let h: IdpHarness;
let client: Client;
let token: string;
const PASSWORD = 'Correct-horse-9';

const newToken = async (host = '127.0.0.1') =>
  (
    await h.t.app.db.transaction((tx) =>
      createStoreApiKey(tx, h.tenantId(host), 'sdk test', null, 'provisioning'),
    )
  ).key;
const sdk = (apiToken: string, host = '127.0.0.1') => new Client({ orgUrl: h.origin(host), token: apiToken });

/** The SDK's OktaApiError: status and Okta's errorCode. */
async function oktaFailure(
  call: Promise<unknown>,
): Promise<{ status: number; errorCode: string; errorCauses: unknown }> {
  try {
    await call;
  } catch (error) {
    const e = error as { status: number; errorCode: string; errorCauses: unknown };
    return { status: e.status, errorCode: e.errorCode, errorCauses: e.errorCauses };
  }
  throw new Error('the call succeeded');
}

const authn = (username: string, password = PASSWORD) =>
  fetch(`${h.origin()}/api/v1/authn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ username, password }),
  });

beforeAll(async () => {
  h = await startIdp({ PROVISIONING_RATE_LIMIT_PER_TOKEN: '5000' });
  token = await newToken();
  client = sdk(token);
}, 60_000);
afterAll(() => h.close());

describe('the Users API through @okta/okta-sdk-nodejs', { timeout: 60_000 }, () => {
  it('create (staged) → activate → sign in → deactivate (its tokens stop working) → delete', async () => {
    const login = 'shopper-1@example.test';
    const created = await client.userApi.createUser({
      body: {
        profile: { firstName: 'Grace', lastName: 'Hopper', email: login, login },
        credentials: {
          password: { value: PASSWORD },
          recovery_question: { question: 'First ship?', answer: 'Harvard' },
        },
      },
      activate: false,
    });
    expect(created.status).toBe('STAGED');
    expect((await authn(login)).status).toBe(401); // staged: cannot sign in yet
    await client.userApi.activateUser({ userId: created.id!, sendEmail: false });
    const read = await client.userApi.getUser({ userId: login });
    expect(read.status).toBe('ACTIVE');
    expect(read.credentials?.recovery_question?.question).toBe('First ship?');
    expect(read.lastLogin ?? null).toBeNull(); // the refused sign-in while staged is no login

    const before = Date.now() - 1000;
    const signIn = await authn(login);
    expect(signIn.status).toBe(200);
    expect(((await signIn.json()) as { status: string }).status).toBe('SUCCESS');
    const lastLogin = (await client.userApi.getUser({ userId: login })).lastLogin;
    expect(new Date(lastLogin as Date | string).getTime()).toBeGreaterThanOrEqual(before);
    const access = await embeddedAccessToken(h.t.app, `127.0.0.1:${h.port}`, h.clientId(), login);
    const profile = () =>
      h.t.app.inject({
        url: '/idp/myaccount/profile',
        headers: {
          host: `127.0.0.1:${h.port}`,
          authorization: `Bearer ${access}`,
          accept: 'application/json',
        },
      });
    expect((await profile()).statusCode).toBe(200);

    await client.userApi.deactivateUser({ userId: created.id! });
    expect((await client.userApi.getUser({ userId: created.id! })).status).toBe('DEPROVISIONED');
    expect((await profile()).statusCode).toBe(401);
    expect((await authn(login)).status).toBe(401);

    await client.userApi.deleteUser({ userId: created.id! });
    expect(await oktaFailure(client.userApi.getUser({ userId: created.id! }))).toMatchObject({
      status: 404,
      errorCode: 'E0000007',
    });
  });

  it('a user without a password is PROVISIONED and e-mailed an activation link; a first DELETE deactivates', async () => {
    const login = 'shopper-2@example.test';
    const user = await client.userApi.createUser({
      body: { profile: { firstName: 'Alan', lastName: 'Turing', email: login, login } },
    });
    expect(user.status).toBe('PROVISIONED');
    // An activation e-mail, not a password reset: its own words, and the link's 7 days (Okta's).
    const activation = await h.mail(login);
    expect(activation.subject).toMatch(/: activate your account$/);
    expect(activation.text).toContain('Choose your password here to activate it: http://127.0.0.1');
    expect(activation.text).toContain('The link expires in 7 days.');
    expect(activation.text).not.toMatch(/reset your password|1 hour/);
    await client.userApi.deleteUser({ userId: user.id! });
    expect((await client.userApi.getUser({ userId: user.id! })).status).toBe('DEPROVISIONED');
    await client.userApi.deleteUser({ userId: user.id! });
    expect((await oktaFailure(client.userApi.getUser({ userId: user.id! }))).status).toBe(404);
  });

  it('suspend, unsuspend, expire_password, reset_password and profile updates', async () => {
    const login = 'shopper-3@example.test';
    const user = await client.userApi.createUser({
      body: {
        profile: { firstName: 'Ada', lastName: 'Byron', email: login, login },
        credentials: { password: { value: PASSWORD } },
      },
    });
    await client.userApi.suspendUser({ userId: user.id! });
    expect((await client.userApi.getUser({ userId: user.id! })).status).toBe('SUSPENDED');
    expect((await authn(login)).status).toBe(401);
    await client.userApi.unsuspendUser({ userId: user.id! });
    expect((await authn(login)).status).toBe(200);
    await client.userApi.unlockUser({ userId: user.id! });

    const expired = await client.userApi.expirePassword({ userId: user.id! });
    expect(expired.status).toBe('PASSWORD_EXPIRED');
    expect(((await (await authn(login)).json()) as { status: string }).status).toBe('PASSWORD_EXPIRED');

    const reset = await client.userApi.generateResetPasswordToken({ userId: user.id!, sendEmail: false });
    expect(reset.resetPasswordUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect((await client.userApi.getUser({ userId: user.id! })).status).toBe('RECOVERY');

    const updated = await client.userApi.updateUser({
      userId: user.id!,
      user: { profile: { lastName: 'Lovelace' } },
    });
    expect(updated.profile).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', login });
    const replaced = await client.userApi.replaceUser({
      userId: user.id!,
      user: { profile: { firstName: 'Augusta', lastName: 'King', email: login, login } },
    });
    expect(replaced.profile?.firstName).toBe('Augusta');
  });

  it('pages through 60 users, 25 a page, with the collection iterator; q, filter and search', async () => {
    for (let i = 0; i < 60; i++) {
      const login = `paged-${String(i).padStart(2, '0')}@example.test`;
      await client.userApi.createUser({
        body: { profile: { firstName: `Page${i}`, lastName: 'Reader', email: login, login } },
        activate: i % 2 === 0,
      });
    }
    // 25 a page: the iterator follows the `next` link twice (3 pages), as it does past Okta's default 200.
    const seen: string[] = [];
    const all = await client.userApi.listUsers({ search: 'profile.login sw "paged-"', limit: 25 });
    for await (const u of all) if (u) seen.push(u.profile!.login!);
    expect(seen).toHaveLength(60);
    expect(new Set(seen).size).toBe(60);

    const staged = [];
    for await (const u of await client.userApi.listUsers({
      filter: 'status eq "STAGED" and profile.lastName eq "Reader"',
      limit: 25,
    }))
      staged.push(u);
    expect(staged).toHaveLength(30);
    const byEmail = [];
    for await (const u of await client.userApi.listUsers({
      filter: 'profile.email eq "paged-07@example.test"',
    }))
      byEmail.push(u);
    expect(byEmail.map((u) => u?.profile?.firstName)).toEqual(['Page7']);
    const byQ = [];
    for await (const u of await client.userApi.listUsers({ q: 'Page2' })) byQ.push(u);
    expect(byQ.map((u) => u?.profile?.firstName).sort()).toEqual([
      'Page2',
      'Page20',
      'Page21',
      'Page22',
      'Page23',
      'Page24',
      'Page25',
      'Page26',
      'Page27',
      'Page28',
      'Page29',
    ]);
  }, 120_000);

  it("answers Okta's error codes", async () => {
    const login = 'shopper-4@example.test';
    await client.userApi.createUser({
      body: { profile: { firstName: 'A', lastName: 'B', email: login, login } },
    });
    expect(
      await oktaFailure(
        client.userApi.createUser({
          body: { profile: { firstName: 'A', lastName: 'B', email: login, login } },
        }),
      ),
    ).toMatchObject({ status: 400, errorCode: 'E0000001' });
    const weak = await oktaFailure(
      client.userApi.createUser({
        body: {
          profile: { firstName: 'A', lastName: 'B', email: 'w@example.test', login: 'w@example.test' },
          credentials: { password: { value: 'x' } },
        },
      }),
    );
    expect(weak).toMatchObject({ status: 400, errorCode: 'E0000001' });
    expect(JSON.stringify(weak.errorCauses)).toContain('password');
    expect(await oktaFailure(client.userApi.getUser({ userId: 'nobody@example.test' }))).toMatchObject({
      status: 404,
      errorCode: 'E0000007',
    });
    expect(
      await oktaFailure(client.userApi.listUsers({ filter: 'status eq ACTIVE' }).then((c) => c.next())),
    ).toMatchObject({
      status: 400,
      errorCode: 'E0000031',
    });
    expect(await oktaFailure(client.userApi.activateUser({ userId: login, sendEmail: false }))).toMatchObject(
      {
        status: 403,
        errorCode: 'E0000016',
      },
    );
  });

  it("another store's token and a revoked token get 401 E0000011; another store's users are not found", async () => {
    const otherToken = await newToken('localhost');
    const other = sdk(otherToken, 'localhost');
    const mine = await client.userApi.getUser({ userId: 'shopper-4@example.test' });
    expect(await oktaFailure(other.userApi.getUser({ userId: mine.id! }))).toMatchObject({
      status: 404,
      errorCode: 'E0000007',
    });
    expect(await oktaFailure(sdk(otherToken).userApi.getUser({ userId: mine.id! }))).toMatchObject({
      status: 401,
      errorCode: 'E0000011',
    });
    const doomed = await h.t.app.db.transaction((tx) =>
      createStoreApiKey(tx, h.tenantId(), 'doomed', null, 'provisioning'),
    );
    expect((await sdk(doomed.key).userApi.getUser({ userId: mine.id! })).id).toBe(mine.id);
    await h.t.app.db.transaction((tx) => revokeStoreApiKey(tx, h.tenantId(), doomed.id, 'provisioning'));
    expect(await oktaFailure(sdk(doomed.key).userApi.getUser({ userId: mine.id! }))).toMatchObject({
      status: 401,
      errorCode: 'E0000011',
    });
  });

  it("sends Okta's rate-limit headers", async () => {
    const res = await fetch(`${h.origin()}/api/v1/users?limit=1`, {
      headers: { authorization: `SSWS ${token}` },
    });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('x-rate-limit-limit'))).toBe(5000);
    expect(Number(res.headers.get('x-rate-limit-remaining'))).toBeGreaterThan(0);
    expect(Number(res.headers.get('x-rate-limit-reset'))).toBeGreaterThan(Date.now() / 1000);
    expect(res.headers.get('link')).toMatch(/rel="next"/);
  });
});
