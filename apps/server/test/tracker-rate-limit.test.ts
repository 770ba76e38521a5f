import { TRACKER_PATHS } from '@trackwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.ts';
import { createTrackerTenant, startTestIssuer, type TestIssuer } from './tracker-fixtures.ts';

describe('rate limit per user (TRACKER_RATE_LIMIT_PER_USER)', () => {
  let t: TestApp;
  let issuer: TestIssuer;
  beforeAll(async () => {
    t = await buildTestApp({ TRACKER_RATE_LIMIT_PER_USER: '3' });
    issuer = await startTestIssuer();
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  it("answers 429 in the error envelope once a user has used the minute's calls; other users are unaffected", async () => {
    const a = await createTrackerTenant(t, issuer);
    const [busy, calm] = [await a.createUser(), await a.createUser()];
    const call = (u: typeof busy) => a.call(u, { url: TRACKER_PATHS.featureFlags });
    for (let i = 0; i < 3; i++) expect((await call(busy)).statusCode).toBe(200);
    const limited = await call(busy);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: '429', error: 'too_many_requests' });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await call(calm)).statusCode).toBe(200);
  });
});
