/**
 * `npm run demo:changes [-- --tenant CODE]`
 *
 * Publishes a realistic batch of catalogue changes against a demo store's catalogue, one of each kind
 * (new edition, amendment, editorial change, reaffirmation, withdrawal, reinstatement, new standard, new
 * work item, work-item status change), preferring standards and committees that users track, so the
 * worker has e-mails to send (see them in the dev inbox). New event ids each run: it can be run again.
 */
import { parseArgs } from 'node:util';
import { findTenantByCode, migrate } from '@trackwell/db';
import {
  announceAppliedEvent,
  publishCatalogEvents,
} from '../apps/server/src/modules/notifications/publish.ts';
import { openDatabaseFromEnv, runCli } from '../packages/db/src/cli/open-from-env.ts';
import { demoChangeEvents, demoChangePicks } from '../packages/db/src/seed/demo-changes.ts';

export async function main(argv = process.argv.slice(2)): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { tenant: { type: 'string' } } });
  const db = await openDatabaseFromEnv();
  try {
    await migrate(db);
    const code = values.tenant ?? 'trackwell';
    const tenant = await findTenantByCode(db, code);
    if (!tenant) throw new Error(`no store with code "${code}" (run npm start or npm run db:seed first)`);
    const picks = await demoChangePicks(db, tenant.id);
    if (picks.active.length < 5) throw new Error(`store "${code}" has too small a catalogue for the demo`);
    const events = demoChangeEvents(picks, Date.now().toString(36));
    const results = await publishCatalogEvents(db, tenant.id, events, 'cli', (eventId) =>
      announceAppliedEvent(db, eventId),
    );
    for (const r of results) {
      const ev = events.find((x) => x.id === r.id)!;
      process.stdout.write(
        `  ${ev.type.padEnd(24)} ${r.outcome}${r.recipients !== undefined ? `, ${r.recipients} e-mails` : ''}${r.error ? ` (${r.error})` : ''}\n`,
      );
    }
    process.stdout.write(
      `${tenant.config.tenantName}: the worker of \`npm start\` sends the e-mails (now if it runs, else at its next start); ` +
        'read them at /_dev/mail.\n',
    );
  } finally {
    await db.close();
  }
}

if (import.meta.main) runCli(() => main());
