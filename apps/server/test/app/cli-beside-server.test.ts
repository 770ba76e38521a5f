import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DatabaseHandle, openDatabase, pgliteDataDir } from '@trackwell/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../scripts/free-port.ts';
import { addNotificationUser, trackStandard } from '../support/notifications-fixtures.ts';

/**
 * The CLIs work while `npm start` holds the embedded database. The real server process
 * (main.ts) on a temporary DATA_DIR with PGlite; each CLI as a user runs it, a child process, while the
 * server runs; their effects checked through the server (its stores, its publisher API, its mail inbox),
 * and the server answering all along. Then the server is SIGKILLed: the lock and socket it leaves behind
 * give a clear message while another process has its pid, and the CLIs open the database directly once
 * no process has it.
 */

const ROOT = new URL('../../../../', import.meta.url).pathname;
const MAIN = join(ROOT, 'apps/server/src/main.ts');
/** The server's port, chosen before it starts (scripts/free-port.ts). */
let PORT = 0;

interface Answer {
  status: number;
  text: string;
}

const call = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
  new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: PORT, method, path, headers: { host: `localhost:${PORT}`, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });

/** The store configuration call the portal makes, with a store's Host header. */
const storeConfig = (host: string) =>
  call('POST', '/config/get-tenant-configuration-for-ui', { host: `${host}:${PORT}` });

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

