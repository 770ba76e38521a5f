import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedUser, embeddedAccessToken } from '../support/embedded-signin.ts';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import {
  createTrackerTenant,
  insertCatalogue,
  startTestIssuer,
  type TestIssuer,
  type TestUser,
  type TrackerTenant,
} from '../support/tracker-fixtures.ts';

/**
 * The outside probe's NUL cases, each of which answered 500 (PostgreSQL refuses the byte). Every
 * one is now 400 naming the field, in the route family's own error shape, and writes nothing.
 */

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\uD800b';

let t: TestApp;
let issuer: TestIssuer;
let tracker: TrackerTenant;
let trackerUser: TestUser;
let idpHost: string;
let idpClientId: string;
let idpLogin: string;
let myAccountToken: string;

/** Rows of every table that a refused request must leave alone, summed. */
async function rowCount(): Promise<number> {
  const tables = [
    'content_trackings',
    'identity_emails',
    'identity_tokens',
    'identity_oidc_payloads',
    'mail_messages',
    'tracking_unsubscribes',
  ];
  let total = 0;
  for (const table of tables) {
    const { rows } = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    total += Number(rows[0]!.n);
  }
  return total;
}

async function refused(options: InjectOptions) {
  const before = await rowCount();
  const res = await t.app.inject(options);
  expect(res.statusCode, res.body).toBe(400);
  expect(await rowCount()).toBe(before);
  return res;
}

const envelopeIssue = (body: string) =>
  (JSON.parse(body) as { error: string; issues: Array<{ path: string }> }).issues[0]?.path;
const oktaCause = (body: string) => {
  const json = JSON.parse(body) as { errorCode: string; errorCauses: Array<{ errorSummary: string }> };
  expect(json.errorCode).toBe('E0000001');
  return json.errorCauses[0]?.errorSummary;
};

beforeAll(async () => {
  t = await buildTestApp({ SMTP_SINK_PORT: '0', IDP_RATE_LIMIT_PER_IP: '1000' });
  issuer = await startTestIssuer();
  tracker = await createTrackerTenant(t, issuer);
  await insertCatalogue(t.app.db, tracker.tenant.id, 3);
  trackerUser = await tracker.createUser();
  const idp = await t.createTenant();
  idpHost = idp.host;
  idpClientId = idp.tenant.config['client-id'];
  idpLogin = (await createEmbeddedUser(t.app, idp.tenant.id)).login;
  myAccountToken = await embeddedAccessToken(t.app, idpHost, idpClientId, idpLogin);
});

afterAll(async () => {
  await issuer?.close();
  await t?.close();
});

