import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** `npm run db:backup` / `db:restore` as a user runs them: a child process, its output and exit code. */

const run = promisify(execFile);
const ROOT = new URL('../../../', import.meta.url).pathname;

export const dbCli = (
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
  cwd = ROOT,
) =>
  run(process.execPath, [join(ROOT, `packages/db/src/cli/${script}.ts`), ...args], {
    env: { PATH: process.env.PATH, ...env },
    cwd,
  });

export const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the command to fail');
    },
    (e: { code: number; stdout: string; stderr: string }) => e,
  );
