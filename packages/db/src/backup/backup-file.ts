import { closeSync, existsSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { BackupEngine } from './backup-report.ts';

/** A backup file's kind by its first bytes, and writing one so that a half-written file never has its name. */

/** pg_dump's custom format starts "PGDMP"; PGlite's dump is gzip (1f 8b). */
export function backupFileKind(file: string): BackupEngine | 'other' {
  const head = Buffer.alloc(5);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  return 'other';
}

/** Checks that `file` is a backup of `engine`'s kind; else says which command restores it. */
export function assertBackupOf(engine: BackupEngine, file: string): void {
  if (!existsSync(file) || !statSync(file).isFile()) throw new Error(`There is no backup file ${file}.`);
  const kind = backupFileKind(file);
  if (kind === engine) return;
  if (kind === 'postgres')
    throw new Error(
      `${file} is a PostgreSQL backup (pg_dump): restore it with DATABASE_URL set to a PostgreSQL database.`,
    );
  if (kind === 'pglite')
    throw new Error(
      `${file} is an embedded-database backup (PGlite, .tar.gz): restore it without DATABASE_URL.`,
    );
  throw new Error(`${file} is not a Trackwell backup (neither pg_dump's custom format nor a PGlite dump).`);
}

/**
 * Writes through `write(partialPath)` to `<file>.partial`, then renames it to `file`; a failure leaves no
 * file behind. Refuses to replace an existing file.
 */
export async function writeBackupFile(
  file: string,
  write: (partial: string) => Promise<void>,
): Promise<number> {
  if (existsSync(file)) throw new Error(`${file} exists already: name another file with --out.`);
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  try {
    await write(partial);
    if (!existsSync(partial)) throw new Error(`Nothing was written to ${partial}: no backup made.`);
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return statSync(file).size;
}
