export * from './client.ts';
export { DataDirInUseError } from './data-dir-lock.ts';
export * from './migrate.ts';
export * from './repositories/tenants.ts';
export * as schema from './schema.ts';
