export * from './backup-file.ts';
export * from './backup-report.ts';
export * from './migration-check.ts';
export * from './pglite-backup.ts';
export * from './postgres-backup.ts';
export { pgToolMajor } from './postgres-tools.ts';
export * from './table-rows.ts';
