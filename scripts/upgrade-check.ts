/**
 * `npm run upgrade:check [-- --ci] [-- --files=apps/server/test/a.test.ts,…]`: the previous release's server
 * on this release's database, as during a rolling upgrade (docs/upgrades.md). Needs TEST_DATABASE_URL.
 *
 *  1. checks out release/previous into a temporary git worktree (detached; removed at the end);
 *  2. node_modules: when this tree's package-lock.json holds every package of its lock, at the same version
 *     (lock-covers.ts), links this tree's installed packages (its own `@trackwell/*` point at its own
 *     workspaces); otherwise `npm install` there;
 *  3. makes one template database on TEST_DATABASE_URL's server migrated by THIS release's migrations;
 *  4. runs the previous release's server API tests with its own Vitest, each test file on a copy of that
 *     template: its createTestDatabase() copies TRACKWELL_TEST_PG_TEMPLATE and runs its own migrate(), whose
 *     migrations are a prefix of this release's (nothing left to apply; an edited one fails by checksum).
 *     Its Vitest global setup, which would make a template with its own migrations, is emptied in the
 *     temporary tree.
 *
 * Without --files: every file of the previous release's apps/server/test (the full run, many minutes);
 * --ci: CI_FILES, the subset `npm test` runs (about a minute). Exit code: non-zero when a test failed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { migrate, openDatabase } from '@trackwell/db';
import pg from 'pg';
import { uncoveredPackage } from './lock-covers.ts';

const ROOT = new URL('../', import.meta.url).pathname;

/**
 * The CI subset: the API tests of what a rolling upgrade exercises most (sign-in, tracking, publishing and
 * the e-mails it queues, the console) — files of the previous release; one it no longer has is skipped.
 */
export const CI_FILES = [
  'apps/server/test/identity/identity-authn.test.ts',
  'apps/server/test/identity/identity-oidc.test.ts',
  'apps/server/test/tracker/tracker-changes.test.ts',
  'apps/server/test/tracker/tracker-sources.test.ts',
  'apps/server/test/notifications/notifications.test.ts',
  'apps/server/test/console/console-stores.test.ts',
];

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

/** The previous release's commit (release/previous), present in this clone. */
function previousRelease(): string {
  const commit = readFileSync(join(ROOT, 'release/previous'), 'utf8').trim();
  try {
    return git('rev-parse', '--verify', `${commit}^{commit}`);
  } catch {
    throw new Error(`release/previous names ${commit}, which this clone lacks: git fetch --unshallow`);
  }
}

/** This tree's installed packages, linked into the old tree; its workspaces' links point at its own. */
function linkNodeModules(old: string): void {
  const modules = join(old, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (entry === '@trackwell') continue;
    symlinkSync(join(ROOT, 'node_modules', entry), join(modules, entry));
  }
  mkdirSync(join(modules, '@trackwell'));
  for (const ws of readdirSync(join(ROOT, 'node_modules/@trackwell'))) {
    const target = execFileSync('readlink', [join(ROOT, 'node_modules/@trackwell', ws)], {
      encoding: 'utf8',
    });
    symlinkSync(target.trim(), join(modules, '@trackwell', ws)); // relative: ../../packages/db, in the old tree
  }
  for (const parent of ['apps', 'packages']) {
    for (const ws of readdirSync(join(ROOT, parent))) {
      const own = join(ROOT, parent, ws, 'node_modules');
      if (existsSync(own) && existsSync(join(old, parent, ws)) && !existsSync(join(own, '@trackwell')))
        symlinkSync(own, join(old, parent, ws, 'node_modules'));
    }
  }
}

function installDependencies(old: string): string {
  const lock = (dir: string) => JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8'));
  const missing = uncoveredPackage(lock(ROOT), lock(old));
  if (!missing) {
    linkNodeModules(old);
    return "node_modules linked (this tree's package-lock.json holds every package of its lock)";
  }
  // `npm install` with its lock file, as .ci/run installs (this machine's registry serves only this platform's
  // builds of per-platform packages, which `npm ci` refuses).
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: old, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm install failed in the previous release');
  return `node_modules installed with npm install (its lock has ${missing})`;
}

/** A database on the server of `adminUrl`, migrated by this release; its name, and its removal. */
async function migratedTemplate(
  adminUrl: string,
): Promise<{ name: string; applied: number; drop(): Promise<void> }> {
  const name = `trackwell_template_${randomBytes(6).toString('hex')}`; // the shape the tests accept
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString(), poolSize: 1 });
  try {
    const { applied } = await migrate(db);
    return {
      name,
      applied: applied.length,
      drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  } finally {
    await db.close(); // no session may stay on a template while it is copied
  }
}

/**
 * The previous release's tests that do not apply to it on a newer schema, each with why. The backup drill
 * restores its own backup with its own `db:restore`, which refuses by design a backup holding migrations it does
 * not know ("made by a newer Trackwell"): a backup is restored by the code that made it, not by an older one.
 */
const NOT_APPLICABLE = ['apps/server/test/backup/**'];

function testFiles(old: string, ci: boolean, files: string | undefined): string[] {
  if (files) return files.split(',').map((f) => f.trim());
  if (ci) return CI_FILES.filter((f) => existsSync(join(old, f)));
  return ['apps/server/test/'];
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { ci: { type: 'boolean', default: false }, files: { type: 'string' } },
  });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    process.stderr.write(
      'upgrade:check needs a PostgreSQL server: TEST_DATABASE_URL=postgres://… npm run upgrade:check\n',
    );
    return 2;
  }
  const started = Date.now();
  const commit = previousRelease();
  const old = join(mkdtempSync(join(tmpdir(), 'trackwell-previous-')), 'tree');
  git('worktree', 'add', '--detach', old, commit);
  let template: Awaited<ReturnType<typeof migratedTemplate>> | undefined;
  try {
    const deps = installDependencies(old);
    // Its own global setup would make a template with its own migrations: the check provides one.
    writeFileSync(
      join(old, 'packages/db/test/global-setup.ts'),
      'export default async function setup() {}\n',
    );
    template = await migratedTemplate(adminUrl);
    const files = testFiles(old, values.ci, values.files);
    process.stdout.write(
      `upgrade:check: the previous release ${commit.slice(0, 7)}'s tests on a database migrated by this release ` +
        `(${template.applied} migrations); ${deps}\n  ${files.join('\n  ')}\n`,
    );
    const run = spawnSync(
      process.execPath,
      [
        join(old, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--project',
        'server',
        ...NOT_APPLICABLE.flatMap((glob) => ['--exclude', glob]),
        ...files,
      ],
      {
        cwd: old,
        stdio: 'inherit',
        env: { ...process.env, TEST_DATABASE_URL: adminUrl, TRACKWELL_TEST_PG_TEMPLATE: template.name },
      },
    );
    const seconds = Math.round((Date.now() - started) / 1000);
    const ok = run.status === 0;
    process.stdout.write(
      `upgrade:check: ${ok ? 'PASS' : 'FAIL'}: the previous release's server API tests on this release's schema (${seconds} s)\n`,
    );
    return ok ? 0 : 1;
  } finally {
    await template?.drop();
    git('worktree', 'remove', '--force', old);
    rmSync(join(old, '..'), { recursive: true, force: true });
  }
}

process.exit(await main());
