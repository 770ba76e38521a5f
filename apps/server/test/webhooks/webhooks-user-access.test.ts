import { WEBHOOK_PATHS } from '@trackwell/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../support/tracker-fixtures.ts';
import { a, b, expectError, t, useTrackerWorld } from '../support/tracker-world.ts';

/**
 * The tracker API's own webhook endpoints of a user (the account area's Webhooks screen), at the
 * edges webhooks.test.ts does not cover: no token or a bad one is 401 on every route; another tenant's host
 * sees nothing of this tenant's endpoints (its users' ids and this endpoint's id are unknown there); a
 * malformed id or limit is a 400 naming it. webhooks.test.ts covers the 400s of the body, another user's
 * endpoint (404) and the deliveries themselves.
 */
useTrackerWorld();

const W = WEBHOOK_PATHS;
let owner: TestUser;
let endpointId: string;

const routes = (id: string) =>
  [
    ['GET', W.userWebhooks],
    ['POST', W.userWebhooks],
    ['DELETE', W.userWebhook.replace(':id', id)],
    ['POST', W.userWebhookTest.replace(':id', id)],
    ['GET', W.userWebhookDeliveries.replace(':id', id)],
  ] as const;
const endpointCount = async () =>
  (await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_endpoints')).rows[0]!.n;

beforeAll(async () => {
  owner = await a.createUser();
  const created = await a.call(owner, {
    method: 'POST',
    url: W.userWebhooks,
    payload: { url: 'https://hooks.example.com/mine', description: 'mine' },
  });
  expect(created.statusCode).toBe(201);
  endpointId = (created.json() as { id: string }).id;
});

describe("a user's own webhook endpoints: who may reach them", () => {
  it('no token, a token from a key the issuer does not serve, and an expired token are 401 on every route', async () => {
    const before = await endpointCount();
    const foreign = await a.token(owner, {}, { key: 'foreign' });
    const expired = await a.token(owner, {}, { expiresIn: Math.floor(Date.now() / 1000) - 120 });
    for (const [method, url] of routes(endpointId)) {
      const payload =
        method === 'POST' && url === W.userWebhooks ? { url: 'https://x.example.com/h' } : undefined;
      for (const token of [null, foreign, expired])
        expectError(await a.call(owner, { method, url, token, ...(payload ? { payload } : {}) }), 401);
    }
    expect(await endpointCount()).toBe(before);
  });

  it("another tenant's host: this tenant's token is refused, and its own users see none of this tenant's endpoints", async () => {
    const before = await endpointCount();
    const tokenOfA = await a.token(owner);
    for (const [method, url] of routes(endpointId))
      expectError(await b.call(null, { method, url, token: tokenOfA }), 401);
    const stranger = await b.createUser();
    const list = await b.call(stranger, { url: W.userWebhooks });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ endpoints: [] });
    expect(list.body).not.toContain('hooks.example.com');
    for (const [method, url] of routes(endpointId).slice(2)) {
      const res = await b.call(stranger, { method, url });
      expectError(res, 404);
      expect(res.body).not.toContain('hooks.example.com');
    }
    expect(await endpointCount()).toBe(before);
    const mine = await a.call(owner, { url: W.userWebhooks });
    expect(mine.json().endpoints).toEqual([expect.objectContaining({ id: endpointId, owner: 'user' })]);
  });

  it('a malformed endpoint id or deliveries limit is a 400 naming it', async () => {
    for (const [method, path] of [
      ['DELETE', W.userWebhook],
      ['POST', W.userWebhookTest],
      ['GET', W.userWebhookDeliveries],
    ] as const) {
      const res = await a.call(owner, { method, url: path.replace(':id', 'not-an-id') });
      expectError(res, 400);
      expect(res.body).toContain('id');
    }
    for (const limit of ['0', '501', 'many']) {
      const res = await a.call(owner, {
        url: `${W.userWebhookDeliveries.replace(':id', endpointId)}?limit=${limit}`,
      });
      expectError(res, 400);
      expect(res.body).toContain('limit');
    }
  });
});
