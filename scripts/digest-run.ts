/**
 * `npm run digest:run -- --store CODE --at 2026-11-30T08:00:00Z`
 *
 * Runs the digest job's first step for one store as if the clock said `--at`: every user of the store whose
 * daily or weekly digest is due at that moment (in the user's own zone, after they chose the schedule) and
 * who has changes waiting gets that period's digest. The worker of `npm start` sends them at its next digest
 * run (NOTIFICATIONS_DIGEST_EVERY_SECONDS); read them at /_dev/mail. Each period's digest is made once, so
 * running it again for the same moment makes nothing new.
 */
import { parseArgs } from 'node:util';
import { createDueDigests, findTenantByCode, type SqlExecutor } from '@trackwell/db';
import { openDatabaseFromEnv, runCli } from '../packages/db/src/cli/open-from-env.ts';

/** The digests of store `code` due at `at`: how many were made. Throws a message for people. */
export async function createStoreDigestsAt(db: SqlExecutor, code: string, at: string): Promise<number> {
  const moment = new Date(at);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(at) || Number.isNaN(moment.getTime()))
    throw new Error(`--at "${at}" is not an ISO date and time such as 2026-11-30T08:00:00Z`);
  const tenant = await findTenantByCode(db, code);
  if (!tenant) throw new Error(`no store with code "${code}"`);
  return createDueDigests(db, moment, tenant.id);
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { store: { type: 'string' }, at: { type: 'string' } },
  });
  if (!values.store || !values.at) throw new Error('usage: npm run digest:run -- --store CODE --at ISO-TIME');
  const db = await openDatabaseFromEnv();
  try {
    const made = await createStoreDigestsAt(db, values.store, values.at);
    process.stdout.write(
      `${made} digest(s) due at ${new Date(values.at).toISOString()} made for store "${values.store}"; ` +
        'the worker of `npm start` sends them at its next digest run (read them at /_dev/mail).\n',
    );
  } finally {
    await db.close();
  }
}

if (import.meta.main) runCli(() => main());
