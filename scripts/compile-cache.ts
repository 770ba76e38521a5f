import { enableCompileCache } from 'node:module';

/**
 * One on-disk cache of compiled modules for this process and every Node process it starts (NODE_COMPILE_CACHE
 * is inherited): the test suites start the server, its command-line tools, Vitest's workers and tsc many times
 * over, and each start then reads the modules' bytecode instead of compiling them again (the server's ~1,700
 * modules: about half its import time). A cache already named in the environment is kept.
 */
export function shareCompileCache(root: string): void {
  process.env.NODE_COMPILE_CACHE ??= `${root}node_modules/.cache/node-compile`;
  enableCompileCache(process.env.NODE_COMPILE_CACHE);
}
