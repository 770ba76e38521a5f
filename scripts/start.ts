/**
 * `npm start`: builds the portal if its sources changed, then starts every service in this one process
 * (web, idp, worker) on http://localhost:8080. Arguments are passed on: `npm start -- --services=web`.
 */
import { buildPortalIfStale } from './portal-build.ts';

try {
  buildPortalIfStale();
  const { startServer } = await import('../apps/server/src/main.ts');
  await startServer(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`\nTrackwell could not start: ${(error as Error).message}\n`);
  process.exit(1);
}
