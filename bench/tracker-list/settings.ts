import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** The tracker-list benchmark's settings (environment) and its output. */

export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const USERS = Number(process.env.BENCH_USERS ?? 100_000);
export const STANDARDS = Number(process.env.BENCH_STANDARDS ?? 100_000);
export const DURATION = Number(process.env.BENCH_DURATION ?? 10);
export const CONNECTIONS = 10;
/** The product's rate limits in Redis (the deployment's REDIS_URL) instead of PostgreSQL's api_rate_limits. */
export const REDIS_URL = process.env.BENCH_REDIS_URL || undefined;
export const TOKEN_USERS = 1_000; // distinct signed-in users the load rotates through
export const PAGE_SIZE = 10;
export const execFileAsync = promisify(execFile);
export const LOAD_SCRIPT = new URL('./load.ts', import.meta.url).pathname;

export const log = (line: string) => process.stdout.write(`${line}\n`);
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