describe('NUL or invalid UTF-8 in any input → 400 naming the field, nothing written', () => {
  it('create-tracker: NUL in body.assetId (API envelope)', async () => {
    const res = await refused({
      method: 'POST',
      url: '/api/tracker/v1/track-content/create-tracker',
      headers: { host: tracker.host, authorization: `Bearer ${await tracker.token(trackerUser)}` },
      payload: { assetId: NUL },
    });
    expect(res.json()).toMatchObject({ status: '400', error: 'validation_error' });
    expect(envelopeIssue(res.body)).toBe('body.assetId');
  });

  it('create-tracker: a lone surrogate in body.assetId', async () => {
    const res = await refused({
      method: 'POST',
      url: '/api/tracker/v1/track-content/create-tracker',
      headers: {
        host: tracker.host,
        authorization: `Bearer ${await tracker.token(trackerUser)}`,
        'content-type': 'application/json',
      },
      payload: `{"assetId":"${LONE_SURROGATE.replace('\uD800', '\\ud800')}"}`,
    });
    expect(envelopeIssue(res.body)).toBe('body.assetId');
  });

  it('resolver: NUL in query.contentCode', async () => {
    const res = await refused({
      method: 'GET',
      url: `/api/platform/v3/resolver/getResolverDPForContent?contentCode=${encodeURIComponent(NUL)}`,
      headers: { host: tracker.host, authorization: `Bearer ${await tracker.token(trackerUser)}` },
    });
    expect(envelopeIssue(res.body)).toBe('query.contentCode');
  });

  it('store page: NUL in params.contentCode', async () => {
    const res = await refused({
      method: 'GET',
      url: `/store/app/standards/${encodeURIComponent(NUL)}`,
      headers: { host: tracker.host },
    });
    expect(envelopeIssue(res.body)).toBe('params.contentCode');
  });

  it.each([
    ['client_id', { client_id: NUL, code: 'abc' }],
    ['code', { client_id: 'any', code: NUL }],
  ])('token endpoint: NUL in the form field %s → OAuth invalid_request', async (field, fields) => {
    const res = await refused({
      method: 'POST',
      url: '/oauth2/default/v1/token',
      headers: { host: idpHost, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        redirect_uri: `http://${idpHost}/implicit/callback`,
        code_verifier: 'x'.repeat(43),
        ...fields,
      }).toString(),
    });
    expect(res.json()).toEqual({
      error: 'invalid_request',
      error_description: `body.${field}: contains a NUL character or invalid UTF-8`,
    });
  });

  it('authorize: NUL in query.client_id → OAuth invalid_request', async () => {
    const res = await refused({
      method: 'GET',
      url: `/oauth2/default/v1/authorize?client_id=${encodeURIComponent(NUL)}&response_type=code`,
      headers: { host: idpHost },
    });
    expect(res.json()).toMatchObject({ error: 'invalid_request' });
    expect(res.json().error_description).toMatch(/^query\.client_id:/);
  });

  it('authn: NUL in body.username (Okta E0000001)', async () => {
    const res = await refused({
      method: 'POST',
      url: '/api/v1/authn',
      headers: { host: idpHost, 'content-type': 'application/json' },
      payload: { username: NUL, password: 'whatever-1' },
    });
    expect(oktaCause(res.body)).toMatch(/^body\.username: /);
  });

  it('forgot password: NUL in body.username (Okta E0000001)', async () => {
    const res = await refused({
      method: 'POST',
      url: '/api/v1/authn/recovery/password',
      headers: { host: idpHost, 'content-type': 'application/json' },
      payload: { username: NUL, factorType: 'EMAIL' },
    });
    expect(oktaCause(res.body)).toMatch(/^body\.username: /);
  });

  it('MyAccount add e-mail: NUL in body.profile.email (Okta E0000001)', async () => {
    const res = await refused({
      method: 'POST',
      url: '/idp/myaccount/emails',
      headers: {
        host: idpHost,
        authorization: `Bearer ${myAccountToken}`,
        'content-type': 'application/json',
        accept: 'application/json; okta-version=1.0.0',
      },
      payload: { profile: { email: `x${NUL}@example.test` }, role: 'SECONDARY' },
    });
    expect(oktaCause(res.body)).toMatch(/^body\.profile\.email: /);
  });

  it.each(['q', 'to'])('mail inbox: NUL in query.%s', async (param) => {
    const res = await refused({
      method: 'GET',
      url: `/_dev/mail/messages?${param}=${encodeURIComponent(NUL)}`,
      headers: { host: idpHost },
    });
    expect(envelopeIssue(res.body)).toBe(`query.${param}`);
  });

  it('token endpoint: an Origin header no HTTP parser would deliver → 400 naming it (the provider echoes Origin)', async () => {
    const res = await refused({
      method: 'POST',
      url: '/oauth2/default/v1/token',
      headers: {
        host: idpHost,
        origin: 'http://x\u0100.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'grant_type=authorization_code&code=x',
    });
    expect(oktaCause(res.body)).toBe('headers.origin: is not a valid HTTP header value');
  });

  it('a NUL in a header (the Host selects the tenant in the database) → 400 naming it', async () => {
    const res = await refused({
      method: 'GET',
      url: '/api/tracker/v1/aws-appconfig/get-aws-appconfig',
      headers: { host: tracker.host, 'x-api-key': NUL },
    });
    expect(envelopeIssue(res.body)).toBe('headers.x-api-key');
  });
});
