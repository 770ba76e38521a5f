import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TenantConfig } from '@trackwell/contracts';
import type { SqlExecutor, Tenant } from '@trackwell/db';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import type { TestApp } from './helpers.ts';

/**
 * Real tokens for the tracker tests: a tiny JWKS server on 127.0.0.1 (Okta's layout: any
 * `…/oauth2/default/v1/keys` path) serving a test RSA key, and tokens signed with it. The server under
 * test fetches the keys over HTTP like it would from any issuer: nothing of ours is mocked.
 */
export interface TestIssuer {
  /** http://127.0.0.1:<port> */
  base: string;
  /** Signs an access token (RS256) with the served key; `key: 'foreign'` uses a key the JWKS does not serve. */
  sign(
    claims: JWTPayload,
    options?: { key?: 'served' | 'foreign'; expiresIn?: string | number; alg?: 'RS256' },
  ): Promise<string>;
  /** How many JWKS requests were served. */
  requests(): number;
  close(): Promise<void>;
}

export async function startTestIssuer(): Promise<TestIssuer> {
  const served = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(served.publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  let count = 0;
  const server: Server = createServer((req, res) => {
    if (req.method === 'GET' && /\/oauth2\/default\/v1\/keys$/.test(req.url ?? '')) {
      count++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    async sign(claims, { key = 'served', expiresIn = '10m' } = {}) {
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key-1' })
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(key === 'served' ? served.privateKey : foreign.privateKey);
    },
    requests: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface TestUser {
  id: string;
  login: string;
}

/** A tenant whose issuer is the test issuer (its own path), with a helper to call the API as a user. */
export interface TrackerTenant {
  tenant: Tenant;
  host: string;
  issuer: string;
  clientId: string;
  createUser(login?: string): Promise<TestUser>;
  /** An access token of this tenant's issuer for `user` (claims can be overridden). */
  token(user: TestUser, claims?: JWTPayload, options?: Parameters<TestIssuer['sign']>[1]): Promise<string>;
  /** `inject` on this tenant's host, with `user`'s token unless `token` is given (null: no header). */
  call(
    user: TestUser | null,
    options: InjectOptions & { token?: string | null },
  ): Promise<LightMyRequestResponse>;
}

export async function createTrackerTenant(
  t: TestApp,
  issuer: TestIssuer,
  overrides: Parameters<TestApp['createTenant']>[0] = {},
  configPatch: Partial<TenantConfig> = {},
): Promise<TrackerTenant> {
  const path = `/${randomUUID().slice(0, 8)}/oauth2/default`;
  const base = await t.createTenant(overrides);
  // The issuer must be absolute (another origin), so set it after the code is known.
  const def = {
    ...base.def,
    config: { ...base.def.config, ...configPatch, 'issuer-uri': `${issuer.base}${path}` },
  };
  const { upsertTenant } = await import('@trackwell/db');
  const tenant = await t.app.db.transaction((tx) => upsertTenant(tx, def, base.tenant.id));
  t.app.tenants.clear();
  const issuerUrl = `${issuer.base}${path}`;
  const clientId = def.config['client-id'];
  const ctx: TrackerTenant = {
    tenant,
    host: base.host,
    issuer: issuerUrl,
    clientId,
    async createUser(login = `${randomUUID().slice(0, 8)}@example.test`) {
      const id = randomUUID();
      await t.app.db.query(
        'INSERT INTO users (id, tenant_id, login, first_name, last_name) VALUES ($1, $2, $3, $4, $5)',
        [id, tenant.id, login, 'Test', 'User'],
      );
      return { id, login };
    },
    token: (user, claims = {}, options) =>
      issuer.sign(
        {
          iss: issuerUrl,
          aud: 'api://default',
          sub: user.login,
          uid: user.id,
          cid: clientId,
          scp: ['openid', 'profile', 'email'],
          ...claims,
        },
        options,
      ),
    async call(user, { token, headers, ...options }) {
      const bearer = token === undefined ? (user ? await ctx.token(user) : null) : token;
      return t.app.inject({
        ...options,
        headers: { host: base.host, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...headers },
      });
    },
  };
  return ctx;
}

export interface TestCatalogue {
  publishers: string[];
  committees: string[];
  industryAreas: string[];
  /** Standards by asset id → id. */
  standards: Map<string, { id: number; assetId: string; contentCode: string; designation: string }>;
}

/**
 * The few catalogue rows a tracker test needs, in the tenant's own catalogue: 2 publishers, 2 committees,
 * 2 industry areas and `count` standards (assetId `s-<n>`, contentCode `PUB1-S<n>`, designation `S<n>-24`).
 */
export async function insertCatalogue(db: SqlExecutor, tenantId: string, count = 5): Promise<TestCatalogue> {
  await db.query(
    `INSERT INTO publishers (tenant_id, code, name) VALUES ($1, 'PUB1', 'First Publisher'), ($1, 'PUB2', 'Second Publisher')`,
    [tenantId],
  );
  await db.query(
    `INSERT INTO committees (tenant_id, designation, title, publisher_code) VALUES
       ($1, 'D20', 'Plastics', 'PUB1'), ($1, 'D30', 'Composite Materials', 'PUB2')`,
    [tenantId],
  );
  await db.query(
    `INSERT INTO industry_areas (tenant_id, marketing_code, code_name) VALUES
       ($1, 'IA-PLA', 'Plastics and Polymers'), ($1, 'IA-CON', 'Construction')`,
    [tenantId],
  );
  const standards: TestCatalogue['standards'] = new Map();
  for (let n = 1; n <= count; n++) {
    const assetId = `s-${n}`;
    const contentCode = `PUB1-S${n}`;
    const designation = `S${n}-24`;
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code,
         committee_designation, status, edition, published_on)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'active', '2024', '2024-03-01') RETURNING id`,
      [
        tenantId,
        assetId,
        contentCode,
        designation,
        `Standard Test Method number ${n} for Tensile Properties`,
        n % 2 ? 'PUB1' : 'PUB2',
        n % 2 ? 'D20' : 'D30',
      ],
    );
    standards.set(assetId, { id: Number(rows[0]!.id), assetId, contentCode, designation });
  }
  return {
    publishers: ['PUB1', 'PUB2'],
    committees: ['D20', 'D30'],
    industryAreas: ['IA-PLA', 'IA-CON'],
    standards,
  };
}

/** Tracks standards for a user directly, with increasing created_at (so the newest is the last given). */
export async function trackStandards(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
  standardIds: number[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, standardId] of standardIds.entries()) {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO content_trackings (tenant_id, user_id, standard_id, created_at)
       VALUES ($1, $2, $3, timestamptz '2025-01-01T00:00:00Z' + make_interval(mins => $4)) RETURNING id`,
      [tenantId, userId, standardId, i],
    );
    ids.push(Number(rows[0]!.id));
  }
  return ids;
}

/**
 * Standards written the ways catalogues write designations, for the designation rule's API tests: ASTM
 * without its publisher, ISO with a year, a DIN adoption and a standards-system import of the same
 * ISO number, and two active editions of one standard. Asset ids are `dr-<n>`, content codes `DR-<n>`; publisher PUB1 and committee D20 must exist.
 */
export const DESIGNATION_FORMS = [
  ['ISO 22337:2020', 'active'],
  ['ISO 22337:2015', 'historical'],
  ['D6385-22', 'active'],
  ['D6385-19', 'historical'],
  ['A6385-20', 'active'],
  ['13849-1:2006-11', 'active'],
  ['ISO 13849-1:2006-11', 'active'],
  ['DIN EN ISO 13849-1:2008-12', 'active'],
  ['D1234-19', 'active'],
  ['D1234-23', 'active'],
] as const;

export async function insertDesignationForms(db: SqlExecutor, tenantId: string) {
  for (const [n, [designation, status]] of DESIGNATION_FORMS.entries()) {
    await db.query(
      `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code,
         committee_designation, status, edition, published_on)
       VALUES ($1, $2, $3, $4, $5, 'PUB1', 'D20', $6, '2020', '2020-01-01')`,
      [tenantId, `dr-${n}`, `DR-${n}`, designation, `Designation form number ${n}`, status],
    );
  }
}
