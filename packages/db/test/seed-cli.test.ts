import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteCluster } from '../src/pglite-template.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../src/testing.ts';
import { systemIdentifierOnDisk } from './system-identifier.ts';

// `npm run db:seed` and `npm run db:reset` as a user runs them: a child process, its output and exit code.

const run = promisify(execFile);
const ROOT = new URL('../../../', import.meta.url).pathname;

const cli = (script: 'seed' | 'reset' | 'migrate', args: string[], env: Record<string, string>) =>
  run(process.execPath, [join(ROOT, `packages/db/src/cli/${script}.ts`), ...args], {
    env: { PATH: process.env.PATH, ...env },
  });

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the command to fail');
    },
    (e: { code: number; stdout: string; stderr: string }) => e,
  );

// The embedded data directory is the same on either engine's run: it runs once, where the suite is on PGlite.
describe.runIf(testEngine() === 'pglite')('npm run db:seed / db:reset on the embedded database', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'trackwell-seed-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = () => ({ DATA_DIR: dataDir });

  it('migrates, seeds and lists the tenants; a second run only adds the scale users', async () => {
    const first = await cli('seed', [], env());
    expect(first.stdout).toMatch(/PGlite .* in .*pglite/);
    expect(first.stdout).toMatch(/awwa\s+catalogue written/);
    expect(first.stdout).toMatch(/http:\/\/nordic\.localhost:8080\//);
    const second = await cli('seed', ['--scale', '20'], env());
    expect(second.stdout).toMatch(/awwa\s+catalogue already there/);
    expect(second.stdout).toMatch(/20 \/ 20 users/); // plain progress lines: stdout is not a terminal here
    expect(second.stdout).toMatch(/added 20 users, 200 tracked standards/);
  }, 300_000);

  it('rejects a bad --scale with the usage', async () => {
    const error = await failure(cli('seed', ['--scale', 'many'], env()));
    expect(error.code).toBe(1);
    expect(error.stderr).toMatch(/whole number[\s\S]*Usage: npm run db:seed/);
  });

  it('refuses, with the reason, while another live process holds the data directory', async () => {
    const lock = join(dataDir, 'pglite', 'trackwell.lock');
    writeFileSync(lock, String(process.pid)); // this test process is alive
    try {
      for (const script of ['seed', 'reset'] as const) {
        const error = await failure(cli(script, [], env()));
        expect(error.code).toBe(1);
        expect(error.stderr).toMatch(/in use by process/);
      }
      expect(existsSync(join(dataDir, 'pglite'))).toBe(true);
    } finally {
      rmSync(lock, { force: true });
    }
  }, 180_000);

  it('db:reset deletes the data directory and says how to start again', async () => {
    const { stdout } = await cli('reset', [], env());
    expect(stdout).toMatch(/Deleted the embedded database/);
    expect(stdout).toMatch(/npm start/);
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
    expect((await cli('reset', [], env())).stdout).toMatch(/Nothing to delete/);
  }, 180_000);
});

describe.runIf(testEngine() === 'postgres')('npm run db:reset on PostgreSQL', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.drop());

  it('needs --yes, then empties the public schema', async () => {
    const env = { DATABASE_URL: db.url! };
    const refused = await failure(cli('reset', [], env));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/--yes/);
    const tables = () =>
      db.handle.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`);
    expect((await tables()).rows[0]!.n).toBeGreaterThan(0);
    await cli('reset', ['--yes'], env);
    expect((await tables()).rows[0]!.n).toBe(0);
  }, 180_000);
});

// `npm install`'s last step keeps PGlite's blank cluster (scripts/pglite-cluster.ts); a command that creates the
// embedded database copies it instead of running initdb. A copy shares the cluster's system identifier.
describe.runIf(testEngine() === 'pglite')('the blank cluster npm install keeps', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'trackwell-cluster-cli-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const install = (templates: string) =>
    run(process.execPath, [join(ROOT, 'scripts/pglite-cluster.ts')], {
      env: { PATH: process.env.PATH, DEMO_TEMPLATE_DIR: templates },
    });
  it('is kept once per PGlite version; db:migrate on an empty DATA_DIR creates its database from it', async () => {
    const templates = join(dir, 'cache');
    expect((await install(templates)).stdout).toMatch(
      /Kept PGlite's blank database cluster in .*pglite-cluster-/,
    );
    expect((await install(templates)).stdout).toBe(''); // there already: nothing to do
    expect(readdirSync(templates)).toEqual([expect.stringMatching(/^pglite-cluster-\d+\.\d+\.\d+$/)]);
    const [copy, own] = ['copy', 'own'].map((name) => join(dir, name));
    const { stdout } = await cli('migrate', [], { DATA_DIR: copy!, DEMO_TEMPLATE_DIR: templates });
    expect(stdout).toMatch(/applied 0001_foundation, .* \(0 already applied\)/);
    await cli('migrate', [], { DATA_DIR: own!, DEMO_TEMPLATE_DIR: 'none' }); // keeps and uses no copy
    const cluster = systemIdentifierOnDisk(pgliteCluster(templates));
    expect(systemIdentifierOnDisk(join(copy!, 'pglite'))).toBe(cluster);
    expect(systemIdentifierOnDisk(join(own!, 'pglite'))).not.toBe(cluster);
  }, 180_000);

  it('never fails the install: where it cannot keep one, it says so and exits 0', async () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, '');
    const result = await install(join(file, 'cache'));
    expect(result.stderr).toMatch(/Could not keep/);
    expect(existsSync(join(file, 'cache'))).toBe(false);
  }, 120_000);
});
