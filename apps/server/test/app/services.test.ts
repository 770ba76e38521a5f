import { TENANT_CONFIG_PATH } from '@trackwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helpers.ts';

/** `--services` decides what a process serves: the same code runs as web-only or identity-only processes. */
const DISCOVERY = '/oauth2/default/.well-known/openid-configuration';

describe.each([
  ['web', { config: 200, discovery: 404 }],
  ['idp', { config: 404, discovery: 200 }],
  ['web,idp,worker', { config: 200, discovery: 200 }],
])('a process started with --services=%s', (services, expected) => {
  let t: TestApp;
  let host: string;
  beforeAll(async () => {
    t = await buildTestApp({ SERVICES: services });
    ({ host } = await t.createTenant());
  });
  afterAll(() => t.close());

  it(`answers the tenant configuration with ${expected.config} and OpenID discovery with ${expected.discovery}`, async () => {
    const config = await t.app.inject({ method: 'POST', url: TENANT_CONFIG_PATH, headers: { host } });
    expect(config.statusCode).toBe(expected.config);
    const discovery = await t.app.inject({ url: DISCOVERY, headers: { host } });
    expect(discovery.statusCode).toBe(expected.discovery);
  });

  it('always answers health checks', async () => {
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});
