import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase, testEngine } from '@trackwell/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port.ts';

/**
 * `npm start` as a user runs it (scripts/start.mjs in a child process): it prints where to go, serves each
 * demo store by host, keeps its data across restarts, and does the same on PostgreSQL with DATABASE_URL.
 */
const ROOT = new URL('../', import.meta.url).pathname;
const SPEC_FIELDS = ['compass-uri', 'issuer-uri', 'mae-uri', 'client-id', 'myaccount-uri', 'tracker-uri']
  .concat(['login-page-url', 'member-uri', 'public-uri', 'publicURL', 'tenantName', 'tenantCode'])
  .concat(['trackerSetting', 'footer']);

interface Started {
  child: ChildProcess;
  output: () => string;
  port: number;
}

async function start(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    // No load balancer watches its readiness: SIGTERM closes it at once.
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SHUTDOWN_GRACE_SECONDS: '0',
      ...env,
    },
  });
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const deadline = Date.now() + 180_000;
  while (!/is ready in/.test(output)) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`npm start did not get ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, output: () => output, port };
}

/** SIGTERM, as a process manager sends it; resolves with the exit code. */
async function stop({ child }: Started): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  child.kill('SIGTERM');
  return exited;
}

interface ConfigAnswer {
  status: string;
  responseData: { value: Record<string, unknown> & { tenantCode: string } };
}

/** POST the config call with a store's Host header, as a browser at http://<host>:<port> would. */
const configFor = (port: number, host: string) =>
  new Promise<{ status: number; json: () => Promise<ConfigAnswer> }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/config/get-tenant-configuration-for-ui',
        headers: { host: `${host}:${port}` },
      },
      (res) => {
        let body = '';
        res.on('data', (d) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: async () => JSON.parse(body) }));
      },
    );
    req.on('error', reject);
    req.end();
  });

describe('npm start on embedded PGlite', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'trackwell-start-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints the stores, where the data lives and how to reset; serves each store by host; keeps data on restart', async () => {
    const templates = join(dataDir, 'templates'); // this test's own: none yet, so the first start seeds
    const first = await start({ DATA_DIR: join(dataDir, 'data'), DEMO_TEMPLATE_DIR: templates });
    try {
      const out = first.output();
      expect(out).toMatch(/Trackwell is ready in \d+\.\d s/);
      for (const host of [
        'localhost',
        'awwa.localhost',
        'aenor.localhost',
        'nordic.localhost',
        'pacific.localhost',
      ]) {
        expect(out).toContain(`http://${host}:${first.port}`);
      }
      expect(out).toContain(
        `PGlite (embedded PostgreSQL) in ${join(dataDir, 'data', 'pglite')} (demo data created now)`,
      );
      expect(out).toContain('npm run db:reset');
      // The demo's console accounts and its reader.
      expect(out).toContain(
        'Console   operator@trackwell.example (every store), admin@<store>.example (that store)',
      );
      expect(out).toMatch(/reader@aenor\.example +tracks a few standards/);

      const res = await configFor(first.port, 'awwa.localhost');
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.status).toBe('200');
      for (const field of SPEC_FIELDS) expect(body.responseData.value).toHaveProperty(field);
      expect(body.responseData.value.tenantCode).toBe('awwa');
      expect((await configFor(first.port, 'nowhere.localhost')).status).toBe(404);
    } finally {
      // Graceful shutdown: a clean exit that closes the database and releases its lock.
      expect(await stop(first)).toBe(0);
      expect(existsSync(join(dataDir, 'data', 'pglite', 'trackwell.lock'))).toBe(false);
    }

    const second = await start({ DATA_DIR: join(dataDir, 'data'), DEMO_TEMPLATE_DIR: templates });
    try {
      expect(second.output()).not.toContain('demo data created now');
      expect((await configFor(second.port, 'aenor.localhost')).status).toBe(200);
    } finally {
      await stop(second);
    }

    // The first start kept a copy of its demo data: a start on another, empty data directory begins from it.
    // It also kept PGlite's blank cluster, which a start copies when no demo template is there for its code.
    const [cluster, template] = readdirSync(templates).sort();
    expect(cluster).toMatch(/^pglite-cluster-\d+\.\d+\.\d+$/);
    expect(template).toMatch(/^pglite-demo-[0-9a-f]{16}$/);
    const copied = await start({ DATA_DIR: join(dataDir, 'copied'), DEMO_TEMPLATE_DIR: templates });
    try {
      expect(copied.output()).toContain(
        `PGlite (embedded PostgreSQL) in ${join(dataDir, 'copied', 'pglite')} (demo data created now: a copy of ${join(templates, template!)})`,
      );
      expect(copied.output()).toMatch(/reader@aenor\.example +tracks a few standards/);
      const res = await configFor(copied.port, 'pacific.localhost');
      expect((await res.json()).responseData.value.tenantCode).toBe('pacific');
    } finally {
      expect(await stop(copied)).toBe(0);
    }
  }, 400_000);
});

describe.runIf(testEngine() === 'postgres')('npm start with DATABASE_URL', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase({ migrated: false });
  });
  afterAll(() => db.drop());

  it('migrates, seeds and serves the same on a PostgreSQL server', async () => {
    const started = await start({ DATABASE_URL: db.url!, DATA_DIR: '/nonexistent-not-used' });
    try {
      expect(started.output()).toMatch(/Data {6}PostgreSQL at postgres:\/\/.*\(demo data created now\)/);
      const res = await configFor(started.port, 'nordic.localhost');
      expect(res.status).toBe(200);
      expect((await res.json()).responseData.value.tenantCode).toBe('nordic');
    } finally {
      await stop(started);
    }
  }, 300_000);
});
