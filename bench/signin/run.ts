/**
 * Sign-in benchmark of the embedded identity provider, runnable as `node bench/signin/run.ts`.
 *
 * One sign-in = what the portal does: POST /api/v1/authn (password → scrypt verify → one-time sessionToken),
 * GET /oauth2/default/v1/authorize with the sessionToken and PKCE (→ 303 with a code), POST /v1/token
 * (code + code_verifier → RS256 JWT access token, ID token, refresh token). Measured on PGlite (in-process)
 * and on PostgreSQL (a throw-away database on BENCH_DATABASE_URL), with BENCH_CONCURRENCY sign-ins in flight
 * (default 4) for BENCH_DURATION seconds (default 10). Prints sign-ins/s and p50/p99, plus the cost of one
 * scrypt verification alone, which bounds the rate (see SCRYPT_COST in packages/db/src/repositories/users-passwords.ts).
 * The load runs in the server's process: scrypt runs on libuv's thread pool, so the event loop is not the limit.
 *
 * Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_DURATION, BENCH_CONCURRENCY,
 * BENCH_SKIP_POSTGRES=1.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createIdentityUser,
  type DatabaseHandle,
  hashPassword,
  migrate,
  openDatabase,
  SCRYPT_COST,
  upsertTenant,
  verifyPassword,
} from '@trackwell/db';

import { buildTenantDefinition } from '@trackwell/db/testing';
import { buildApp } from '@trackwell/server/app';
import pg from 'pg';
import { parseEnv } from '../../apps/server/src/config/env.ts';
import { report } from '../report.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const USERS = 50;
const PASSWORD = 'Bench-password-1';

const b64url = (b: Buffer) => b.toString('base64url');

type SignInTarget = { origin: string; issuer: string; clientId: string; redirectUri: string };

/** The identity provider alone on `db`, a store on 127.0.0.1 and USERS users with PASSWORD; where to sign in. */
async function startIdp(db: DatabaseHandle) {
  await migrate(db);
  const dist = mkdtempSync(join(tmpdir(), 'trackwell-bench-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>bench</title>');
  const app = await buildApp({
    env: parseEnv({
      LOG_LEVEL: 'silent',
      PORTAL_DIST: dist,
      SMTP_SINK_PORT: '0',
      IDP_RATE_LIMIT_PER_IP: '100000',
      IDP_RATE_LIMIT_PER_USER: '10000',
    }),
    db,
    services: new Set(['idp']),
  });
  const def = buildTenantDefinition({ hosts: ['127.0.0.1'] });
  const tenant = await db.transaction((tx) => upsertTenant(tx, def));
  const hash = await hashPassword(PASSWORD);
  const logins: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const login = `bench-signin-${i}@example.test`;
    await db.transaction((tx) =>
      createIdentityUser(tx, tenant.id, {
        login,
        firstName: 'Bench',
        lastName: `User ${i}`,
        passwordHash: hash,
      }),
    );
    logins.push(login);
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const issuer = `${origin}/oauth2/default`;
  const clientId = tenant.config['client-id'];
  const redirectUri = `${origin}/implicit/callback`;
  const target: SignInTarget = { origin, issuer, clientId, redirectUri };
  return { app, dist, logins, target };
}

/** One sign-in as the portal does it: authn, authorize with the sessionToken and PKCE, code exchange. */
async function signIn(s: SignInTarget, login: string) {
  const authn = await fetch(`${s.origin}/api/v1/authn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ username: login, password: PASSWORD }),
  });
  const { sessionToken } = (await authn.json()) as { sessionToken?: string };
  if (!sessionToken) throw new Error(`authn ${authn.status}`);
  const verifier = b64url(randomBytes(32));
  const challenge = b64url(createHash('sha256').update(verifier).digest());
  const params = new URLSearchParams({
    client_id: s.clientId,
    redirect_uri: s.redirectUri,
    response_type: 'code',
    scope: 'openid profile email',
    state: b64url(randomBytes(8)),
    nonce: b64url(randomBytes(8)),
    code_challenge: challenge,
    code_challenge_method: 'S256',
    sessionToken,
  });
  const authorize = await fetch(`${s.issuer}/v1/authorize?${params}`, { redirect: 'manual' });
  await authorize.arrayBuffer();
  const code = new URL(authorize.headers.get('location') ?? '', s.origin).searchParams.get('code');
  if (!code) throw new Error(`authorize ${authorize.status}`);
  const token = await fetch(`${s.issuer}/v1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: s.clientId,
      redirect_uri: s.redirectUri,
      code,
      code_verifier: verifier,
    }),
  });
  const body = (await token.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`token ${token.status}`);
}

async function measure(label: string, db: DatabaseHandle) {
  const { app, dist, logins, target } = await startIdp(db);
  const signInAs = (login: string) => signIn(target, login);
  await signInAs(logins[0]!); // warm-up: provider instance, key import, JIT
  const latencies: number[] = [];
  let errors = 0;
  let n = 0;
  const deadline = performance.now() + DURATION * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          await signInAs(logins[n++ % logins.length]!);
          latencies.push(performance.now() - t0);
        } catch {
          errors++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  process.stdout.write(
    `  ${label.padEnd(10)} ${(latencies.length / seconds).toFixed(1).padStart(6)} sign-ins/s   p50 ${pct(50).toFixed(0)} ms   p99 ${pct(99).toFixed(0)} ms   (${latencies.length} in ${seconds.toFixed(1)} s, ${errors} errors, c=${CONCURRENCY})\n`,
  );
  report({
    what: `sign-ins per second, ${label} (authn + authorize + code exchange, c=${CONCURRENCY})`,
    figure: `${(latencies.length / seconds).toFixed(1)}/s, p99 ${pct(99).toFixed(0)} ms`,
    goal: 'none set (bounded by scrypt)',
    reference: `one scrypt verification ${scryptMs.toFixed(0)} ms`,
  });
  await app.close();
  rmSync(dist, { recursive: true, force: true });
}

let scryptMs = 0;
async function scryptAlone() {
  const hash = await hashPassword(PASSWORD);
  const t0 = performance.now();
  const rounds = 10;
  for (let i = 0; i < rounds; i++) await verifyPassword(PASSWORD, hash);
  const one = (performance.now() - t0) / rounds;
  scryptMs = one;
  process.stdout.write(
    `  scrypt N=2^${Math.log2(SCRYPT_COST.N)} r=${SCRYPT_COST.r} p=${SCRYPT_COST.p}: ${one.toFixed(0)} ms per verification (one at a time)\n`,
  );
}

process.stdout.write(
  `Sign-in benchmark (authn + authorize with sessionToken + code exchange), ${DURATION} s each\n`,
);
await scryptAlone();

const pglite = await openDatabase({ memory: true });
try {
  await measure('PGlite', pglite);
} finally {
  await pglite.close();
}

if (process.env.BENCH_SKIP_POSTGRES !== '1') {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `trackwell_bench_signin_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString(), poolSize: 10 });
  try {
    await measure('PostgreSQL', db);
  } finally {
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
