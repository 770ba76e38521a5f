import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * PostgreSQL's own client tools, `pg_dump` and `pg_restore`, found on PATH or in PG_BIN_DIR. They must be of
 * the server's major version or newer: an older pg_dump refuses a newer server ("server version mismatch").
 * The password never goes on the command line (other users could read it there): PGPASSWORD instead.
 */

const run = promisify(execFile);

export type PgTool = 'pg_dump' | 'pg_restore';

const INSTALL_HINT =
  'Install the PostgreSQL client tools of the server’s major version or newer (Debian/Ubuntu: ' +
  '`apt-get install postgresql-client-16`, or the PGDG packages for a newer one; macOS: `brew install ' +
  'libpq`), or set PG_BIN_DIR to the folder that has them.';

export const pgToolPath = (tool: PgTool, env = process.env) =>
  env.PG_BIN_DIR ? join(env.PG_BIN_DIR, tool) : tool;

/** The tool's major version ("pg_dump (PostgreSQL) 15.14" → 15), or a clear error when it is missing. */
export async function pgToolMajor(tool: PgTool, env = process.env): Promise<number> {
  let stdout: string;
  try {
    ({ stdout } = await run(pgToolPath(tool, env), ['--version']));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error(`${tool} was not found (${pgToolPath(tool, env)}). ${INSTALL_HINT}`);
    throw error;
  }
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(stdout);
  if (!match)
    throw new Error(`${tool} --version answered "${stdout.trim()}", which is not PostgreSQL's tool.`);
  return Number(match[1]);
}

/** Refuses a tool older than the server: its dump could miss what the server has. */
export function assertToolFitsServer(tool: PgTool, toolMajor: number, serverMajor: number): void {
  if (toolMajor < serverMajor)
    throw new Error(
      `${tool} is version ${toolMajor}, older than the PostgreSQL ${serverMajor} server. ${INSTALL_HINT}`,
    );
}

/** The URL without its password, and the environment that carries the password to the tool. */
export function toolConnection(url: string, env = process.env): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** Runs a tool to its end; rejects with its own error output when it fails. */
export function runPgTool(tool: PgTool, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(pgToolPath(tool, env), args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      stderr += text;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool} failed (exit code ${code}):\n${stderr.trim()}`));
    });
  });
}
