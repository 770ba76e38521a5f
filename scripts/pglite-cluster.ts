/**
 * `npm install`'s last step (postinstall): keeps PGlite's blank cluster in the project's cache folder (or in
 * DEMO_TEMPLATE_DIR; none with DEMO_TEMPLATE_DIR=none), so that the first `npm start` copies it instead of
 * running PGlite's initdb (packages/db/src/pglite-template.ts). Once per PGlite version: with the cluster
 * there, it does nothing. It never fails the install: without a kept cluster the first start runs initdb,
 * as it would have anyway.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

async function keepCluster(): Promise<void> {
  const { hasPgliteDatabase, keptPgliteCluster, openDatabase } = await import('@trackwell/db');
  const cluster = keptPgliteCluster(process.env.DEMO_TEMPLATE_DIR);
  if (!cluster || hasPgliteDatabase(cluster)) return;
  // Where the cluster goes first: a folder that cannot be made fails here, not after initdb's many seconds.
  mkdirSync(dirname(cluster), { recursive: true });
  // A throw-away database: creating it keeps the blank cluster (client-pglite.ts).
  const dir = mkdtempSync(join(tmpdir(), 'trackwell-cluster-'));
  try {
    const db = await openDatabase({ dataDir: dir, cluster });
    await db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (hasPgliteDatabase(cluster))
    process.stdout.write(`Kept PGlite's blank database cluster in ${cluster}\n`);
}

await keepCluster().catch((error: Error) =>
  process.stderr.write(
    `Could not keep PGlite's blank database cluster (${error.message}); the first start creates its database.\n`,
  ),
);
