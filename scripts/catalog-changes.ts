/**
 * `npm run catalog:changes -- <file.json|file.csv> [--tenant CODE]`
 *
 * Applies a publisher's change file to a tenant's catalogue exactly as POST /api/catalog/v1/changes does:
 * one transaction per event (change + record + matching + outbox), idempotent by event id, so a file can
 * be run again safely. A running worker sends the e-mails at once (each applied event is announced to it,
 * see announceAppliedEvent); with no worker running, the next start's sweep sends them. On the embedded
 * database it goes through the running server's socket when `npm start` holds it. Format: see
 * apps/server/src/modules/notifications/change-files.ts.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CATALOG_CHANGES_PATH, CATALOG_CHANGES_SCOPE } from '@trackwell/contracts';
import {
  createCatalogApiKey,
  createCatalogPublisherClient,
  deleteCatalogPublisherClient,
  findTenantByCode,
  migrate,
} from '@trackwell/db';
import cliProgress from 'cli-progress';
import { parseEnv } from '../apps/server/src/config/env.ts';
import { parseChangeFile } from '../apps/server/src/modules/notifications/change-files.ts';
import {
  announceAppliedEvent,
  publishCatalogEvents,
} from '../apps/server/src/modules/notifications/publish.ts';
import { storeOrigin } from '../apps/server/src/modules/tenants/public-urls.ts';
import { openDatabaseFromEnv, runCli } from '../packages/db/src/cli/open-from-env.ts';

const USAGE = `Usage: npm run catalog:changes -- <file.json|file.csv> [--tenant CODE]
       npm run catalog:changes -- --create-key [--tenant CODE]
       npm run catalog:changes -- --create-client [--tenant CODE]
       npm run catalog:changes -- --delete-client ID [--tenant CODE]

  --tenant CODE       the store whose catalogue changes (default: trackwell)
  --create-key        print a new publisher API key for POST /api/catalog/v1/changes (shown once, stored hashed)
  --create-client     print a new OAuth 2.0 client (id and secret, shown once) of the store's identity provider
                      that gets access tokens for the change feed: client_credentials, scope catalog.changes
  --delete-client ID  delete such a client (its tokens stop working at once)

Environment: DATABASE_URL=postgres://… to use a PostgreSQL server; otherwise PGlite in \${DATA_DIR:-.data}/pglite
(through the running server when \`npm start\` has it open).`;

export async function main(argv = process.argv.slice(2)): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      tenant: { type: 'string' },
      'create-key': { type: 'boolean' },
      'create-client': { type: 'boolean' },
      'delete-client': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values['create-key']) return createKey(values.tenant ?? 'trackwell');
  if (values['create-client']) return createClient(values.tenant ?? 'trackwell');
  if (values['delete-client']) return deleteClient(values.tenant ?? 'trackwell', values['delete-client']);
  if (values.help || positionals.length !== 1) {
    process.stdout.write(`${USAGE}\n`);
    if (!values.help) throw new Error('name one change file');
    return;
  }
  const file = positionals[0]!;
  const events = parseChangeFile(file, readFileSync(file, 'utf8'));
  const db = await openDatabaseFromEnv();
  try {
    await migrate(db);
    const code = values.tenant ?? 'trackwell';
    const tenant = await findTenantByCode(db, code);
    if (!tenant) throw new Error(`no store with code "${code}"`);
    const bar = process.stdout.isTTY
      ? new cliProgress.SingleBar(
          { format: '  {bar} {value}/{total} events  {eta_formatted} left', hideCursor: true },
          cliProgress.Presets.shades_classic,
        )
      : undefined;
    bar?.start(events.length, 0);
    const results = await publishCatalogEvents(
      db,
      tenant.id,
      events,
      'cli',
      (eventId) => announceAppliedEvent(db, eventId), // a running worker sends its e-mails now
      (n) => bar?.update(n),
    );
    bar?.stop();
    const count = (o: string) => results.filter((r) => r.outcome === o).length;
    const recipients = results.reduce((sum, r) => sum + (r.recipients ?? 0), 0);
    process.stdout.write(
      `${tenant.config.tenantName}: ${count('applied')} applied, ${count('duplicate')} already applied, ` +
        `${count('rejected')} rejected; ${recipients} e-mails queued for the worker.\n`,
    );
    for (const r of results.filter((x) => x.outcome === 'rejected'))
      process.stdout.write(`  rejected ${r.id}: ${r.error} — ${r.message}\n`);
    if (count('rejected') > 0)
      throw new Error(`${count('rejected')} events were rejected (the others were applied)`);
  } finally {
    await db.close();
  }
}

async function createKey(code: string): Promise<void> {
  const db = await openDatabaseFromEnv();
  try {
    await migrate(db);
    const tenant = await findTenantByCode(db, code);
    if (!tenant) throw new Error(`no store with code "${code}"`);
    const key = await createCatalogApiKey(
      db,
      tenant.id,
      `created by catalog:changes on ${new Date().toISOString()}`,
    );
    process.stdout.write(`Publisher API key for ${tenant.config.tenantName} (shown once):\n  ${key}\n`);
  } finally {
    await db.close();
  }
}

async function createClient(code: string): Promise<void> {
  const db = await openDatabaseFromEnv();
  try {
    await migrate(db);
    const tenant = await findTenantByCode(db, code);
    if (!tenant) throw new Error(`no store with code "${code}"`);
    const { clientId, clientSecret } = await createCatalogPublisherClient(
      db,
      tenant.id,
      `created by catalog:changes on ${new Date().toISOString()}`,
    );
    const env = parseEnv();
    const origin = storeOrigin(env.PUBLIC_URL_TEMPLATE, tenant.canonicalHost, env.PORT);
    const issuerUri = tenant.config['issuer-uri'];
    const issuer = issuerUri.startsWith('/') ? `${origin}${issuerUri}` : issuerUri;
    process.stdout.write(
      `Publisher client for ${tenant.config.tenantName} (the secret is shown once):\n` +
        `  client id      ${clientId}\n  client secret  ${clientSecret}\n` +
        `  token URL      ${issuer}/v1/token  (grant_type=client_credentials, scope=${CATALOG_CHANGES_SCOPE}, HTTP Basic)\n\n` +
        `  TOKEN=$(curl -s -u '${clientId}:${clientSecret}' -d grant_type=client_credentials \\\n` +
        `    -d scope=${CATALOG_CHANGES_SCOPE} ${issuer}/v1/token | node -pe 'JSON.parse(require("fs").readFileSync(0)).access_token')\n` +
        `  curl -H "Authorization: Bearer $TOKEN" -H 'content-type: application/json' \\\n` +
        `    -d @changes.json ${origin}${CATALOG_CHANGES_PATH}\n`,
    );
  } finally {
    await db.close();
  }
}

async function deleteClient(code: string, clientId: string): Promise<void> {
  const db = await openDatabaseFromEnv();
  try {
    await migrate(db);
    const tenant = await findTenantByCode(db, code);
    if (!tenant) throw new Error(`no store with code "${code}"`);
    if (!(await deleteCatalogPublisherClient(db, tenant.id, clientId)))
      throw new Error(`${tenant.config.tenantName} has no publisher client "${clientId}"`);
    process.stdout.write(`Deleted publisher client ${clientId} of ${tenant.config.tenantName}.\n`);
  } finally {
    await db.close();
  }
}

if (import.meta.main) runCli(() => main());
