/**
 * The journeys' server: prepares the fresh e2e database, then starts Trackwell as `npm start` does
 * (apps/server/src/main.ts). Preparing means: migrate, seed the demo (or copy the machine's demo template), and add what a journey needs and cannot
 * make through the product's own pages: a publisher API key (for `POST /api/catalog/v1/changes`) and users
 * of its own that no other journey touches. Both are written to `$DATA_DIR/e2e-fixtures.json`
 * (read with `e2eFixtures()` in tests/support.ts), last, so that file says the database is ready.
 *
 * `--prepare` only prepares (global-setup.ts: the run's template); a data folder that already has the
 * fixtures file (a worker's copy of the template) is not prepared again.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createCatalogApiKey,
  createIdentityUser,
  findIdentityUserByLogin,
  findTenantByCode,
  hashPassword,
  migrate,
  openDatabase,
  pgliteDataDir,
  setSourceTrackings,
  upsertIdentityFactor,
} from '@trackwell/db';
import { DEMO_PASSWORD } from '@trackwell/db/seed/demo-users';
import { parseEnv } from '../apps/server/src/config/env.ts';
import { demoOnFirstStart, demoTemplateFor } from '../apps/server/src/demo-data.ts';
import { loadServer } from '../scripts/server-bundle.ts';

/** Users only one journey signs in with: `<local>@<store>.example`, the demo password. */
export const JOURNEY_USERS: ReadonlyArray<{
  local: string;
  store: string;
  firstName: string;
  lastName: string;
  locale?: string;
  /** Tracks the store's first committee from the start (its designation goes to the fixtures file). */
  tracksACommittee?: boolean;
  /** An active second factor. */
  factor?: 'push';
}> = [
  // tests/notification-centre.spec.ts: tracks a standard, reads its change in the bell's panel and the feed.
  { local: 'journey-inbox', store: 'trackwell', firstName: 'Lena', lastName: 'Okafor' },
  // tests/notifications.spec.ts: tracks a committee, then unsubscribes from every tracking e-mail.
  { local: 'journey-notify', store: 'trackwell', firstName: 'Noor', lastName: 'Haddad' },
  // tests/cited-standards.spec.ts: tracks DIN EN ISO 13849-1; a standard it cites changes.
  { local: 'journey-cited', store: 'trackwell', firstName: 'Greta', lastName: 'Lindqvist' },
  // tests/mail-inbox.spec.ts: reads her (Arabic) change e-mail in the local inbox; never signs in.
  {
    local: 'journey-mail-logo',
    store: 'trackwell',
    firstName: 'ليلى',
    lastName: 'حداد',
    locale: 'ar',
    tracksACommittee: true,
  },
  // tests/language.spec.ts: chooses Español in Account › Preferences, then reads a Spanish change e-mail.
  {
    local: 'journey-language',
    store: 'trackwell',
    firstName: 'Lucía',
    lastName: 'Ortega',
    tracksACommittee: true,
  },
  // tests/language.spec.ts: asks for a password reset from the sign-in page in Arabic.
  { local: 'journey-reset-ar', store: 'aenor', firstName: 'Samir', lastName: 'Khalil' },
  // tests/language.spec.ts: approves a push sign-in on the approval page in Arabic, on a phone-sized screen.
  { local: 'journey-push-ar', store: 'aenor', firstName: 'Huda', lastName: 'Nasser', factor: 'push' },
  // Journeys that choose a language while signed in: the choice is saved as the person's language and wins
  // at their next sign-in, so each has a user of its own and the demo users stay as documented.
  // tests/shell.spec.ts: Arabic on the platform store, its keyboard order, its 360 px shell; the choice kept
  // on awwa and aenor.
  { local: 'journey-shell-ar', store: 'trackwell', firstName: 'Amal', lastName: 'Saleh' },
  { local: 'journey-shell-keyboard', store: 'trackwell', firstName: 'Kai', lastName: 'Berg' },
  { local: 'journey-shell-360', store: 'trackwell', firstName: 'Ines', lastName: 'Moreau' },
  { local: 'journey-shell-language', store: 'awwa', firstName: 'Rosa', lastName: 'Vega' },
  { local: 'journey-shell-language', store: 'aenor', firstName: 'Luc', lastName: 'Girard' },
  // tests/account.spec.ts: saves Arabic in Account › Preferences.
  { local: 'journey-account-ar', store: 'trackwell', firstName: 'Omar', lastName: 'Farouk' },
];

async function prepare(): Promise<void> {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('DATA_DIR must name the e2e data folder');
  // The demo data as `npm start` makes it: a copy of the machine's demo template when there is one (the first
  // start keeps it), else seeded (and kept as the template).
  const env = parseEnv();
  const template = demoTemplateFor(env);
  const db = await openDatabase({ dataDir: pgliteDataDir(env.DATA_DIR), template: template?.dir });
  try {
    await migrate(db);
    await demoOnFirstStart(db, env, template);
    const trackwell = await findTenantByCode(db, 'trackwell');
    if (!trackwell) throw new Error('the demo seed made no trackwell store');
    const publisherKey = await createCatalogApiKey(db, trackwell.id, 'e2e journeys');
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const trackedCommittees: Record<string, { committee: string; publisher: string }> = {};
    for (const u of JOURNEY_USERS) {
      const tenant = await findTenantByCode(db, u.store);
      const login = `${u.local}@${u.store}.example`;
      if (!tenant || (await findIdentityUserByLogin(db, tenant.id, login))) continue;
      await db.transaction(async (tx) => {
        const user = await createIdentityUser(tx, tenant.id, {
          login,
          firstName: u.firstName,
          lastName: u.lastName,
          userType: 'individual',
          locale: u.locale ?? null,
          passwordHash,
        });
        if (u.factor)
          await upsertIdentityFactor(tx, tenant.id, user.id, {
            factorType: u.factor,
            provider: 'OKTA',
            status: 'ACTIVE',
            secret: null,
          });
        if (!u.tracksACommittee) return;
        const { rows } = await tx.query<{ designation: string; publisher_code: string }>(
          'SELECT designation, publisher_code FROM committees WHERE tenant_id = $1 ORDER BY designation LIMIT 1',
          [tenant.id],
        );
        const committee = rows[0]!.designation;
        await setSourceTrackings(tx, tenant.id, user.id, 'TRACKER', [
          { trackingType: 'COMMITTEE', data: [committee] },
        ]);
        trackedCommittees[login] = { committee, publisher: rows[0]!.publisher_code };
      });
    }
    writeFileSync(
      join(dataDir, 'e2e-fixtures.json'),
      JSON.stringify({ publisherKey, trackedCommittees }, null, 2),
    );
  } finally {
    await db.close();
  }
}

const fixturesFile = join(process.env.DATA_DIR ?? '', 'e2e-fixtures.json');
if (!existsSync(fixturesFile)) await prepare();
if (process.argv.includes('--prepare')) process.exit(0);
// From the server's bundle, as `npm start` runs it (scripts/server-bundle.ts).
const { startServer } = await loadServer();
await startServer([]);
