/**
 * `npm start` (after scripts/start.mjs set up the process): builds the portal if its sources changed, then
 * starts every service in this one process (web, idp, worker) on http://localhost:8080, from the server's
 * bundle (./server-bundle.ts). Arguments are passed on: `npm start -- --services=web`.
 */
import { flushCompileCache } from 'node:module';
import { buildPortalIfStale } from './portal-build.ts';
import { loadServer } from './server-bundle.ts';

try {
  buildPortalIfStale();
  const { startServer } = await loadServer();
  await startServer(process.argv.slice(2));
  flushCompileCache(); // written now, not only at exit: a process that is killed leaves it for the next start
} catch (error) {
  process.stderr.write(`\nTrackwell could not start: ${(error as Error).message}\n`);
  process.exit(1);
}
