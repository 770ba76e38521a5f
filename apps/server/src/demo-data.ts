import {
  copiesRoot,
  countTenants,
  type DatabaseHandle,
  type DemoTemplate,
  demoTemplate,
  hasPgliteDatabase,
  pgliteDataDir,
  saveDemoTemplate,
} from '@trackwell/db';
import type { Env } from './config/env.ts';

/**
 * The demo data of a first start (SEED_DEMO): the demo stores, catalogue and accounts, seeded into a database
 * that has no tenant yet. On the embedded database the first start also keeps a copy of what it seeded, the
 * demo template (packages/db/src/pglite-template.ts), and a start on an empty data directory begins from it.
 */

export type DemoData = 'created' | 'copied' | 'present' | 'off';

/** The template a start on PGlite begins from when its data directory has no database yet; otherwise none. */
export function demoTemplateFor(env: Env): DemoTemplate | undefined {
  const root = copiesRoot(env.DEMO_TEMPLATE_DIR);
  if (!env.SEED_DEMO || env.DATABASE_URL || !root) return undefined;
  // A database is there already: no template is needed, and naming one reads every source file.
  if (hasPgliteDatabase(pgliteDataDir(env.DATA_DIR))) return undefined;
  return demoTemplate(root);
}

/** Seeds the demo into a database without tenants, and keeps the template when there is one to keep. */
export async function demoOnFirstStart(
  db: DatabaseHandle,
  env: Env,
  template: DemoTemplate | undefined,
): Promise<DemoData> {
  if (!env.SEED_DEMO) return 'off';
  if (db.fromTemplate) return 'copied';
  if ((await countTenants(db)) > 0) return 'present';
  const [{ seedDemo }, { seedDemoUsers }] = await Promise.all([
    import('@trackwell/db/seed'),
    import('@trackwell/db/seed/demo-users'),
  ]);
  // PGlite: the seed's WAL segments are neither zero-filled first nor kept for reuse after the checkpoint, so
  // the data directory, and the template copied from it, hold one segment instead of five (152 → 88 MB).
  if (db.engine === 'pglite') await db.exec('SET wal_init_zero = off; SET wal_recycle = off');
  await seedDemo(db);
  await seedDemoUsers(db);
  if (template && db.engine === 'pglite') {
    await saveDemoTemplate(db, template, pgliteDataDir(env.DATA_DIR)).catch((error: Error) => {
      process.stderr.write(
        `Could not keep a copy of the demo data in ${template.root} (${error.message}); ` +
          'a start on an empty data directory seeds it again.\n',
      );
    });
  }
  if (db.engine === 'pglite') await db.exec('RESET wal_init_zero; RESET wal_recycle');
  return 'created';
}
