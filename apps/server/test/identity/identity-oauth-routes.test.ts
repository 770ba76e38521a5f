import SwaggerParser from '@apidevtools/swagger-parser';
import { introspection, oauthError, USER_INFO_PATH } from '@trackwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helpers.ts';

/**
 * The OAuth routes answered by hand (userinfo, revoke, introspect, `/me`), the provider's documented
 * endpoints and the fallback sign-in form: their error answers, each in its documented shape, and their
 * place in the OpenAPI document. The success answers are driven by okta-auth-js in identity-oidc.test.ts and
 * token-revocation.test.ts.
 */

let t: TestApp;
let host: string;
let clientId: string;
beforeAll(async () => {
  t = await buildTestApp({ SMTP_SINK_PORT: '0' });
  const created = await t.createTenant();
  host = created.host;
  clientId = created.tenant.config['client-id'];
});
afterAll(async () => {
  await t?.close();
});

const FORM = 'application/x-www-form-urlencoded';
const basic = (id: string) => `Basic ${Buffer.from(id).toString('base64')}`;

const call = (
  method: 'GET' | 'POST',
  url: string,
  options: { host?: string; headers?: Record<string, string>; payload?: string } = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { host: options.host ?? host, ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload }),
  });

describe('userinfo and /me', () => {
  it.each(['GET', 'POST'] as const)(
    '%s userinfo without a token → 401 invalid_token, WWW-Authenticate',
    async (method) => {
      const res = await call(method, '/oauth2/default/v1/userinfo');
      expect(res.statusCode).toBe(401);
      expect(oauthError.parse(res.json()).error).toBe('invalid_token');
      expect(res.headers['www-authenticate']).toMatch(/^Bearer /);
      expect(res.headers['cache-control']).toBe('no-store');
    },
  );

  it('userinfo with a forged token → 401; on a host of no store → 404 not_found', async () => {
    const forged = await call('GET', '/oauth2/default/v1/userinfo', {
      headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' },
    });
    expect(forged.statusCode).toBe(401);
    const nowhere = await call('GET', '/oauth2/default/v1/userinfo', { host: 'no-store.example' });
    expect(nowhere.statusCode).toBe(404);
    expect(oauthError.parse(nowhere.json()).error).toBe('not_found');
  });

  it('/me without a token → 401 E0000011 (Okta error body)', async () => {
    const res = await call('GET', USER_INFO_PATH);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ errorCode: 'E0000011' });
  });
});

describe('revoke and introspect', () => {
  it.each(['revoke', 'introspect'])('%s by another client → 401 invalid_client', async (endpoint) => {
    const res = await call('POST', `/oauth2/default/v1/${endpoint}`, {
      headers: { 'content-type': FORM, authorization: basic('someone-else') },
      payload: 'token=abc',
    });
    expect(res.statusCode).toBe(401);
    expect(oauthError.parse(res.json()).error).toBe('invalid_client');
  });

  it.each(['revoke', 'introspect'])(
    '%s with a body that is no form of strings → 400 invalid_request',
    async (endpoint) => {
      const res = await call('POST', `/oauth2/default/v1/${endpoint}`, {
        headers: { 'content-type': 'application/json', authorization: basic(clientId) },
        payload: JSON.stringify({ token: 42 }),
      });
      expect(res.statusCode).toBe(400);
      expect(oauthError.parse(res.json()).error).toBe('invalid_request');
    },
  );

  it('revoke without a token → 400 naming it; of an unknown token → 200 with an empty body (RFC 7009)', async () => {
    const missing = await call('POST', '/oauth2/default/v1/revoke', {
      headers: { 'content-type': FORM },
      payload: `client_id=${encodeURIComponent(clientId)}`,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      error: 'invalid_request',
      error_description: 'The token parameter is missing.',
    });
    const unknown = await call('POST', '/oauth2/default/v1/revoke', {
      headers: { 'content-type': FORM, authorization: basic(clientId) },
      payload: 'token=not-a-token-of-ours',
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe('');
    expect(String(unknown.headers['content-type'] ?? '')).not.toMatch(/json/);
  });

  it.each([
    ['revoke', 'token=a%00b'],
    ['introspect', 'client_id=x&token=%00'],
  ])('%s with a NUL in the form (%s) → 400 E0000001 naming body.token', async (endpoint, payload) => {
    const res = await call('POST', `/oauth2/default/v1/${endpoint}`, {
      headers: { 'content-type': FORM, authorization: basic(clientId) },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'E0000001' });
    expect(JSON.stringify(res.json())).toContain('body.token');
  });

  it('introspect of an unknown, a forged or no token → { active: false }', async () => {
    for (const token of ['not-a-token-of-ours', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.c2ln', '']) {
      const res = await call('POST', '/oauth2/default/v1/introspect', {
        headers: { 'content-type': FORM, authorization: basic(clientId) },
        payload: new URLSearchParams({ token }).toString(),
      });
      expect(res.statusCode).toBe(200);
      expect(introspection.parse(res.json())).toEqual({ active: false });
    }
  });
});

describe('the provider’s endpoints and the fallback form', () => {
  it('discovery names every endpoint on the store’s origin; a NUL in a query → 400 invalid_request', async () => {
    const res = await call('GET', '/oauth2/default/.well-known/openid-configuration');
    expect(res.statusCode).toBe(200);
    const discovery = res.json() as Record<string, string>;
    for (const key of ['token_endpoint', 'jwks_uri', 'revocation_endpoint', 'introspection_endpoint'])
      expect(discovery[key]?.startsWith(discovery.issuer!)).toBe(true);
    const nul = await call('GET', '/oauth2/default/v1/keys?x=%00');
    expect(nul.statusCode).toBe(400);
    expect(oauthError.parse(nul.json()).error_description).toMatch(/^query\.x: /);
  });

  it('an unknown or expired sign-in attempt → 400 with a page that offers to start again', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await call(method, '/interaction/no-such-attempt', {
        headers: { 'content-type': FORM },
        ...(method === 'POST' ? { payload: 'username=a%40b.example&password=x' } : {}),
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('Start again');
    }
  });
});

describe('the OpenAPI document', () => {
  it('lists the OAuth endpoints, userinfo, revoke, introspect, /me and the fallback form, and validates', async () => {
    const doc = (await call('GET', '/docs/openapi.json')).json() as {
      paths: Record<string, Record<string, { tags?: string[]; responses: Record<string, unknown> }>>;
    };
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    const documented: Array<[string, string]> = [
      ['get', '/oauth2/{server}/.well-known/openid-configuration'],
      ['get', '/oauth2/{server}/v1/authorize'],
      ['post', '/oauth2/{server}/v1/token'],
      ['get', '/oauth2/{server}/v1/keys'],
      ['get', '/oauth2/{server}/v1/logout'],
      ['get', '/oauth2/{server}/v1/userinfo'],
      ['post', '/oauth2/{server}/v1/revoke'],
      ['post', '/oauth2/{server}/v1/introspect'],
      ['get', '/interaction/{uid}'],
      ['post', '/interaction/{uid}'],
    ];
    for (const [method, path] of documented) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op!.tags).toEqual(['oauth2']);
    }
    expect(Object.keys(doc.paths[USER_INFO_PATH]!.get!.responses)).toEqual(
      expect.arrayContaining(['200', '401']),
    );
    // The catch-all under the issuer and the portal's pages are not API: not listed.
    expect(Object.keys(doc.paths).filter((p) => p.includes('*'))).toEqual([]);
  });
});
