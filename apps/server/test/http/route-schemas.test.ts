import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FuzzRoute, recordRoutes, routeName } from '../fuzz/route-table.ts';
import { buildTestApp, type TestApp } from '../support/helpers.ts';

/**
 * Every server route has a schema (scripts/route-schemas.ts prints the figures): the app with every service
 * and the built portal, each route as registered, HEAD twins of GET routes aside.
 */
let t: TestApp;
let routes: FuzzRoute[];
beforeAll(async () => {
  const recorded = recordRoutes();
  t = await buildTestApp({ SMTP_SINK_PORT: '0', SERVICES: 'web,idp,worker' });
  recorded.stop();
  routes = recorded.routes.filter((r) => r.method !== 'HEAD');
});
afterAll(async () => {
  await t?.close();
});

describe('route schemas', () => {
  it('every route of every service has a schema', () => {
    expect(routes.length).toBeGreaterThan(90);
    expect(routes.filter((r) => !r.schema).map(routeName)).toEqual([]);
  });

  it('the identity routes are among them: authn, sessions, MyAccount, OAuth, the fallback form, /me', () => {
    const names = routes.map(routeName);
    for (const expected of [
      'POST /api/v1/authn',
      'GET /api/v1/sessions/me',
      'GET /idp/myaccount/profile',
      'POST /oauth2/:server/v1/token',
      'POST /oauth2/:server/v1/revoke',
      'GET /interaction/:uid',
      'GET /api/identity/v1/me',
    ])
      expect(names).toContain(expected);
  });
});
