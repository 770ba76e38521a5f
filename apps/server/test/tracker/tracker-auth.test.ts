import { randomUUID } from 'node:crypto';
import { UnsecuredJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../support/tracker-fixtures.ts';
import { a, b, expectError, issuer, listUrl, t, useTrackerWorld } from '../support/tracker-world.ts';

/** The tracker API's authentication: every call needs a token of the host tenant's issuer. */
useTrackerWorld();

describe('authentication (every call needs a token of the host tenant issuer)', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await a.createUser();
  });

  it('accepts a valid token and fetches the issuer keys over HTTP (then caches them)', async () => {
    const res = await a.call(user, { url: listUrl(user.id) });
    expect(res.statusCode).toBe(200);
    expect(issuer.requests()).toBeGreaterThan(0);
  });

  it('refuses a call without a token with 401 and a WWW-Authenticate challenge', async () => {
    const res = await a.call(null, { url: listUrl(user.id) });
    expectError(res, 401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it.each([
    ['a malformed Authorization header', async () => 'Basic abc'],
    [
      'an expired token',
      async () => `Bearer ${await a.token(user, {}, { expiresIn: Math.floor(Date.now() / 1000) - 120 })}`,
    ],
    [
      'a token signed with a key the issuer does not publish',
      async () => `Bearer ${await a.token(user, {}, { key: 'foreign' })}`,
    ],
    ['a token of another tenant issuer', async () => `Bearer ${await b.token(user)}`],
    ['a token for another audience', async () => `Bearer ${await a.token(user, { aud: 'api://other' })}`],
    [
      'a token issued to another client',
      async () => `Bearer ${await a.token(user, { cid: 'someone-else' })}`,
    ],
    ['a token without the openid scope', async () => `Bearer ${await a.token(user, { scp: ['profile'] })}`],
    [
      'an unsigned token',
      async () =>
        `Bearer ${new UnsecuredJWT({ iss: a.issuer, aud: 'api://default', sub: user.login, uid: user.id, cid: a.clientId, scp: ['openid'] }).setExpirationTime('5m').encode()}`,
    ],
    ['garbage', async () => 'Bearer not.a.jwt'],
  ])('refuses %s with 401', async (_what, header) => {
    const res = await t.app.inject({
      url: listUrl(user.id),
      headers: { host: a.host, authorization: await header() },
    });
    expectError(res, 401);
  });

  it("refuses a valid token of this issuer naming a user who is not this tenant's (401)", async () => {
    const stranger = { id: randomUUID(), login: 'nobody@example.test' };
    const res = await a.call(stranger, { url: listUrl(stranger.id) });
    expect(expectError(res, 401).message).toMatch(/not a user of this store/);
  });

  it("refuses a user of another tenant presenting that tenant's token on this host (cross-tenant, 401)", async () => {
    const other = await b.createUser();
    const res = await t.app.inject({
      url: listUrl(other.id),
      headers: { host: a.host, authorization: `Bearer ${await b.token(other)}` },
    });
    expectError(res, 401);
  });

  it('refuses on another host a token its own store has just accepted (the verified cache is per issuer)', async () => {
    const other = await b.createUser();
    const authorization = `Bearer ${await b.token(other)}`;
    const own = await t.app.inject({ url: listUrl(other.id), headers: { host: b.host, authorization } });
    expect(own.statusCode).toBe(200);
    const elsewhere = await t.app.inject({
      url: listUrl(other.id),
      headers: { host: a.host, authorization },
    });
    expect(expectError(elsewhere, 401).message).toMatch(/not issued by this store/);
    // and its own store still accepts it afterwards
    const again = await t.app.inject({ url: listUrl(other.id), headers: { host: b.host, authorization } });
    expect(again.statusCode).toBe(200);
  });

  it('does not fall back to the login when the uid is one of our ids that does not exist (401)', async () => {
    const res = await a.call(user, {
      url: listUrl(user.id),
      token: await a.token(user, { uid: randomUUID() }),
    });
    expectError(res, 401);
  });

  it('finds the user by login when the issuer uid is not ours (a real Okta org)', async () => {
    const res = await a.call(user, {
      url: listUrl(user.id),
      token: await a.token(user, { uid: '00u1abcdEFGH' }),
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 404 for a host that is no store', async () => {
    const res = await t.app.inject({ url: listUrl(user.id), headers: { host: 'nowhere.localhost' } });
    expectError(res, 404);
  });

  it('checks the token before the request: no token and a bad query is still 401', async () => {
    expectError(await a.call(null, { url: listUrl('not-a-uuid', 0, 0) }), 401);
  });
});
