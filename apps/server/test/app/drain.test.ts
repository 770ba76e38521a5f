import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServices } from '../../src/config/env.ts';
import { shutdownBudget } from '../../src/modules/health/drain.ts';
import { buildTestApp, type TestApp } from '../support/helpers.ts';

/**
 * The shutdown of a rolling upgrade (modules/health/drain.ts): readiness says draining at once while the
 * process still serves requests; the grace and the jobs' share of SHUTDOWN_TIMEOUT_SECONDS. The whole drain
 * with real processes is rolling-drain.test.ts.
 */

describe('draining', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SHUTDOWN_GRACE_SECONDS: '2', SHUTDOWN_TIMEOUT_SECONDS: '20' });
  });
  afterAll(() => t.close());

  it('answers /readyz 503 draining once the shutdown began, and still serves other requests', async () => {
    const { host } = await t.createTenant();
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    t.app.drain.begin();
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'draining', database: t.app.db.engine });
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200); // alive: not to be killed
    expect((await t.app.inject({ url: '/', headers: { accept: 'text/html', host } })).statusCode).toBe(200);
  });

  it('gives the settings budget to the phases: the grace only to a process that serves HTTP traffic', () => {
    const env = { SHUTDOWN_GRACE_SECONDS: 5, SHUTDOWN_TIMEOUT_SECONDS: 30 };
    expect(shutdownBudget(env, parseServices('web,idp,worker'))).toEqual({
      graceMs: 5000,
      jobsMs: 22_000,
      totalMs: 30_000,
    });
    expect(shutdownBudget(env, parseServices('worker'))).toEqual({
      graceMs: 0,
      jobsMs: 27_000,
      totalMs: 30_000,
    });
  });

  it('never lets the grace take more than half the bound, and leaves the jobs at least 1 s', () => {
    const budget = shutdownBudget(
      { SHUTDOWN_GRACE_SECONDS: 60, SHUTDOWN_TIMEOUT_SECONDS: 4 },
      parseServices('web'),
    );
    expect(budget).toEqual({ graceMs: 2000, jobsMs: 1000, totalMs: 4000 });
  });
});
