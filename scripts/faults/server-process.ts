import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The real server as `npm start` runs it (apps/server/src/main.ts, every service in one process), started
 * as a child process on a free port of 127.0.0.1 with the fault run's settings; its output goes to a log
 * file that a failure prints the end of.
 */

export const ROOT = new URL('../../', import.meta.url).pathname;
const MAIN = join(ROOT, 'apps/server/src/main.ts');

/** A free port of 127.0.0.1 for a fault run's server or cluster. */
export { freePort } from '../free-port.ts';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns true, failing with `what` after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what()}`);
    await sleep(100);
  }
}

export interface ServerProcess {
  readonly port: number;
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  /** `http://127.0.0.1:port` */
  readonly base: string;
  logTail(lines?: number): string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** A scratch dir for the run's logs and the stand-in portal page (the fault runs need no built portal). */
export function scratchDir(name: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), `trackwell-faults-${name}-`));
  mkdirSync(join(dir, 'portal'));
  writeFileSync(join(dir, 'portal', 'index.html'), '<!doctype html><title>portal</title>');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function startServerProcess(options: {
  port: number;
  scratch: string;
  env: Record<string, string>;
  name: string;
}): Promise<ServerProcess> {
  const logFile = join(options.scratch, `${options.name}.log`);
  const log = createWriteStream(logFile, { flags: 'a' });
  let output = '';
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PUBLIC_URL_TEMPLATE: `http://{host}:${options.port}`,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      PORTAL_DIST: join(options.scratch, 'portal'),
      SMTP_SINK_PORT: '0',
      SHUTDOWN_GRACE_SECONDS: '0', // no load balancer watches its readiness: SIGTERM closes at once
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    log.write(chunk);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const server: ServerProcess = {
    port: options.port,
    child,
    exited,
    base: `http://127.0.0.1:${options.port}`,
    logTail: (lines = 30) => output.split('\n').slice(-lines).join('\n'),
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
      log.end();
    },
  };
  return server;
}

/** Polls /readyz until it answers 200 (or the process exits). Returns the milliseconds it took. */
export async function waitUntilReady(server: ServerProcess, timeoutMs = 90_000): Promise<number> {
  const started = Date.now();
  let exited = false;
  void server.exited.then(() => {
    exited = true;
  });
  await until(
    async () => {
      if (exited) throw new Error(`the server exited before it was ready:\n${server.logTail()}`);
      return (await readiness(server)) === 200;
    },
    timeoutMs,
    () => `/readyz of the server:\n${server.logTail()}`,
  );
  return Date.now() - started;
}

/** /readyz's status code, or 0 when nothing answers. */
export async function readiness(server: ServerProcess): Promise<number> {
  try {
    const res = await fetch(`${server.base}/readyz`, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/**
 * Runs main.ts with exactly these settings (and PATH, HOME) until it exits: for the starts that must end (a
 * refused configuration, a worker that cannot start). Its whole output is returned.
 */
export function runMainToExit(env: Record<string, string>) {
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
  });
  let [stdout, stderr] = ['', ''];
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}
