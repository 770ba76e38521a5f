import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TenantDefinition } from '@trackwell/contracts';
import { openDatabase, type Tenant, upsertTenant } from '@trackwell/db';
import { buildTenantDefinition, createTestDatabase } from '@trackwell/db/testing';
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../../src/app.ts';
import { parseEnv, parseServices } from '../../src/config/env.ts';

export interface TestApp {
  app: FastifyInstance;
  /** The portal directory this app serves (a temp dir with a one-line index.html). */
  distDir: string;
  /** Creates a fresh tenant of this test's own (unique code and host). */
  createTenant(
    overrides?: Parameters<typeof buildTenantDefinition>[0],
  ): Promise<{ tenant: Tenant; def: TenantDefinition; host: string }>;
  /**
   * Another app on the same database, as a second process would be: on PostgreSQL its own connections (and its
   * own LISTEN connection) to the same database; on PGlite (one process only) the same handle. Closed with
   * this one. `deaf`: it never hears the database's NOTIFY (as a process whose notification has not arrived
   * yet), so only what it does itself empties its caches. `env`: settings this process has in place of the
   * first one's (a process restarted with another configuration; an empty value unsets one).
   */
  sibling(options?: { deaf?: boolean; env?: Record<string, string> }): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL), ready for `inject`.
 * Every service by default; `{ SERVICES: 'web' }` builds what a `--services=web` process serves.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  { logger }: Pick<BuildAppOptions, 'logger'> = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  // The portal is built separately; API tests serve a one-line stand-in page from a temp dir.
  const dist = mkdtempSync(join(tmpdir(), 'trackwell-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>portal</title><div id="root"></div>');
  // PORT 80: inject requests name the store's host without a port (the default port), as a browser would.
  const rawEnv = { LOG_LEVEL: 'silent', PORTAL_DIST: dist, PORT: '80', ...env };
  const parsedEnv = parseEnv(rawEnv);
  const app = await buildApp({
    env: parsedEnv,
    db: database.handle,
    services: parseServices(parsedEnv.SERVICES),
    ...(logger ? { logger } : {}),
  });
  await app.ready();
  const siblings: Array<{ app: FastifyInstance; db?: Awaited<ReturnType<typeof openDatabase>> }> = [];
  return {
    app,
    async sibling({ deaf = false, env: changed } = {}) {
      const siblingEnv = changed ? parseEnv({ ...rawEnv, ...changed }) : parsedEnv;
      const db = database.url ? await openDatabase({ url: database.url, poolSize: 2 }) : undefined;
      const handle = db ?? database.handle;
      const other = await buildApp({
        env: siblingEnv,
        db: deaf ? { ...handle, listen: async () => async () => {} } : handle,
        services: parseServices(siblingEnv.SERVICES),
      });
      await other.ready();
      siblings.push({ app: other, ...(db ? { db } : {}) });
      return other;
    },
    distDir: dist,
    async createTenant(overrides) {
      const def = buildTenantDefinition(overrides);
      const tenant = await database.handle.transaction((tx) => upsertTenant(tx, def));
      return { tenant, def, host: def.hosts[0]! };
    },
    async close() {
      for (const s of siblings) {
        await s.app.close();
        await s.db?.close();
      }
      await app.close();
      await database.drop();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}

/** SQL text (a statement's shape) or PostgreSQL's own error wording. */
const SQL_TEXT =
  /\bSELECT\s+(\*|[\w".]+(\s*,\s*[\w".]+)*)\s+FROM\s+[\w".]+|\bINSERT\s+INTO\s+[\w".]+\s*\(|\bUPDATE\s+[\w".]+\s+SET\s+[\w"]+\s*=|\bDELETE\s+FROM\s+[\w".]+\s+WHERE\b|Failed query|syntax error at or near|invalid byte sequence for encoding|violates (unique|foreign key|check|not-null) constraint|duplicate key value|(relation|column) "[^"]+" (of relation "[^"]+" )?does not exist/i;

/** True when a body looks like it leaked a stack trace, an internal path or SQL text. */
export const leaksInternals = (body: string) =>
  /\n\s+at |node_modules|\/src\/|Error: /.test(body) || SQL_TEXT.test(body);
