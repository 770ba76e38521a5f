import { join } from 'node:path';
import type { MigrationCheck } from './migration-check.ts';
import type { TableRows } from './table-rows.ts';

/** What a backup or a restore did, and the lines the CLIs print of it. */

export type BackupEngine = 'postgres' | 'pglite';

export interface BackupReport {
  engine: BackupEngine;
  /** The database it was made of (without a password). */
  source: string;
  file: string;
  bytes: number;
  /** Every table's rows at the backup's moment. */
  tables: TableRows[];
  ms: number;
}

export interface RestoreReport {
  engine: BackupEngine;
  file: string;
  /** The database it was restored into (without a password). */
  target: string;
  tables: TableRows[];
  migrations: MigrationCheck;
  /** --force on PGlite: where the data directory that was replaced was moved to. */
  replacedMovedTo?: string | undefined;
  ms: number;
}

/** 20261128T233912Z */
export const utcStamp = (now = new Date()) =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/** `backups/trackwell-<engine>-<UTC timestamp>.<ext>` (in the current directory: the repository's root). */
export function defaultBackupFile(engine: BackupEngine, now = new Date()): string {
  return join('backups', `trackwell-${engine}-${utcStamp(now)}.${engine === 'postgres' ? 'dump' : 'tar.gz'}`);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const number = (n: number) => n.toLocaleString('en-US');

/** "58 tables, 12,345 rows", then the largest tables. */
function tableLines(tables: TableRows[]): string[] {
  const rows = tables.reduce((sum, t) => sum + t.rows, 0);
  const largest = [...tables]
    .sort((a, b) => b.rows - a.rows || a.table.localeCompare(b.table))
    .slice(0, 8)
    .filter((t) => t.rows > 0);
  return [
    `  ${number(tables.length)} tables, ${number(rows)} rows${largest.length ? '; the largest:' : ''}`,
    ...largest.map((t) => `    ${t.table.padEnd(36)} ${number(t.rows).padStart(12)}`),
  ];
}

export function backupLines(report: BackupReport): string[] {
  return [
    `Backed up ${report.source}`,
    `  to ${report.file} (${formatBytes(report.bytes)}) in ${seconds(report.ms)}`,
    ...tableLines(report.tables),
  ];
}

export function restoreLines(report: RestoreReport): string[] {
  const { applied, pending } = report.migrations;
  return [
    `Restored ${report.file}`,
    `  into ${report.target} in ${seconds(report.ms)}`,
    ...tableLines(report.tables),
    `  migrations: ${applied} recorded, checksums match this code` +
      (pending.length
        ? `; ${pending.length} newer than the backup (${pending.join(', ')}), applied by the next \`npm start\` ` +
          'or `npm run db:migrate`'
        : ', none pending'),
    ...(report.replacedMovedTo
      ? [`  the data directory it replaced was moved to ${report.replacedMovedTo} (delete it once satisfied)`]
      : []),
  ];
}
