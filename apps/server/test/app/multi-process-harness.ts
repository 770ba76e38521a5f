import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { TRACKER_PATHS } from '@trackwell/contracts';
import { expect } from 'vitest';

/**
 * The processes of multi-process.test.ts and how it talks to them: free ports, raw HTTP with exact headers,
 * starting main.ts with chosen services, waiting for readiness, and signing in over HTTP as the portal does.
 */

const MAIN = new URL('../../src/main.ts', import.meta.url).pathname;
export const PASSWORD = 'Multi-process-9';

/** A free port below the kernel's ephemeral range (scripts/free-port.ts says why). */
export { freePort } from '../../../../scripts/free-port.ts';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One HTTP request to 127.0.0.1:port with exactly these headers (the Host header included). */
export const call = (
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
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

/** Polls `probe` until it returns true or the deadline passes; returns whether it did. */
export async function within(ms: number, probe: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await probe()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface Proc {
  name: string;
  port: number;
  child: ChildProcess;
  exited: Promise<unknown>;
  output: () => string;
}

/** Starts main.ts with `services` on `port`, its output kept (the last 4,000 characters). */
export function startProcess(
  procs: Proc[],
  name: string,
  services: string,
  port: number,
  env: Record<string, string>,
) {
  const child = spawn(process.execPath, [MAIN, `--services=${services}`], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => {
    output = (output + d.toString()).slice(-4000);
  });
  child.stderr!.on('data', (d: Buffer) => {
    output = (output + d.toString()).slice(-4000);
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const proc: Proc = { name, port, child, exited, output: () => output };
  procs.push(proc);
  return proc;
}

/** Sends `signal` to every process still running and waits until each has exited. */
export async function stopProcesses(procs: Proc[], signal: NodeJS.Signals): Promise<void> {
  for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill(signal);
  await Promise.all(procs.map((p) => p.exited));
}

/** Waits until the process answers /readyz (90 s at most); throws with its output when it did not start. */
export async function processReady(p: Proc) {
  const up = await within(90_000, async () => {
    if (p.child.exitCode !== null) return true;
    return (await call(p.port, 'GET', '/readyz', {}).catch(() => ({ status: 0 }))).status === 200;
  });
  if (!up || p.child.exitCode !== null) throw new Error(`${p.name} did not start: ${p.output()}`);
}

/** Signs `login` in through `port` like the portal does (authn, authorize with PKCE, token); its access token. */
export async function signInOverHttp(
  port: number,
  host: string,
  clientId: string,
  login: string,
): Promise<string> {
  const json = { host, 'content-type': 'application/json', accept: 'application/json' };
  const authn = await call(
    port,
    'POST',
    '/api/v1/authn',
    json,
    JSON.stringify({ username: login, password: PASSWORD }),
  );
  expect(authn.status).toBe(200);
  const { sessionToken } = JSON.parse(authn.text) as { sessionToken: string };
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `http://${host}/implicit/callback`;
  const query = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    scope: 'openid profile email okta.myAccount.profile.read',
    redirect_uri: redirectUri,
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    sessionToken,
  });
  let path = `/oauth2/default/v1/authorize?${query}`;
  const cookies = new Map<string, string>();
  let code: string | undefined;
  for (let i = 0; i < 6 && !code; i++) {
    const res = await call(port, 'GET', path, {
      host,
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    });
    for (const line of ([] as string[]).concat(res.headers['set-cookie'] ?? [])) {
      const [pair = ''] = line.split(';');
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    const location = new URL(String(res.headers.location), `http://${host}`);
    if (location.pathname === '/implicit/callback') code = location.searchParams.get('code') ?? undefined;
    path = `${location.pathname}${location.search}`;
  }
  expect(code).toBeDefined();
  const token = await call(
    port,
    'POST',
    '/oauth2/default/v1/token',
    { host, 'content-type': 'application/x-www-form-urlencoded' },
    new URLSearchParams({
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: redirectUri,
      code_verifier: verifier,
      client_id: clientId,
    }).toString(),
  );
  expect(token.status).toBe(200);
  return (JSON.parse(token.text) as { access_token: string }).access_token;
}

/** A tracker API call (the feature flags) with a bearer token. */
export const trackerCall = (port: number, host: string, token: string) =>
  call(port, 'GET', TRACKER_PATHS.featureFlags, { host, authorization: `Bearer ${token}` });
