import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { upsertTenant } from '@trackwell/db';
import {
  buildTenantDefinition,
  createTestDatabase,
  type TestDatabase,
  testEngine,
} from '@trackwell/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  readiness,
  runMainToExit,
  scratchDir,
  startServerProcess,
  waitUntilReady,
} from '../../../../scripts/faults/server-process.ts';
import { addNotificationUser } from '../support/notifications-fixtures.ts';

/**
 * The real server entry (apps/server/src/main.ts, what `npm start` runs) in production mode: with the
 * development defaults it exits non-zero before opening anything, naming every setting to change on stderr;
 * configured as production requires, it starts and answers /readyz.
 */
/** What production requires besides a secret: a mail relay (nothing is sent here) and no demo seed. */
const CONFIGURED = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://127.0.0.1:9',
  SEED_DEMO: 'false',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
};

describe('the server entry in production mode', () => {
  const scratch = scratchDir('production');
  afterAll(() => scratch.remove());

  it('refuses the development defaults: exit 1, every setting to change named in one message on stderr, nothing opened or listening', async () => {
    const port = await freePort();
    const dataDir = join(scratch.dir, 'never-made');
    const run = await runMainToExit({
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      CONSOLE_OUTBOUND_ALLOW_PRIVATE: 'true',
    });
    expect(run.code).toBe(1);
    expect(run.stdout).not.toMatch(/is ready/);
    expect(run.stderr.match(/Trackwell could not start/g)).toHaveLength(1);
    expect(run.stderr).toContain('production mode (NODE_ENV=production) refuses 5 development settings');
    for (const setting of [
      'NOTIFICATIONS_SECRET',
      'SMTP_URL',
      'SEED_DEMO',
      'WEBHOOKS_ALLOW_PRIVATE',
      'CONSOLE_OUTBOUND_ALLOW_PRIVATE',
    ])
      expect(run.stderr).toMatch(new RegExp(`^  - ${setting}: `, 'm'));
    expect(existsSync(dataDir)).toBe(false);
    expect(await readiness({ base: `http://127.0.0.1:${port}` } as never)).toBe(0);
  });

  it('applies the same rules to https public URLs without NODE_ENV', async () => {
    const run = await runMainToExit({
      PUBLIC_URL_TEMPLATE: 'https://{host}',
      DATA_DIR: join(scratch.dir, 'none'),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('production mode (PUBLIC_URL_TEMPLATE=https://{host}) refuses 3');
  });

  describe('configured for production', () => {
    let db: TestDatabase | undefined;
    beforeAll(async () => {
      if (testEngine() === 'postgres') db = await createTestDatabase();
    });
    afterAll(async () => {
      await db?.drop();
    });

    it('starts and is ready', async () => {
      const port = await freePort();
      const dataDir = mkdtempSync(join(tmpdir(), 'trackwell-production-'));
      const server = await startServerProcess({
        port,
        scratch: scratch.dir,
        name: 'production',
        env: {
          ...CONFIGURED,
          NOTIFICATIONS_SECRET: randomBytes(36).toString('base64'),
          NOTIFICATIONS_SECRET_PREVIOUS: randomBytes(36).toString('base64'),
          DATA_DIR: dataDir,
          ...(db?.url ? { DATABASE_URL: db.url } : {}),
        },
      });
      try {
        await waitUntilReady(server, 150_000);
        expect(await readiness(server)).toBe(200);
      } finally {
        await server.kill('SIGTERM');
        rmSync(dataDir, { recursive: true, force: true });
      }
    });

    it.runIf(testEngine() === 'postgres')(
      'refuses, once the database is open, one that still holds the demo accounts; nothing listens',
      async () => {
        const def = buildTenantDefinition();
        const store = await db!.handle.transaction((tx) => upsertTenant(tx, def));
        await addNotificationUser(db!.handle, store.id, { login: `user@${store.code}.example` });
        const port = await freePort();
        const run = await runMainToExit({
          ...CONFIGURED,
          NOTIFICATIONS_SECRET: randomBytes(36).toString('base64'),
          DATABASE_URL: db!.url!,
          PORT: String(port),
        });
        expect(run.code).toBe(1);
        expect(run.stdout).not.toMatch(/is ready/);
        expect(run.stderr).toContain('production mode (NODE_ENV=production) refuses a development setting');
        expect(run.stderr).toMatch(new RegExp(`^  - DATABASE_URL: this database holds .*${store.code}`, 'm'));
        expect(await readiness({ base: `http://127.0.0.1:${port}` } as never)).toBe(0);
      },
    );
  });
});
