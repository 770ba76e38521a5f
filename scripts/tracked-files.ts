/**
 * What git may track: no database files and nothing over 1 MB outside a short allow-list. A PGlite data
 * directory was once committed by mistake (971 files, 30 MB); this check, run by `npm run lint`, refuses
 * the next one. Exits 1 naming each file it refuses.
 *
 *   node scripts/tracked-files.ts [repository folder]
 */
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

export const MAX_BYTES = 1024 * 1024;

/** Large files that belong in the repository, and why. */
export const LARGE_FILE_ALLOW_LIST: ReadonlyMap<string, string> = new Map([
  ['package-lock.json', 'the workspace lock file, which grows with the dependencies'],
]);

/** Names that only a database engine writes: PostgreSQL/PGlite data directories, SQLite and dump files. */
const DATABASE_FILE = [
  /(^|\/)PG_VERSION$/,
  /(^|\/)(pg_wal|pg_xact|pg_multixact|pg_subtrans|pg_logical)\//,
  /(^|\/)postmaster\.(pid|opts)$/,
  /(^|\/)pg_(hba|ident)\.conf$/,
  /(^|\/)trackwell\.lock$/,
  /\.(sqlite3?|db|db-wal|db-shm|mdb|pgdump)$/i,
  /(^|\/)trackwell-(postgres|pglite)-\d{8}T\d{6}Z\.(dump|tar\.gz)$/, // npm run db:backup's files
];

export type Refusal = { file: string; reason: string };

/** Every reason to refuse one of these tracked paths, given each path's size in bytes. */
export function refuseTrackedFiles(files: ReadonlyArray<{ path: string; bytes: number }>): Refusal[] {
  const refusals: Refusal[] = [];
  for (const { path, bytes } of files) {
    if (DATABASE_FILE.some((pattern) => pattern.test(path)))
      refusals.push({ file: path, reason: 'a database file (data directories belong in .data/, untracked)' });
    else if (bytes > MAX_BYTES && !LARGE_FILE_ALLOW_LIST.has(path))
      refusals.push({
        file: path,
        reason: `${(bytes / MAX_BYTES).toFixed(1)} MB, over the 1 MB limit (scripts/tracked-files.ts lists the exceptions)`,
      });
  }
  return refusals;
}

/** The files git tracks in a checkout that are present in the working tree, with their sizes. */
export function trackedFiles(root: string): Array<{ path: string; bytes: number }> {
  const listed = spawnSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed in ${root}: ${listed.stderr}`);
  return listed.stdout
    .split('\0')
    .filter(Boolean)
    .flatMap((path) => {
      try {
        return [{ path, bytes: statSync(join(root, path)).size }];
      } catch {
        return []; // deleted in the working tree, not yet committed
      }
    });
}

if (import.meta.main) {
  const root = resolve(process.argv[2] ?? new URL('../', import.meta.url).pathname);
  const refusals = refuseTrackedFiles(trackedFiles(root));
  for (const r of refusals) process.stderr.write(`${r.file}: ${r.reason}\n`);
  if (refusals.length > 0) {
    process.stderr.write(
      `${refusals.length} tracked file(s) refused in ${basename(root)}: git rm --cached them\n`,
    );
    process.exit(1);
  }
}