describe('the CLIs while `npm start` holds the embedded database', () => {
  let dataDir: string;
  let server: ChildProcess;
  let serverOutput = '';
  let serverExited: Promise<unknown>;
  const pgliteDir = () => pgliteDataDir(dataDir);
  const lockFile = () => join(pgliteDir(), 'trackwell.lock');

  const cli = (script: string, args: string[] = []) =>
    new Promise<CliResult>((resolve) => {
      execFile(
        process.execPath,
        [join(ROOT, script), ...args],
        { env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: String(PORT) }, timeout: 180_000 },
        (error, stdout, stderr) =>
          resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });

  /**
   * Runs a CLI while asking the server for /readyz over and over: every answer must be 200, and some must
   * come while the CLI is still running (the server is not stopped or frozen by it).
   */
  async function cliWhileServing(script: string, args: string[] = []) {
    let running = true;
    const during: number[] = [];
    const asking = (async () => {
      while (running) during.push((await call('GET', '/readyz')).status);
    })();
    const result = await cli(script, args);
    running = false;
    await asking;
    return { ...result, answeredDuring: during };
  }

  /** A handle on the served database from this test process: through the server's socket, as a CLI. */
  async function viaServer<T>(fn: (db: DatabaseHandle) => Promise<T>): Promise<T> {
    const db = await openDatabase({ dataDir: pgliteDir(), joinRunningServer: true });
    try {
      expect(db.location).toContain('through the running server');
      return await fn(db);
    } finally {
      await db.close();
    }
  }

  async function inbox(to: string): Promise<Array<{ subject: string }>> {
    const answer = await call('GET', `/_dev/mail/messages?to=${encodeURIComponent(to)}`);
    expect(answer.status).toBe(200);
    const body = JSON.parse(answer.text) as
      | { messages?: Array<{ subject: string }> }
      | Array<{ subject: string }>;
    return Array.isArray(body) ? body : (body.messages ?? []);
  }

  /** Waits (the test's timeout is the limit) until `ready` holds: the worker runs on its own schedule. */
  async function until(ready: () => Promise<boolean>): Promise<void> {
    while (!(await ready())) await new Promise((r) => setTimeout(r, 250));
  }

  beforeAll(async () => {
    PORT = await freePort();
    dataDir = mkdtempSync(join(tmpdir(), 'trackwell-cli-server-'));
    server = spawn(process.execPath, [MAIN], {
      env: {
        PATH: process.env.PATH,
        PORT: String(PORT),
        DATA_DIR: dataDir,
        SEED_DEMO: 'false', // db:seed, run beside the server, creates the stores
        SMTP_SINK_PORT: '0',
        LOG_LEVEL: 'warn',
        SHUTDOWN_GRACE_SECONDS: '0', // no load balancer watches its readiness
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    serverExited = new Promise((resolve) => server.once('exit', resolve));
    const keep = (d: Buffer) => {
      serverOutput = (serverOutput + d.toString()).slice(-8000);
    };
    server.stdout?.on('data', keep);
    server.stderr?.on('data', keep);
    while (!/is ready in/.test(serverOutput)) {
      if (server.exitCode !== null) throw new Error(`the server exited:\n${serverOutput}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 180_000);

  afterAll(async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGKILL');
      await serverExited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the start banner says the CLIs use the database through the server', () => {
    expect(serverOutput).toContain(
      'npm run db:seed, catalog:changes and demo:changes use it through this server',
    );
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toEqual({
      pid: server.pid,
      socket: join(`${pgliteDir()}-socket`, '.s.PGSQL.5432'),
    });
  });

  it('db:seed creates the demo stores through the server, which serves them at once and answers all along', async () => {
    expect((await storeConfig('awwa.localhost')).status).toBe(404);
    const seed = await cliWhileServing('packages/db/src/cli/seed.ts');
    expect(seed.stderr).toBe('');
    expect(seed.code).toBe(0);
    expect(seed.stdout).toMatch(/through the running server \(process \d+\)/);
    expect(seed.stdout).toMatch(/awwa\s+catalogue written/);
    expect(seed.answeredDuring.length).toBeGreaterThan(0);
    expect(new Set(seed.answeredDuring)).toEqual(new Set([200]));
    // The server serves the new stores without a restart.
    const awwa = await storeConfig('awwa.localhost');
    expect(awwa.status).toBe(200);
    expect(JSON.parse(awwa.text).responseData.value.tenantCode).toBe('awwa');
    expect((await cli('packages/db/src/cli/seed.ts')).stdout).toMatch(/awwa\s+catalogue already there/);
  }, 240_000);

  it('db:migrate has nothing to apply, through the server', async () => {
    const migrate = await cliWhileServing('packages/db/src/cli/migrate.ts');
    expect(migrate.code).toBe(0);
    expect(migrate.stdout).toMatch(/through the running server .*: nothing to apply/);
  }, 180_000);

  it('catalog:changes applies a change file through the server, and the running worker e-mails the tracker', async () => {
    const { login, contentCode } = await viaServer(async (db) => {
      const { rows } = await db.query<{ tenant_id: string; id: number; content_code: string }>(
        `SELECT s.tenant_id, s.id, s.content_code FROM standards s JOIN tenants t ON t.id = s.tenant_id
          WHERE t.code = 'awwa' AND s.status = 'active' ORDER BY s.id LIMIT 1`,
      );
      const standard = rows[0]!;
      const user = await addNotificationUser(db, standard.tenant_id, { login: 'cli-reader@awwa.example' });
      await trackStandard(db, standard.tenant_id, user.id, standard.id);
      return { login: user.login, contentCode: standard.content_code };
    });
    const file = join(dataDir, 'changes.json');
    writeFileSync(
      file,
      JSON.stringify({
        events: [
          {
            id: 'cli-beside-server-1',
            type: 'editorial_change',
            standard: { contentCode },
            note: 'Corrected a unit.',
          },
        ],
      }),
    );
    const changes = await cliWhileServing('scripts/catalog-changes.ts', [file, '--tenant', 'awwa']);
    expect(changes.stderr).toBe('');
    expect(changes.code).toBe(0);
    // Its tracker, and the seed's reader@awwa.example, who tracks the store's first active standard too.
    expect(changes.stdout).toMatch(/1 applied, 0 already applied, 0 rejected; 2 e-mails queued/);
    expect(new Set(changes.answeredDuring)).toEqual(new Set([200]));
    await until(async () => (await inbox(login)).length === 1);
    await until(async () => (await inbox('reader@awwa.example')).length === 1);
    // Run again: recorded once, by event id.
    expect((await cli('scripts/catalog-changes.ts', [file, '--tenant', 'awwa'])).stdout).toMatch(
      /0 applied, 1 already applied/,
    );
  }, 300_000);

  it('demo:changes publishes its batch through the server; the tracked standard gets its new edition e-mailed', async () => {
    const demo = await cliWhileServing('scripts/demo-changes.ts', ['--tenant', 'awwa']);
    expect(demo.stderr).toBe('');
    expect(demo.code).toBe(0);
    // The first active standard: tracked by this test's reader and by the seed's reader@awwa.example, who also
    // tracks its committee, so every change of the batch about a standard of that committee e-mails them.
    expect(demo.stdout).toMatch(/new_edition\s+applied, 2 e-mails/);
    expect(demo.stdout).toMatch(/withdrawal\s+applied, 1 e-mails/);
    const recorded = await viaServer((db) =>
      db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM catalog_events WHERE source = 'cli' AND publisher_event_id LIKE 'demo-%'`,
      ),
    );
    expect(recorded.rows[0]?.n).toBeGreaterThanOrEqual(7);
    await until(async () => (await inbox('cli-reader@awwa.example')).length === 2);
    // The seed's reader: beside the editorial change above, one e-mail per change of the batch about what they
    // track (standards, committee, industry area): new edition, amendment, editorial change, reaffirmation,
    // withdrawal, new standard. They do not track work items, nor the reinstated standard.
    await until(async () => (await inbox('reader@awwa.example')).length >= 1 + 6);
    await new Promise((r) => setTimeout(r, 1000)); // nothing more comes
    expect(await inbox('reader@awwa.example')).toHaveLength(1 + 6);
  }, 300_000);

  it('catalog:changes --create-key prints a key the running server accepts at once', async () => {
    const created = await cli('scripts/catalog-changes.ts', ['--create-key', '--tenant', 'awwa']);
    expect(created.code).toBe(0);
    const key = /\n\s+(\S+)\s*$/.exec(created.stdout)?.[1];
    expect(key).toBeTruthy();
    const answer = await call(
      'POST',
      '/api/catalog/v1/changes',
      { host: `awwa.localhost:${PORT}`, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      JSON.stringify({ events: [] }),
    );
    expect(answer.status).not.toBe(401);
    expect(answer.status).toBeLessThan(500);
  }, 180_000);

  it('db:reset refuses while the server has the database open, and says why', async () => {
    const reset = await cli('packages/db/src/cli/reset.ts');
    expect(reset.code).toBe(1);
    expect(reset.stderr).toMatch(/running server \(process \d+\) has the embedded database .* open/);
    expect(existsSync(pgliteDir())).toBe(true);
    expect((await call('GET', '/readyz')).status).toBe(200);
  }, 180_000);

  it('after a SIGKILL: a clear message while another process has its pid; the CLIs open the database directly once none has', async () => {
    const killedPid = server.pid!;
    server.kill('SIGKILL');
    await serverExited;
    const left = JSON.parse(readFileSync(lockFile(), 'utf8')) as { pid: number; socket: string };
    expect(left.pid).toBe(killedPid); // the lock and the socket file stay behind
    expect(existsSync(left.socket)).toBe(true);

    // The pid taken by another live process (this test's): the socket does not answer; say so, touch nothing.
    writeFileSync(lockFile(), JSON.stringify({ ...left, pid: process.pid }));
    const stale = await cli('packages/db/src/cli/migrate.ts');
    expect(stale.code).toBe(1);
    expect(stale.stderr).toMatch(
      new RegExp(
        `held by process ${process.pid}, which serves it on .*, but that socket does not answer \\(ECONNREFUSED\\)`,
      ),
    );
    expect(stale.stderr).toContain(`delete ${lockFile()}`);

    // No process has the pid any more: the CLI takes the lock over and opens the database itself.
    writeFileSync(lockFile(), JSON.stringify(left));
    const direct = await cli('packages/db/src/cli/migrate.ts');
    expect(direct.stderr).toBe('');
    expect(direct.code).toBe(0);
    expect(direct.stdout).toMatch(/^PGlite \(embedded PostgreSQL\) in \S+: nothing to apply/);
    expect(existsSync(lockFile())).toBe(false);

    // With no server, the change CLIs work on the database directly as before (the next start sends).
    const demo = await cli('scripts/demo-changes.ts', ['--tenant', 'awwa']);
    expect(demo.stderr).toBe('');
    expect(demo.stdout).toMatch(/new_edition\s+applied, 2 e-mails/);
  }, 300_000);
});
