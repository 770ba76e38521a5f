/**
 * Users API benchmark, runnable as `node bench/provisioning/run.ts`: users created per second
 * through the unchanged `@okta/okta-sdk-nodejs` (`userApi.createUser`, a password each: the server checks the
 * policy and scrypt-hashes it) against the embedded provider on PostgreSQL (a throw-away database on
 * BENCH_DATABASE_URL), beside raw `INSERT`s of the same rows (users, identity_accounts, identity_emails, with a
 * hash made beforehand), BENCH_ROUNDS rounds (default 3) interleaved (bench/report.ts), the median ratio
 * reported. The cost of one scrypt hash alone is printed separately: it bounds the SDK's rate. Prints
 * figures; asserts nothing.
 *
 * Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_USERS (users a round,
 * default 200), BENCH_CONCURRENCY (default 4).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@okta/okta-sdk-nodejs';
import {
  createStoreApiKey,
  hashPassword,
  migrate,
  openDatabase,
  SCRYPT_COST,
  upsertTenant,
} from '@trackwell/db';

import { buildTenantDefinition } from '@trackwell/db/testing';
import { buildApp } from '@trackwell/server/app';
import pg from 'pg';
import { parseEnv } from '../../apps/server/src/config/env.ts';
import { interleaved, median, ROUNDS, report } from '../report.ts';

const USERS = Number(process.env.BENCH_USERS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const PASSWORD = 'Bench-password-1';

/** Runs `work(i)` for i < n with `concurrency` in flight; seconds taken. */
async function timed(n: number, concurrency: number, work: (i: number) => Promise<unknown>) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await work(next++);
    }),
  );
  return (performance.now() - started) / 1000;
}

/** Prints one round's rate and answers it. */
const line = (label: string, n: number, seconds: number) => {
  console.log(
    `${label.padEnd(60)} ${String(n).padStart(6)} in ${seconds.toFixed(2)} s = ${(n / seconds).toFixed(1)}/s`,
  );
  return n / seconds;
};

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `trackwell_bench_provisioning_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const db = await openDatabase({ url: url.toString(), poolSize: 10 });
try {
  await migrate(db);
  const dist = mkdtempSync(join(tmpdir(), 'trackwell-bench-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>bench</title>');
  const env = {
    LOG_LEVEL: 'silent',
    PORTAL_DIST: dist,
    SMTP_SINK_PORT: '0',
    PROVISIONING_RATE_LIMIT_PER_TOKEN: '10000000',
  };
  const app = await buildApp({ env: parseEnv(env), db, services: new Set(['idp']) });
  const tenant = await db.transaction((tx) =>
    upsertTenant(tx, buildTenantDefinition({ hosts: ['127.0.0.1'] })),
  );
  const { key } = await db.transaction((tx) =>
    createStoreApiKey(tx, tenant.id, 'bench', null, 'provisioning'),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const client = new Client({
    orgUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    token: key,
  });

  console.log(
    `Users API on PostgreSQL: ${USERS} users, ${CONCURRENCY} in flight; scrypt N=${SCRYPT_COST.N} r=${SCRYPT_COST.r} p=${SCRYPT_COST.p}`,
  );
  const hashSeconds = await timed(20, 1, () => hashPassword(PASSWORD));
  console.log(
    `${'one scrypt password hash (alone)'.padEnd(60)} ${((hashSeconds / 20) * 1000).toFixed(1)} ms`,
  );
  const hash = await hashPassword(PASSWORD);
  const sdkRound = async (round: number) =>
    line(
      `SDK userApi.createUser (with a password), round ${round}`,
      USERS,
      await timed(USERS, CONCURRENCY, (i) =>
        client.userApi.createUser({
          body: {
            profile: {
              firstName: 'Bench',
              lastName: `SDK ${round}-${i}`,
              email: `sdk-${round}-${i}@example.test`,
              login: `sdk-${round}-${i}@example.test`,
            },
            credentials: { password: { value: PASSWORD } },
          },
        }),
      ),
    );
  const rawRound = async (round: number) =>
    line(
      `raw INSERTs of the same rows (hash made once), round ${round}`,
      USERS,
      await timed(USERS, CONCURRENCY, (i) =>
        db.transaction(async (tx) => {
          const id = randomUUID();
          const login = `raw-${round}-${i}@example.test`;
          await tx.query(
            'INSERT INTO users (id, tenant_id, login, first_name, last_name) VALUES ($1, $2, $3, $4, $5)',
            [id, tenant.id, login, 'Bench', `Raw ${round}-${i}`],
          );
          await tx.query(
            `INSERT INTO identity_accounts (tenant_id, user_id, password_hash, password_changed_at, status, activated_at, status_changed_at)
             VALUES ($1, $2, $3, now(), 'ACTIVE', now(), now())`,
            [tenant.id, id, hash],
          );
          await tx.query(
            `INSERT INTO identity_emails (id, tenant_id, user_id, email, role, status) VALUES ($1, $2, $3, $4, 'PRIMARY', 'VERIFIED')`,
            [`eml${randomBytes(9).toString('base64url')}`, tenant.id, id, login],
          );
        }),
      ),
    );
  const { product, reference } = await interleaved({ product: sdkRound, reference: rawRound });
  const ratio = median(product.map((rate, i) => rate / reference[i]!));
  report({
    what: `users created through the Okta SDK / raw INSERTs of the same rows (PostgreSQL, ${USERS} users a round, ${CONCURRENCY} in flight, median of ${ROUNDS})`,
    // Two significant digits: scrypt makes the ratio about 0.005, which two decimals would show as 0.00×.
    figure: `${ratio.toPrecision(2)}× (${median(product).toFixed(1)}/s)`,
    goal: 'none set (bounded by scrypt)',
    reference: `raw INSERTs ${median(reference).toFixed(1)}/s; one scrypt hash ${((hashSeconds / 20) * 1000).toFixed(0)} ms`,
  });
  await app.close();
} finally {
  await db.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
