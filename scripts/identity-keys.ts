/**
 * `npm run identity:keys -- --tenant CODE [--rotate | --retire-previous]`
 *
 * A store's identity keys (the embedded identity provider's token signing key and cookie secret), rotated in
 * two steps like NOTIFICATIONS_SECRET (docs/configuration.md#rotating-a-secret): `--rotate` makes new keys
 * that sign from now on and keeps the current ones beside them, so tokens and sessions they signed stay valid;
 * `--retire-previous`, after the window, drops the previous ones, so what they signed is refused. Every
 * process picks the change up within seconds (the store's row is touched, which every process hears).
 * Without an action it shows the store's keys. Works beside a running `npm start` (through its socket).
 */
import { parseArgs } from 'node:util';
import {
  findTenantByCode,
  identityKeyRotation,
  migrate,
  retirePreviousIdentityKeys,
  rotateIdentityKeys,
} from '@trackwell/db';
import { newIdentityKeys } from '../apps/server/src/modules/identity/oidc/keys.ts';
import { openDatabaseFromEnv, runCli } from '../packages/db/src/cli/open-from-env.ts';

const USAGE = `Usage: npm run identity:keys -- --tenant CODE [--rotate | --retire-previous]

  --tenant CODE        the store
  --rotate             new keys sign from now on; the current ones still verify until retired
  --retire-previous    drop the previous keys: tokens and sessions they signed are refused`;

export async function main(argv = process.argv.slice(2)): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      tenant: { type: 'string' },
      rotate: { type: 'boolean' },
      'retire-previous': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !values.tenant || (values.rotate && values['retire-previous'])) {
    process.stdout.write(`${USAGE}\n`);
    if (!values.help) throw new Error('name a --tenant, and at most one of --rotate and --retire-previous');
    return;
  }
  const db = await openDatabaseFromEnv();
  try {
    await migrate(db);
    const store = await findTenantByCode(db, values.tenant);
    if (!store) throw new Error(`no store with code "${values.tenant}"`);
    if (values.rotate) {
      const rotated = await db.transaction(async (tx) =>
        rotateIdentityKeys(tx, store.id, await newIdentityKeys()),
      );
      if (!rotated)
        throw new Error(`store ${store.code} has no identity keys yet (they are made at first use)`);
    }
    if (
      values['retire-previous'] &&
      !(await db.transaction((tx) => retirePreviousIdentityKeys(tx, store.id)))
    )
      process.stdout.write(`${store.code}: no previous keys to retire.\n`);
    const state = await identityKeyRotation(db, store.id);
    const since = state?.rotatedAt ? ` (rotated ${state.rotatedAt.toISOString()})` : '';
    const previous = state?.previousKid
      ? `previous key ${state.previousKid} still accepted: retire it with --retire-previous after the window`
      : 'no previous key accepted';
    process.stdout.write(`${store.code}: ${state ? `${previous}${since}` : 'no identity keys yet'}.\n`);
  } finally {
    await db.close();
  }
}

if (import.meta.main) runCli(() => main());
