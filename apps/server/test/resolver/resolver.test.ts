import { RESOLVER_PATHS, resolverResponse, tenantConfig } from '@trackwell/contracts';
import { buildTenantDefinition } from '@trackwell/db/testing';
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

describe(`GET ${RESOLVER_PATHS.resolve} (platform resolver)`, () => {
  let t: TestApp;
  let issuer: TestIssuer;
  let a: TrackerTenant;
  let custom: TrackerTenant;
  let user: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    issuer = await startTestIssuer();
    a = await createTrackerTenant(t, issuer);
    custom = await createTrackerTenant(
      t,
      issuer,
      {},
      {
        resolverApplicationUrl: 'https://app.example.com/{tenantCode}/read?doc={contentCode}',
      },
    );
    await insertCatalogue(t.app.db, a.tenant.id, 2);
    await insertCatalogue(t.app.db, custom.tenant.id, 1);
    user = await a.createUser();
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  const url = (q: Record<string, string>) => `${RESOLVER_PATHS.resolve}?${new URLSearchParams(q)}`;

  it("answers the application URL from the default template, on the request's origin", async () => {
    const res = await a.call(user, {
      url: url({ contentCode: 'PUB1-S1', tenantId: a.tenant.id, userId: user.id }),
    });
    expect(res.statusCode).toBe(200);
    expect(resolverResponse.parse(res.json()).responseData.value.applicationURL).toBe(
      `http://${a.host}/store/app/standards/PUB1-S1`,
    );
    const page = await t.app.inject({ url: `/store/app/standards/PUB1-S1`, headers: { host: a.host } });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/store/standards/s-1.html');
  });

  it("fills a tenant's own template (values URL-encoded) and accepts the tenant code as tenantId", async () => {
    const cu = await custom.createUser();
    const res = await custom.call(cu, {
      url: url({ contentCode: 'PUB1-S1', tenantId: custom.tenant.code, userId: cu.id }),
    });
    expect(res.json().responseData.value.applicationURL).toBe(
      `https://app.example.com/${custom.tenant.code}/read?doc=PUB1-S1`,
    );
  });

  it('answers unknown content with a clear 404 (non-200 status)', async () => {
    const res = await a.call(user, {
      url: url({ contentCode: 'NOPE-1', tenantId: a.tenant.id, userId: user.id }),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: '404', message: expect.stringContaining('NOPE-1') });
  });

  it("does not resolve another tenant's content (cross-tenant 404)", async () => {
    await t.app.db.query(
      `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code, committee_designation, status, edition, published_on)
       VALUES ($1, 'custom-only', 'CUSTOM-ONLY', 'C1-24', 'Custom only', 'PUB1', 'D20', 'active', '2024', '2024-01-01')`,
      [custom.tenant.id],
    );
    const res = await a.call(user, {
      url: url({ contentCode: 'CUSTOM-ONLY', tenantId: a.tenant.id, userId: user.id }),
    });
    expect(res.statusCode).toBe(404);
  });

  it.each([
    [
      'another user id',
      () => ({ contentCode: 'PUB1-S1', tenantId: a.tenant.id, userId: crypto.randomUUID() }),
    ],
    ['another tenant id', () => ({ contentCode: 'PUB1-S1', tenantId: custom.tenant.id, userId: user.id })],
  ])('refuses %s with 403', async (_what, q) => {
    expect((await a.call(user, { url: url(q()) })).statusCode).toBe(403);
  });

  it.each([
    ['a missing contentCode', () => ({ tenantId: a.tenant.id, userId: user.id })],
    ['a missing tenantId', () => ({ contentCode: 'PUB1-S1', userId: user.id })],
    ['a bad userId', () => ({ contentCode: 'PUB1-S1', tenantId: a.tenant.id, userId: 'me' })],
  ])('refuses %s with 400', async (_what, q) => {
    expect((await a.call(user, { url: url(q() as Record<string, string>) })).statusCode).toBe(400);
  });

  it('needs a token (401)', async () => {
    const res = await a.call(null, {
      url: url({ contentCode: 'PUB1-S1', tenantId: a.tenant.id, userId: user.id }),
    });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['an unknown placeholder', '/x/{secret}'],
    ['a javascript: template', 'javascript:alert({contentCode})'],
    ['a protocol-relative template', '//evil.example/{contentCode}'],
  ])('refuses a tenant template with %s at write time', (_what, template) => {
    const def = buildTenantDefinition();
    expect(tenantConfig.safeParse({ ...def.config, resolverApplicationUrl: template }).success).toBe(false);
  });
});
