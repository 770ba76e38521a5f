/**
 * `npm run console:token -- --login EMAIL [--password PASSWORD] [--host HOST] [--port PORT]`
 *
 * Signs in to a running Trackwell (`npm start`) as a user of a store's embedded identity provider, the way the
 * portal does it (password → session token → authorization code with PKCE → access token), and prints the
 * access token: the bearer token of the console API (`curl -H "Authorization: Bearer $TOKEN" …`). Made for
 * the demo accounts (README "Try the console"); an account that needs a second factor is refused, saying so.
 * Only the server's HTTP interface is used: nothing is read from the database.
 */
import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { parseArgs } from 'node:util';
import { MYACCOUNT_SCOPES } from '@trackwell/contracts';
import { DEMO_PASSWORD, PLATFORM_STORE_CODE } from '@trackwell/db/seed/demo-users';

const USAGE = `Usage: npm run console:token -- --login EMAIL [--password PASSWORD] [--host HOST] [--port PORT]

  --login EMAIL        the account (e.g. operator@trackwell.example, admin@awwa.example)
  --password PASSWORD  default: the demo password
  --host HOST          the store's host (default: from a demo login, <code>.localhost; localhost for trackwell)
  --port PORT          the server's port (default: $PORT or 8080)`;

export interface ConsoleTokenOptions {
  login: string;
  password: string;
  host: string;
  port: number;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One request to the server on this machine, naming the store by its Host header (*.localhost may not resolve). */
function call(o: ConsoleTokenOptions, method: string, path: string, type?: string, body?: string) {
  const headers: Record<string, string> = { host: `${o.host}:${o.port}`, accept: 'application/json' };
  if (type) headers['content-type'] = type;
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: o.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString(),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const b64url = (b: Buffer) => b.toString('base64url');

/** The store host of a demo login (`<name>@<code>.example`), or undefined. */
export function demoStoreHost(login: string): string | undefined {
  const code = /@([a-z0-9-]+)\.example$/.exec(login)?.[1];
  if (!code) return undefined;
  return code === PLATFORM_STORE_CODE ? 'localhost' : `${code}.localhost`;
}

/** Password sign-in, then the authorization-code flow with PKCE: the access token. */
export async function consoleToken(o: ConsoleTokenOptions): Promise<string> {
  const config = await call(o, 'POST', '/config/get-tenant-configuration-for-ui');
  if (config.status !== 200) throw new Error(`no store answers on ${o.host}:${o.port} (${config.status})`);
  const clientId = (JSON.parse(config.text) as { responseData: { value: Record<string, string> } })
    .responseData.value['client-id'];
  const authn = await call(
    o,
    'POST',
    '/api/v1/authn',
    'application/json',
    JSON.stringify({ username: o.login, password: o.password }),
  );
  const signedIn = JSON.parse(authn.text) as {
    status?: string;
    sessionToken?: string;
    errorSummary?: string;
  };
  if (!signedIn.sessionToken)
    throw new Error(
      `sign-in as ${o.login} gave ${signedIn.status ?? signedIn.errorSummary ?? authn.status}` +
        (signedIn.status ? ' (this command signs in with a password only: use an account without MFA)' : ''),
    );
  const verifier = b64url(randomBytes(32));
  const redirectUri = `http://${o.host}:${o.port}/implicit/callback`;
  const params = new URLSearchParams({
    client_id: clientId ?? '',
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: ['openid', 'profile', 'email', ...MYACCOUNT_SCOPES].join(' '),
    state: b64url(randomBytes(8)),
    nonce: b64url(randomBytes(8)),
    code_challenge: b64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
    sessionToken: signedIn.sessionToken,
  });
  const authorize = await call(o, 'GET', `/oauth2/default/v1/authorize?${params}`);
  const code = new URL(String(authorize.headers.location ?? ''), redirectUri).searchParams.get('code');
  if (!code) throw new Error(`authorize answered ${authorize.status}: ${authorize.text.slice(0, 200)}`);
  const form = {
    grant_type: 'authorization_code',
    client_id: clientId ?? '',
    redirect_uri: redirectUri,
    code,
  };
  const token = await call(
    o,
    'POST',
    '/oauth2/default/v1/token',
    'application/x-www-form-urlencoded',
    new URLSearchParams({ ...form, code_verifier: verifier }).toString(),
  );
  const answer = JSON.parse(token.text) as { access_token?: string };
  if (!answer.access_token) throw new Error(`token answered ${token.status}: ${token.text.slice(0, 200)}`);
  return answer.access_token;
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      login: { type: 'string' },
      password: { type: 'string' },
      host: { type: 'string' },
      port: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const host = values.host ?? (values.login ? demoStoreHost(values.login) : undefined);
  if (values.help || !values.login || !host) {
    process.stdout.write(`${USAGE}\n`);
    if (!values.help) throw new Error(values.login ? 'name the store with --host' : 'name a --login');
    return;
  }
  const port = Number(values.port ?? process.env.PORT ?? 8080);
  const token = await consoleToken({
    login: values.login,
    password: values.password ?? DEMO_PASSWORD,
    host,
    port,
  });
  process.stdout.write(`${token}\n`);
}

if (import.meta.main)
  main().catch((error: Error) => {
    process.stderr.write(`console:token: ${error.message}\n`);
    process.exit(1);
  });
