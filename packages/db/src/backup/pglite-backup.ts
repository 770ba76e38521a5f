import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openPglite } from '../client-pglite.ts';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from '../data-dir-lock.ts';
import type { DatabaseHandle } from '../database-handle.ts';
import { requestDataDirDump } from '../pglite-dump-request.ts';
import { assertBackupOf, writeBackupFile } from './backup-file.ts';
import { type BackupReport, type RestoreReport, utcStamp } from './backup-report.ts';
import { checkMigrations } from './migration-check.ts';
import { countTableRows } from './table-rows.ts';

/**
 * Embedded-database backups: PGlite's own dump of its data directory (`dumpDataDir`, a .tar.gz). While a
 * server has the directory open, the server makes the dump (pglite-dump-request.ts); otherwise this process
 * opens the directory itself. Every backup is then loaded into an in-memory PGlite and counted, so the
 * summary is what the file holds and a file that does not load is never reported as a backup.
 * A restore loads the file into a new data directory beside the target and moves it into place.
 */

const location = (dataDir: string) => `PGlite (embedded PostgreSQL) in ${dataDir}`;

async function dumpDataDir(dataDir: string): Promise<{ dump: Buffer; through: string }> {
  let db: DatabaseHandle;
  try {
    db = await openPglite({ dataDir });
  } catch (error) {
    const socket = error instanceof DataDirInUseError ? error.holder.socket : undefined;
    if (!socket) throw error;
    const through = `, through the running server (process ${(error as DataDirInUseError).holder.pid})`;
    return { dump: await requestDataDirDump(socket), through };
  }
  try {
    if (db.driver.engine !== 'pglite') throw new Error('not PGlite');
    await db.exec('CHECKPOINT');
    const blob = await db.driver.client.dumpDataDir('gzip');
    return { dump: Buffer.from(await blob.arrayBuffer()), through: '' };
  } finally {
    await db.close();
  }
}

/** Loads a dump into an in-memory PGlite and counts its tables' rows. */
async function countDump(dump: Buffer) {
  const db = await openPglite({ memory: true, loadDataDir: new Blob([new Uint8Array(dump)]) });
  try {
    return await countTableRows(db);
  } finally {
    await db.close();
  }
}

export async function backupPglite(dataDir: string, file: string): Promise<BackupReport> {
  const started = Date.now();
  if (!existsSync(join(dataDir, 'PG_VERSION')))
    throw new Error(`There is no embedded database in ${dataDir} to back up (DATA_DIR, default .data).`);
  const { dump, through } = await dumpDataDir(dataDir);
  const tables = await countDump(dump);
  const bytes = await writeBackupFile(file, async (partial) => writeFileSync(partial, dump));
  return {
    engine: 'pglite',
    source: location(dataDir) + through,
    file,
    bytes,
    tables,
    ms: Date.now() - started,
  };
}

/** What a data directory holds besides its lock file. */
const contentsOf = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => f !== LOCK_FILE) : []);

/** Locks the target so that no server starts on it meanwhile; a server that has it open: refused. */
function lockTarget(dataDir: string): () => void {
  try {
    return lockDataDir(dataDir).release;
  } catch (error) {
    if (error instanceof DataDirInUseError)
      throw new Error(
        `Process ${error.holder.pid} has the embedded database in ${dataDir} open (\`npm start\`?). A restore ` +
          'replaces it, so it only runs while no server does: stop the server (Ctrl+C), then run the restore again.',
      );
    throw error;
  }
}

export async function restorePglite(dataDir: string, file: string, force: boolean): Promise<RestoreReport> {
  assertBackupOf('pglite', file);
  const started = Date.now();
  const existed = existsSync(dataDir);
  const release = lockTarget(dataDir);
  const staging = `${dataDir}.restoring-${process.pid}`;
  try {
    if (contentsOf(dataDir).length > 0 && !force)
      throw new Error(
        `${location(dataDir)} is not empty. Restore into another DATA_DIR (a new folder), or add --force to ` +
          'replace it (it is moved aside, not deleted).',
      );
    rmSync(staging, { recursive: true, force: true });
    const db = await openPglite({ dataDir: staging, loadDataDir: new Blob([readFileSync(file)]) });
    let report: Omit<RestoreReport, 'ms' | 'target'>;
    try {
      report = {
        engine: 'pglite',
        file,
        migrations: await checkMigrations(db),
        tables: await countTableRows(db),
      };
    } finally {
      await db.close();
    }
    let replacedMovedTo: string | undefined;
    if (contentsOf(dataDir).length > 0) {
      replacedMovedTo = `${dataDir}.replaced-${utcStamp()}`;
      renameSync(dataDir, replacedMovedTo);
      rmSync(join(replacedMovedTo, LOCK_FILE), { force: true });
    } else rmSync(dataDir, { recursive: true, force: true });
    renameSync(staging, dataDir);
    return { ...report, target: location(dataDir), replacedMovedTo, ms: Date.now() - started };
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (!existed) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  } finally {
    release();
  }
}
