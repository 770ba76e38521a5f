import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONSOLE_IDENTITY_TEST_PATH, consoleIdentityTestAnswer } from '@trackwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertPublicDestination, isPublicAddress } from '../../src/http/outbound-guard.ts';
import {
  a,
  adminA,
  adminB,
  callAs,
  consoleRowCounts,
  editorA,
  t,
  useConsoleWorld,
} from '../support/console-world.ts';
import { expectError } from '../support/tracker-world.ts';

/** POST /stores/:code/identity/test: the issuer's discovery document, fetched behind the SSRF guard. */
useConsoleWorld({ env: { CONSOLE_OUTBOUND_ALLOW_PRIVATE: 'true' } });

let server: Server;
let origin = '';
const docs = new Map<string, (res: import('node:http').ServerResponse) => void>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const serve = docs.get(req.url ?? '');
    if (serve) serve(res);
    else res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const json = (body: unknown) => (res: import('node:http').ServerResponse) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  docs.set('/good/.well-known/openid-configuration', (res) =>
    json({
      issuer: `${origin}/good`,
      authorization_endpoint: `${origin}/good/authorize`,
      token_endpoint: `${origin}/good/token`,
      jwks_uri: `${origin}/good/keys`,
    })(res),
  );
  docs.set('/other/.well-known/openid-configuration', (res) =>
    json({ issuer: 'https://elsewhere.example' })(res),
  );
  docs.set('/html/.well-known/openid-configuration', (res) => res.writeHead(200).end('<html>hi</html>'));
  docs.set('/slow/.well-known/openid-configuration', () => {});
  docs.set('/huge/.well-known/openid-configuration', (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(Buffer.alloc(1024 * 1024 + 10, 32));
  });
  docs.set('/hop/.well-known/openid-configuration', (res) =>
    res.writeHead(302, { location: `${origin}/good/.well-known/openid-configuration` }).end(),
  );
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const url = (code = a.tenant.code) => CONSOLE_IDENTITY_TEST_PATH.replace(':code', code);
const test = (issuer: unknown, actor = adminA, code?: string) =>
  callAs(actor, { method: 'POST', url: url(code), payload: { issuer } });
const answerOf = (res: { statusCode: number; json(): unknown }) => {
  expect(res.statusCode).toBe(200);
  return consoleIdentityTestAnswer.parse(res.json());
};

describe('POST /stores/:code/identity/test', () => {
  it('answers the endpoints of a valid discovery document, writing nothing', async () => {
    const before = await consoleRowCounts();
    expect(answerOf(await test(`${origin}/good`))).toEqual({
      ok: true,
      issuer: `${origin}/good`,
      authorizationEndpoint: `${origin}/good/authorize`,
      tokenEndpoint: `${origin}/good/token`,
      jwksUri: `${origin}/good/keys`,
    });
    expect(await consoleRowCounts()).toEqual(before);
  });

  it('follows a redirect (each hop checked)', async () => {
    const answer = answerOf(await test(`${origin}/hop`));
    expect(answer).toMatchObject({ ok: false, reason: expect.stringContaining('issuer mismatch') });
  });

  it('says issuer mismatch, not JSON, HTTP status and too large', async () => {
    expect(answerOf(await test(`${origin}/other`))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('issuer mismatch'),
    });
    expect(answerOf(await test(`${origin}/html`))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('not JSON'),
    });
    expect(answerOf(await test(`${origin}/missing`))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('404'),
    });
    expect(answerOf(await test(`${origin}/huge`))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('larger'),
    });
  });

  it('says unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(answerOf(await test(`http://127.0.0.1:${port}/x`))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('unreachable'),
    });
  });

  it('gives up after 5 s', { timeout: 15_000 }, async () => {
    expect(answerOf(await test(`${origin}/slow`))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('within 5 s'),
    });
  });

  it('refuses private and loopback addresses, and http, when they are not allowed', async () => {
    t.app.env.CONSOLE_OUTBOUND_ALLOW_PRIVATE = false;
    try {
      expect(answerOf(await test(`${origin}/good`))).toMatchObject({
        ok: false,
        reason: expect.stringContaining('only https:'),
      });
      for (const issuer of [
        'https://127.0.0.1/x',
        'https://[::1]/x',
        'https://10.1.2.3',
        'https://localhost/x',
      ])
        expect(answerOf(await test(issuer))).toMatchObject({
          ok: false,
          reason: expect.stringMatching(/private, loopback or link-local/),
        });
    } finally {
      t.app.env.CONSOLE_OUTBOUND_ALLOW_PRIVATE = true;
    }
  });

  it('refuses a bad body with 400 naming issuer', async () => {
    for (const issuer of [
      undefined,
      'not a url',
      'ftp://x.example',
      'javascript:alert(1)',
      'https://a\u0000b',
    ]) {
      const body = expectError(await test(issuer), 400);
      expect(body.issues?.some((i) => i.path.includes('issuer'))).toBe(true);
    }
    expectError(
      await callAs(adminA, {
        method: 'POST',
        url: url(),
        payload: { issuer: 'https://x.example', extra: 1 },
      }),
      400,
    );
  });

  it('is refused to an editor, another store and anonymous callers', async () => {
    expectError(await test('https://x.example', editorA), 403);
    expectError(await test('https://x.example', adminB), 403);
    expectError(
      await callAs(null, { method: 'POST', url: url(), payload: { issuer: 'https://x.example' } }),
      401,
    );
  });
});

describe('the outbound guard', () => {
  it('knows public from private addresses', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(ip)).toBe(true);
    for (const ip of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      'nonsense',
    ])
      expect(isPublicAddress(ip)).toBe(false);
  });

  it('refuses a host that resolves to a private address, and one that does not resolve', async () => {
    const lookup = async () => ['93.184.216.34', '10.0.0.7'];
    await expect(
      assertPublicDestination('https://rebind.example/', { allowPrivate: false, lookup }),
    ).rejects.toThrow(/10\.0\.0\.7/);
    await expect(
      assertPublicDestination('https://nowhere.example/', {
        allowPrivate: false,
        lookup: async () => Promise.reject(new Error('ENOTFOUND')),
      }),
    ).rejects.toThrow(/could not be resolved/);
    const ok = await assertPublicDestination('https://public.example/', {
      allowPrivate: false,
      lookup: async () => ['93.184.216.34'],
    });
    expect(ok.addresses).toEqual(['93.184.216.34']);
  });
});
