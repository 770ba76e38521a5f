/**
 * `npm start`: builds the portal if its sources changed, then starts every service in this one process
 * (web, idp, worker) on http://localhost:8080. Arguments are passed on: `npm start -- --services=web`.
 */
import './malloc-settings.ts'; // first: it may replace this process before anything else is loaded
import { enableCompileCache, flushCompileCache } from 'node:module';
import { buildPortalIfStale } from './portal-build.ts';

// Node's on-disk cache of compiled modules (NODE_COMPILE_CACHE, else the system's temporary directory): a
// later start reads the ~1,700 modules' bytecode instead of compiling them again (bench/startup).
enableCompileCache();

try {
  buildPortalIfStale();
  const { startServer } = await import('../apps/server/src/main.ts');
  await startServer(process.argv.slice(2));
  flushCompileCache(); // written now, not only at exit: a process that is killed leaves it for the next start
} catch (error) {
  process.stderr.write(`\nTrackwell could not start: ${(error as Error).message}\n`);
  process.exit(1);
}
