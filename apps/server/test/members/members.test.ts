import { committeesResponse, errorEnvelope, MEMBER_PATHS } from '@trackwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import {
  createTrackerTenant,
  insertCatalogue,
  startTestIssuer,
  type TestIssuer,
  type TestUser,
  type TrackerTenant,
} from '../support/tracker-fixtures.ts';

describe(`GET ${MEMBER_PATHS.committees} (member service, S-Origin)`, () => {
  let t: TestApp;
  let issuer: TestIssuer;
  let a: TrackerTenant;
  let b: TrackerTenant;
  let user: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    issuer = await startTestIssuer();
    a = await createTrackerTenant(t, issuer);
    b = await createTrackerTenant(t, issuer);
    await insertCatalogue(t.app.db, a.tenant.id, 1);
    user = await a.createUser();
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  const get = (origin: string | undefined, u: TestUser | null = user) =>
    a.call(u, { url: MEMBER_PATHS.committees, headers: origin === undefined ? {} : { 's-origin': origin } });

  it("answers the tenant's committees in Result, with the org's domain in S-Origin", async () => {
    const res = await get(a.host);
    expect(res.statusCode).toBe(200);
    expect(committeesResponse.parse(res.json())).toEqual({
      Result: [
        { Designation: 'D20', Title: 'Plastics' },
        { Designation: 'D30', Title: 'Composite Materials' },
      ],
    });
  });

  it('accepts S-Origin as an origin (scheme and port) too', async () => {
    expect((await get(`http://${a.host}:8080`)).statusCode).toBe(200);
  });

  it('answers an empty Result for a store without committees', async () => {
    const bUser = await b.createUser();
    const res = await b.call(bUser, { url: MEMBER_PATHS.committees, headers: { 's-origin': b.host } });
    expect(res.json()).toEqual({ Result: [] });
  });

  it('refuses a missing S-Origin with 400', async () => {
    const res = await get(undefined);
    expect(res.statusCode).toBe(400);
    expect(errorEnvelope.parse(res.json()).issues?.[0]?.path).toMatch(/s-origin/);
  });

  it.each([
    ["another store's domain", () => b.host],
    ['an unknown domain', () => 'evil.example'],
    ['garbage', () => 'http://[::1'],
  ])('refuses %s with 403', async (_what, origin) => {
    const res = await get(origin());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: '403', error: 'forbidden' });
  });

  it('refuses a call without a token (401) or with another tenant issuer token (401)', async () => {
    expect((await get(a.host, null)).statusCode).toBe(401);
    const res = await a.call(user, {
      url: MEMBER_PATHS.committees,
      headers: { 's-origin': a.host },
      token: await b.token(user),
    });
    expect(res.statusCode).toBe(401);
  });
});
