import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type DatabaseHandle, migrate, openDatabase, pgliteDataDir, upsertTenant } from '@trackwell/db';
import {
  buildTenantDefinition,
  createTestDatabase,
  openMigratedDataDir,
  type TestDatabase,
} from '@trackwell/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** `npm run catalog:changes -- --create-client | --delete-client ID`: a publisher's OAuth 2.0 client. */

const run = promisify(execFile);
const SCRIPT = new URL('../../../../scripts/catalog-changes.ts', import.meta.url).pathname;

let pg: TestDatabase | undefined;
let dataDir: string | undefined;
let code: string;
let env: Record<string, string | undefined>;

/** The database the CLI uses (PGlite allows one process: opened only while the CLI is not running). */
async function withDb<T>(fn: (db: DatabaseHandle) => Promise<T>): Promise<T> {
  if (pg) return fn(pg.handle);
  const db = await openDatabase({ dataDir: pgliteDataDir(dataDir!) });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) {
    pg = await createTestDatabase();
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'trackwell-cli-'));
    await (await openMigratedDataDir(pgliteDataDir(dataDir))).close();
  }
  const def = buildTenantDefinition();
  code = def.code;
  await withDb(async (db) => {
    await migrate(db);
    await db.transaction((tx) => upsertTenant(tx, def));
  });
  env = {
    ...process.env,
    ...(pg ? { DATABASE_URL: pg.url } : { DATA_DIR: dataDir, DATABASE_URL: '' }),
    LOG_LEVEL: 'silent',
  };
}, 60_000);
afterAll(async () => {
  await pg?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const cli = (...args: string[]) =>
  run(process.execPath, [SCRIPT, ...args], { env, timeout: 60_000 }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({
      code: e.code,
      stdout: e.stdout,
      stderr: e.stderr,
    }),
  );

describe('catalog:changes publisher clients', () => {
  it('--create-client prints a client id, its secret once and how to get a token; only a hash is stored', async () => {
    const out = await cli('--create-client', '--tenant', code);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    const clientId = /client id\s+(\S+)/.exec(out.stdout)?.[1];
    const secret = /client secret\s+(\S+)/.exec(out.stdout)?.[1];
    expect(clientId).toMatch(/^catalog-publisher-/);
    expect(secret!.length).toBeGreaterThanOrEqual(40);
    expect(out.stdout).toMatch(/token URL\s+http:\/\/\S+\/oauth2\/default\/v1\/token/);
    expect(out.stdout).toContain('grant_type=client_credentials');
    expect(out.stdout).toContain('scope=catalog.changes');
    const stored = await withDb(async (db) => {
      const { rows } = await db.query<{ payload: Record<string, unknown> }>(
        `SELECT payload FROM identity_oidc_payloads WHERE model = 'Client' AND id = $1`,
        [clientId],
      );
      return rows[0]?.payload;
    });
    expect(stored).toMatchObject({
      client_id: clientId,
      grant_types: ['client_credentials'],
      client_secret: createHash('sha256').update(secret!).digest('hex'),
    });
    expect(JSON.stringify(stored)).not.toContain(secret);

    const deleted = await cli('--delete-client', clientId!, '--tenant', code);
    expect(deleted.code).toBe(0);
    expect(deleted.stdout).toContain(`Deleted publisher client ${clientId}`);
    const again = await cli('--delete-client', clientId!, '--tenant', code);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/has no publisher client/);
  }, 120_000);

  it('says which store does not exist', async () => {
    const out = await cli('--create-client', '--tenant', 'no-such-store');
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/no store with code "no-such-store"/);
  }, 60_000);
});
