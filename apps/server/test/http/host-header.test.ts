import { request as httpRequest } from 'node:http';
import { listMailMessages } from '@trackwell/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import {
  type IdpHarness,
  PASSWORD,
  signInWithSdk,
  useIdpWithCookieJar,
} from '../support/identity-harness.ts';

/**
 * Host-header poisoning (issue: a forged Host put `evil.example` into a password-reset link). A store is
 * selected only by an exact registered host name and a port this server serves; every absolute URL comes
 * from PUBLIC_URL_TEMPLATE + the store's canonical host. Table-driven: a new Host variant is one line in
 * VARIANTS, a new endpoint one entry in ENDPOINTS. Requests go over real HTTP (raw headers: several Host
 * headers, userinfo, odd casing) to the store on `localhost` of the IdP harness.
 */

const idp = useIdpWithCookieJar();
let h: IdpHarness;
let canonical: string; // http://localhost:<port>

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP/1.1 request with exactly these header lines (Node adds no Host of its own). */
function send(
  method: string,
  path: string,
  headerLines: Array<[string, string]>,
  body?: string,
): Promise<Answer> {
  const flat = headerLines.flat();
  if (body !== undefined)
    flat.push('content-type', 'application/json', 'content-length', `${Buffer.byteLength(body)}`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: h.port, method, path, headers: flat, setHost: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Host variants: the header lines a request carries, and whether the store may answer (canonically). */
const VARIANTS: Array<{ name: string; lines: (port: number) => Array<[string, string]>; selects: boolean }> =
  [
    { name: 'the exact host and port', lines: (p) => [['host', `localhost:${p}`]], selects: true },
    {
      name: 'userinfo (host:port@evil)',
      lines: (p) => [['host', `localhost:${p}@evil.example`]],
      selects: false,
    },
    { name: 'a port the server does not serve', lines: () => [['host', 'localhost:1337']], selects: false },
    { name: 'no port (80 is not served)', lines: () => [['host', 'localhost']], selects: false },
    { name: 'a trailing dot', lines: (p) => [['host', `localhost.:${p}`]], selects: false },
    { name: 'odd casing', lines: (p) => [['host', `LocalHost:${p}`]], selects: false },
    { name: 'another host', lines: (p) => [['host', `evil.example:${p}`]], selects: false },
    { name: 'a list of hosts', lines: (p) => [['host', `localhost:${p}, evil.example`]], selects: false },
    { name: 'a suffix of a store host', lines: (p) => [['host', `evil-localhost:${p}`]], selects: false },
    {
      name: 'two Host headers',
      lines: (p) => [
        ['host', `localhost:${p}`],
        ['host', 'evil.example'],
      ],
      selects: false,
    },
    {
      name: 'X-Forwarded-Host without TRUST_PROXY (ignored)',
      lines: (p) => [
        ['host', `localhost:${p}`],
        ['x-forwarded-host', 'evil.example'],
        ['x-forwarded-proto', 'https'],
      ],
      selects: true,
    },
  ];

/** Every URL-looking string of an answer: body, Location and Link headers. */
const urlsIn = (a: Answer) =>
  [a.body, String(a.headers.location ?? ''), String(a.headers.link ?? '')]
    .join('\n')
    .match(/https?:\/\/[^\s"'<>\\]+/g) ?? [];

interface Endpoint {
  name: string;
  /** Sends the step that would emit URLs or e-mails, with these Host lines; `to` is the inbox to read. */
  run(lines: Array<[string, string]>): Promise<{ answer: Answer; to?: string }>;
}

const json = (o: object) => JSON.stringify(o);

const ENDPOINTS: Endpoint[] = [
  {
    name: 'forgot password (reset link e-mailed)',
    async run(lines) {
      const user = await h.createUser({}, 'localhost');
      const body = json({ username: user.login, factorType: 'EMAIL' });
      return { answer: await send('POST', '/api/v1/authn/recovery/password', lines, body), to: user.login };
    },
  },
  {
    name: 'unlock (unlock link e-mailed)',
    async run(lines) {
      const user = await h.createUser({ status: 'LOCKED_OUT' }, 'localhost');
      const body = json({ username: user.login, factorType: 'EMAIL' });
      return { answer: await send('POST', '/api/v1/authn/recovery/unlock', lines, body), to: user.login };
    },
  },
  {
    name: 'push (approval link e-mailed)',
    async run(lines) {
      const user = await h.createUser({ factor: 'push' }, 'localhost');
      const signIn = await send(
        'POST',
        '/api/v1/authn',
        [['host', new URL(canonical).host]],
        json({ username: user.login, password: PASSWORD }),
      );
      const tx = JSON.parse(signIn.body) as {
        stateToken: string;
        _embedded: { factors: Array<{ _links: { verify: { href: string } } }> };
      };
      const verify = new URL(tx._embedded.factors[0]!._links.verify.href).pathname;
      const answer = await send('POST', verify, lines, json({ stateToken: tx.stateToken }));
      return { answer, to: user.login };
    },
  },
  {
    name: 'MyAccount e-mail verification (code e-mailed)',
    async run(lines) {
      const user = await h.createUser({}, 'localhost');
      const { tokens } = await signInWithSdk(h, idp.jar.fetch, user.login, 'localhost');
      const bearer: [string, string] = ['authorization', `Bearer ${tokens.accessToken?.accessToken}`];
      const accept: [string, string] = ['accept', 'application/json; okta-version=1.0.0'];
      const address = `second-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;
      const added = await send(
        'POST',
        '/idp/myaccount/emails',
        [['host', new URL(canonical).host], bearer, accept],
        json({ profile: { email: address }, sendEmail: false, role: 'SECONDARY' }),
      );
      const { id } = JSON.parse(added.body) as { id: string };
      const answer = await send(
        'POST',
        `/idp/myaccount/emails/${id}/challenge`,
        [...lines, bearer, accept],
        '{}',
      );
      return { answer, to: address };
    },
  },
  {
    name: 'tenant configuration (issuer and every URI)',
    run: async (lines) => ({
      answer: await send('POST', '/config/get-tenant-configuration-for-ui', lines, '{}'),
    }),
  },
  {
    name: 'OpenID discovery',
    run: async (lines) => ({
      answer: await send('GET', '/oauth2/default/.well-known/openid-configuration', lines),
    }),
  },
  {
    name: 'authorize (redirect to the sign-in page)',
    async run(lines) {
      const query = new URLSearchParams({
        client_id: h.clientId('localhost'),
        response_type: 'code',
        scope: 'openid',
        state: 'state-1',
        redirect_uri: `${canonical}/implicit/callback`,
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
      });
      return { answer: await send('GET', `/oauth2/default/v1/authorize?${query}`, lines) };
    },
  },
  {
    name: 'a portal page (the not-found page for browsers)',
    run: async (lines) => ({ answer: await send('GET', '/some/page', [...lines, ['accept', 'text/html']]) }),
  },
];

beforeAll(() => {
  h = idp.harness();
  canonical = h.origin('localhost');
});

describe('Host header: a store only by exact host and served port; URLs only from configuration', () => {
  for (const endpoint of ENDPOINTS) {
    describe(endpoint.name, () => {
      it.each(VARIANTS)('$name', async (variant) => {
        const { answer, to } = await endpoint.run(variant.lines(h.port));
        expect(answer.status).toBeLessThan(500);
        if (variant.selects) {
          expect(answer.status).toBeLessThan(400);
        } else {
          expect(answer.status).toBeGreaterThanOrEqual(400);
          expect(answer.status).toBeLessThan(500);
        }
        // Whatever the answer: every absolute URL in it is the store's canonical origin (or a fixed URL of
        // the tenant's configuration), and nothing names the forged host.
        expect(answer.body + JSON.stringify(answer.headers)).not.toContain('evil');
        for (const url of urlsIn(answer)) {
          if (url.startsWith('http://localhost') || url.startsWith('http://127.0.0.1')) {
            expect(url.startsWith(`${canonical}/`) || url === canonical).toBe(true);
          }
        }
        if (to) {
          // Let a mail that might have been sent arrive, then read the inbox: no foreign link, ever.
          const mails = await waitForMail(to, variant.selects);
          for (const m of mails) {
            expect(m.text + (m.html ?? '')).not.toContain('evil');
            for (const url of `${m.text}\n${m.html ?? ''}`.match(
              /https?:\/\/(localhost|127\.0\.0\.1)[^\s"'<>]*/g,
            ) ?? []) {
              expect(url.startsWith(`${canonical}/`)).toBe(true);
            }
          }
          expect(mails.length > 0).toBe(variant.selects); // the positive control e-mails; a refused Host none
        }
      });
    });
  }
});

async function waitForMail(to: string, expectOne: boolean) {
  const read = () => listMailMessages(h.t.app.db, { to });
  for (let i = 0; i < (expectOne ? 100 : 5); i++) {
    const mails = await read();
    if (mails.length > 0) return mails;
    await new Promise((r) => setTimeout(r, 50));
  }
  return read();
}

describe('Host header behind a trusted proxy (TRUST_PROXY): X-Forwarded-Host selects, the same way', () => {
  let t: TestApp;
  let host: string;
  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: 'true', PUBLIC_URL_TEMPLATE: 'https://{host}' });
    ({ host } = await t.createTenant());
  });
  afterAll(() => t.close());

  const config = (forwardedHost: string) =>
    t.app.inject({
      method: 'POST',
      url: '/config/get-tenant-configuration-for-ui',
      headers: { host: 'internal-lb:8080', 'x-forwarded-host': forwardedHost, 'x-forwarded-proto': 'https' },
    });

  it.each([
    ['the exact host', (h: string) => h, 200],
    ['the host with the public port', (h: string) => `${h}:443`, 200],
    ['userinfo', (h: string) => `${h}@evil.example`, 404],
    ['another port', (h: string) => `${h}:8443`, 404],
    ['a trailing dot', (h: string) => `${h}.`, 404],
    ['upper case', (h: string) => h.toUpperCase(), 404],
    ['a list', (h: string) => `${h}, evil.example`, 404],
  ] as const)('%s', async (_name, forwarded, status) => {
    const res = await config(forwarded(host));
    expect(res.statusCode).toBe(status);
    expect(res.body).not.toContain('evil');
    if (status === 200) {
      const value = res.json().responseData.value;
      expect(value['issuer-uri']).toBe(`https://${host}/oauth2/default`);
      expect(value.publicURL).toBe(`https://${host}/store/standards/`);
    }
  });
});

describe("a store's other host names", () => {
  let t: TestApp;
  let hosts: string[];
  beforeAll(async () => {
    t = await buildTestApp();
    const suffix = Math.random().toString(36).slice(2, 8);
    hosts = [`main-${suffix}.localhost`, `alias-${suffix}.localhost`];
    await t.createTenant({ hosts });
  });
  afterAll(() => t.close());

  it('select the store, and a page there redirects to the canonical (first) host, path and query kept', async () => {
    const res = await t.app.inject({
      url: '/account/profile?x=1',
      headers: { host: hosts[1], accept: 'text/html' },
    });
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe(`http://${hosts[0]}/account/profile?x=1`);
    const config = await t.app.inject({
      method: 'POST',
      url: '/config/get-tenant-configuration-for-ui',
      headers: { host: hosts[1] },
    });
    expect(config.json().responseData.value['issuer-uri']).toBe(`http://${hosts[0]}/oauth2/default`);
  });

  it('an unknown host answers 404 with the portal page (the full-page "not found" screen)', async () => {
    for (const url of ['/', '/deep/path']) {
      const res = await t.app.inject({ url, headers: { host: 'nowhere.localhost', accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
  });
});
