/**
 * Sign-in benchmark of the embedded identity provider, runnable as `node bench/signin/run.ts`.
 *
 * One sign-in = what the portal does: POST /api/v1/authn (password → scrypt verify → one-time sessionToken),
 * GET /oauth2/default/v1/authorize with the sessionToken and PKCE (→ 303 with a code), POST /v1/token
 * (code + code_verifier → RS256 JWT access token, ID token, refresh token). Measured on PGlite (in-process)
 * and on PostgreSQL (a throw-away database on BENCH_DATABASE_URL), with BENCH_CONCURRENCY sign-ins in flight
 * (default 4) for BENCH_DURATION seconds (default 10) a round, BENCH_ROUNDS rounds (default 3) interleaved with
 * the reference that bounds the rate: scrypt verifications alone, as many in flight (see SCRYPT_COST in
 * packages/db/src/repositories/users-passwords.ts). Prints each round, then the medians and their ratio.
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
import { interleaved, median, ROUNDS, report, times } from '../report.ts';

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

/** Runs `work` with CONCURRENCY in flight for DURATION seconds: how many per second, their p99, the errors. */
async function saturate(work: (n: number) => Promise<unknown>) {
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
          await work(n++);
          latencies.push(performance.now() - t0);
        } catch {
          errors++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(0.99 * latencies.length))] ?? 0;
  return { rate: latencies.length / seconds, p99, count: latencies.length, seconds, errors };
}
type Run = Awaited<ReturnType<typeof saturate>>;

const showRun = (label: string, r: Run) =>
  process.stdout.write(
    `  ${label.padEnd(40)} ${r.rate.toFixed(1).padStart(6)}/s   p99 ${r.p99.toFixed(0).padStart(5)} ms   (${r.count} in ${r.seconds.toFixed(1)} s, ${r.errors} errors, c=${CONCURRENCY})\n`,
  );

/**
 * Sign-ins against the reference that bounds them: scrypt verifications alone, the same number in flight, in
 * ROUNDS interleaved rounds (bench/report.ts); the medians and their ratio.
 */
async function measure(label: string, db: DatabaseHandle) {
  const { app, dist, logins, target } = await startIdp(db);
  await signIn(target, logins[0]!); // warm-up: provider instance, key import, JIT
  const hash = await hashPassword(PASSWORD);
  const { product, reference } = await interleaved({
    product: async (round) => {
      const run = await saturate((n) => signIn(target, logins[n % logins.length]!));
      showRun(`${label}: sign-ins, round ${round}`, run);
      return run;
    },
    reference: async (round) => {
      const run = await saturate(() => verifyPassword(PASSWORD, hash));
      showRun(`scrypt verifications alone, round ${round}`, run);
      return run;
    },
  });
  const rate = median(product.map((r) => r.rate));
  const scryptRate = median(reference.map((r) => r.rate));
  const ratio = median(product.map((r, i) => r.rate / reference[i]!.rate));
  report({
    what: `sign-ins / scrypt verifications alone, ${label} (authn + authorize + code exchange, c=${CONCURRENCY}, median of ${ROUNDS})`,
    figure: `${times(ratio)} (${rate.toFixed(1)}/s, p99 ${median(product.map((r) => r.p99)).toFixed(0)} ms)`,
    goal: 'none set (bounded by scrypt)',
    reference: `scrypt alone ${scryptRate.toFixed(1)}/s`,
  });
  await app.close();
  rmSync(dist, { recursive: true, force: true });
}

process.stdout.write(
  `Sign-in benchmark (authn + authorize with sessionToken + code exchange), ${ROUNDS} rounds of ${DURATION} s ` +
    `interleaved with scrypt N=2^${Math.log2(SCRYPT_COST.N)} r=${SCRYPT_COST.r} p=${SCRYPT_COST.p} verifications alone\n`,
);

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
