import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { LOCK_FILE } from './data-dir-lock.ts';
import type { DatabaseHandle } from './database-handle.ts';

/**
 * The demo template: this machine's copy of the embedded database as a first start leaves it — migrated, the demo
 * stores, catalogue and accounts seeded, before the server makes anything of its own (signing keys, jobs). A later
 * start on an empty data directory copies it (a tenth of a second) instead of creating the database, migrating
 * and seeding it again (about ten seconds on two cores: bench/startup), as PostgreSQL's CREATE DATABASE copies
 * a template database.
 *
 * It is named by a digest of everything that decides its contents: PGlite's version, the migrations, and the
 * sources of the db and contracts packages (the seed and the repositories it writes through). Any change to
 * them names another copy, made by the next first start; the older copy is removed then. The start still runs
 * the migrations and the seed on the copied database, as on every start: they find nothing to do.
 * The demo accounts' secrets in it are the published ones (seed/demo-users.ts); nothing else in it is secret.
 */

const PACKAGE_ROOT = new URL('../', import.meta.url).pathname;
const SOURCES = [
  join(PACKAGE_ROOT, 'migrations'),
  join(PACKAGE_ROOT, 'src'),
  join(PACKAGE_ROOT, '../contracts/src'),
];
const PREFIX = 'pglite-demo-';
const CLUSTER_PREFIX = 'pglite-cluster-';
/** Where the templates are kept unless DEMO_TEMPLATE_DIR says: the project's own cache folder. */
const defaultDemoTemplateDir = () => join(PACKAGE_ROOT, '../../node_modules/.cache/trackwell');
/** Files of a data directory that belong to the process holding it, never to its contents. */
const HOLDER_FILES = new Set([LOCK_FILE, 'postmaster.pid']);

export interface DemoTemplate {
  /** The directory holding the copies (`DEMO_TEMPLATE_DIR`). */
  root: string;
  /** This code's copy in it (present or not). */
  dir: string;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** The installed PGlite's version. */
function pgliteVersion(): string {
  const pglite = new URL('../package.json', import.meta.resolve('@electric-sql/pglite')); // dist/index.js's
  return JSON.parse(readFileSync(pglite, 'utf8')).version;
}

/** The digest naming the template of this code: PGlite's version and every source file, by path and content. */
export function demoTemplateKey(sources: readonly string[] = SOURCES): string {
  const hash = createHash('sha256');
  hash.update(pgliteVersion());
  for (const root of sources)
    for (const file of filesUnder(root)) {
      hash.update(`\0${relative(PACKAGE_ROOT, file)}\0`);
      hash.update(readFileSync(file));
    }
  return hash.digest('hex').slice(0, 16);
}

export function demoTemplate(root: string, key = demoTemplateKey()): DemoTemplate {
  const dir = resolve(root);
  return { root: dir, dir: join(dir, `${PREFIX}${key}`) };
}

/** Whether `dataDir` holds an embedded database already (PostgreSQL's data directories all have PG_VERSION). */
export const hasPgliteDatabase = (dataDir: string) => existsSync(join(dataDir, 'PG_VERSION'));

/**
 * Copies the template into `dataDir`, which its caller holds (the lock file in it stays) and which has no
 * database yet. False when there is no template, or the copy failed (its part is removed again): the database
 * is then created as without one.
 */
export function copyTemplateInto(template: string, dataDir: string): boolean {
  if (!hasPgliteDatabase(template) || hasPgliteDatabase(dataDir)) return false;
  try {
    cpSync(template, dataDir, { recursive: true });
    return true;
  } catch {
    for (const name of readdirSync(dataDir).filter((n) => !HOLDER_FILES.has(n)))
      rmSync(join(dataDir, name), { recursive: true, force: true });
    return false;
  }
}

/**
 * Keeps a copy of the embedded database in `dataDir`, open in `db`, as the template, then removes the copies
 * older code made.
 */
export async function saveDemoTemplate(
  db: DatabaseHandle,
  template: DemoTemplate,
  dataDir: string,
): Promise<void> {
  if (db.driver.engine !== 'pglite') throw new Error('Only an embedded (PGlite) database has a template');
  await keepCopy(db.driver.client, dataDir, template.dir);
  removeOlder(template.root, PREFIX, template.dir);
}

/**
 * Copies the database in `dataDir`, open in `client`, to `target`: after a checkpoint, while PGlite runs nothing
 * else (a CLI's query through the socket waits), into a directory of its own renamed into place, so a start
 * copying it never sees half of one.
 */
async function keepCopy(client: PGlite, dataDir: string, target: string): Promise<void> {
  mkdirSync(dirname(target), { recursive: true });
  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  await client.exec('CHECKPOINT');
  try {
    await client.runExclusive(async () => {
      cpSync(dataDir, partial, {
        recursive: true,
        filter: (src) => !HOLDER_FILES.has(relative(dataDir, src)),
      });
    });
    if (existsSync(target)) rmSync(partial, { recursive: true, force: true });
    else renameSync(partial, target); // another start may have saved the same one meanwhile: keep either
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(target)) throw error;
  }
}

/**
 * The blank cluster: what PGlite's initdb makes before anything of ours is in it (its system catalogues, the
 * `postgres` database). It depends on PGlite's version only, so it outlives every change to our code (which
 * names another demo template), and a database created where one is kept is a copy of it (under a tenth of a
 * second) instead of an initdb (1.3–2.5 s of WebAssembly on two cores: bench/startup). PGlite itself shipped
 * such a prebuilt cluster until its 0.3. `npm install` keeps one (scripts/pglite-cluster.ts); otherwise the
 * first start that runs initdb does (client-pglite.ts).
 */
export function pgliteCluster(root: string): string {
  return join(resolve(root), `${CLUSTER_PREFIX}${pgliteVersion()}`);
}

/** Where the copies are kept by DEMO_TEMPLATE_DIR (unset or empty: the project's cache folder); none with `none`. */
export const copiesRoot = (templateDir: string | undefined): string | undefined =>
  templateDir === 'none' ? undefined : templateDir || defaultDemoTemplateDir();

/** The blank cluster kept in DEMO_TEMPLATE_DIR's folder (copiesRoot); none with `none`. */
export function keptPgliteCluster(templateDir: string | undefined): string | undefined {
  const root = copiesRoot(templateDir);
  return root ? pgliteCluster(root) : undefined;
}

/** Keeps the blank cluster just created in `dataDir` (open in `client`) at `cluster`, and removes older ones. */
export async function saveCluster(client: PGlite, dataDir: string, cluster: string): Promise<void> {
  await keepCopy(client, dataDir, cluster);
  removeOlder(dirname(cluster), CLUSTER_PREFIX, cluster);
}

/** Copies named `prefix…` other than `keep` (of other code), and partial copies a killed start left over an hour ago. */
function removeOlder(root: string, prefix: string, keep: string): void {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of readdirSync(root)) {
    const path = join(root, name);
    if (!name.startsWith(prefix) || path === keep) continue;
    const modified = statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0; // 0: removed meanwhile
    if (name.includes('.partial-') && modified > hourAgo) continue; // another start saving now
    rmSync(path, { recursive: true, force: true });
  }
}
