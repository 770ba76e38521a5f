import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAuthenticatedRoute } from '../fuzz/fuzz-world.ts';
import { type FuzzRoute, recordRoutes, routeName } from '../fuzz/route-table.ts';
import { buildTestApp, type TestApp } from '../support/helpers.ts';

/**
 * Every authenticated route authenticates first (401), then validates. An anonymous caller
 * sending an invalid body or query learns nothing of the API: not the schema, not which fields are wrong.
 * The routes are every registered route under the authenticated prefixes (fuzz-world.ts), so a new one is
 * covered without editing this file.
 */

let t: TestApp;
let routes: FuzzRoute[];
let host: string;
let idpHost: string;

beforeAll(async () => {
  const recorded = recordRoutes();
  t = await buildTestApp({ SMTP_SINK_PORT: '0' });
  recorded.stop();
  routes = recorded.routes.filter((r) => isAuthenticatedRoute(r.url));
  host = (await t.createTenant()).host;
  idpHost = (await t.createTenant()).host;
});
afterAll(async () => {
  await t?.close();
});

const INVALID_INPUTS: Array<[string, { payload?: string; contentType?: string; query?: string }]> = [
  [
    'a body of the wrong type',
    { payload: '{"events":"not-a-list","userId":42}', contentType: 'application/json' },
  ],
  ['malformed JSON', { payload: '{"events": [', contentType: 'application/json' }],
  [
    'a NUL byte in the body',
    { payload: '{"assetId":"a\\u0000b","username":"\\u0000"}', contentType: 'application/json' },
  ],
  ['a lone surrogate in the body', { payload: '{"assetId":"\\ud800"}', contentType: 'application/json' }],
  ['an unsupported content type', { payload: '<x/>', contentType: 'application/xml' }],
  ['an invalid query', { query: 'userId=not-a-uuid&pageSize=-1&contentCode=%00' }],
];

describe('anonymous callers get 401 before any validation', () => {
  it('covers the tracker, catalogue, member, resolver, flag, publisher, MyAccount and user-info routes', () => {
    const names = routes.map(routeName);
    for (const expected of [
      'POST /api/catalog/v1/changes',
      'POST /api/tracker/v1/track-content/create-tracker',
      'GET /api/platform/v3/resolver/getResolverDPForContent',
      'GET /api/notifications/v1/deliveries',
      'POST /idp/myaccount/emails',
      'GET /api/identity/v1/me',
    ])
      expect(names).toContain(expected);
  });

  it.each(INVALID_INPUTS)('every authenticated route, anonymous, with %s → 401', async (_name, input) => {
    const wrong: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, 'x').replace(':server', 'default');
      const identity = /^\/(idp|api\/identity|oauth2)\//.test(route.url);
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: input.query ? `${url}?${input.query}` : url,
        headers: {
          host: identity ? idpHost : host,
          ...(input.contentType ? { 'content-type': input.contentType } : {}),
        },
        ...(input.payload !== undefined && !['GET', 'HEAD'].includes(route.method)
          ? { payload: input.payload }
          : {}),
      });
      if (res.statusCode !== 401)
        wrong.push(`${routeName(route)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('POST /api/catalog/v1/changes, anonymous, invalid body: 401 that names no event kind or field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/catalog/v1/changes',
      headers: { host, 'content-type': 'application/json' },
      payload: { events: [{ kind: 'no-such-kind' }] },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: '401', error: 'unauthorized' });
    expect(res.body).not.toMatch(/issues|standard\.|events|kind/);
  });
});
