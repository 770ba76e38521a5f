/**
 * `npm run identity:keys -- --tenant CODE [--rotate [--now] | --retire-previous]`
 *
 * A store's identity keys (the embedded identity provider's token signing key and cookie secret), as the
 * console's store settings show and rotate them. `--rotate` publishes a new key in the JWKS now; it signs
 * after IDP_KEY_PUBLISH_AHEAD_SECONDS, and the key it replaces keeps verifying until every token and session
 * it signed has expired: a running server's worker takes both steps (IDP_KEY_ROTATION_DAYS also rotates on
 * its own). `--rotate --now`: the new key signs at once (a key thought exposed). `--retire-previous`: the
 * previous key is refused at once. Every step is in the store's audit log. Without an action it shows the
 * store's keys. Works beside a running `npm start` (through its socket).
 */
import { parseArgs } from 'node:util';
import { findIdentityKeyState, findTenantByCode, migrate } from '@trackwell/db';
import { parseEnv } from '../apps/server/src/config/env.ts';
import {
  type KeyRotationActor,
  retirePreviousKeyNow,
  rotateKeyNow,
  startKeyRotation,
} from '../apps/server/src/modules/identity/oidc/key-rotation.ts';
import { keyRotationPolicy } from '../apps/server/src/modules/identity/oidc/key-schedule.ts';
import { openDatabaseFromEnv, runCli } from '../packages/db/src/cli/open-from-env.ts';

const USAGE = `Usage: npm run identity:keys -- --tenant CODE [--rotate [--now] | --retire-previous]

  --tenant CODE        the store
  --rotate             publish a new key now; it signs after IDP_KEY_PUBLISH_AHEAD_SECONDS, and the
                       current one verifies until its tokens and sessions have expired
  --now                with --rotate: the new key signs at once (a key thought exposed)
  --retire-previous    refuse the previous key at once: tokens and sessions it signed are refused`;

const ACTOR: KeyRotationActor = { kind: 'system', id: 'cli', login: 'npm run identity:keys' };

export async function main(argv = process.argv.slice(2)): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      tenant: { type: 'string' },
      rotate: { type: 'boolean' },
      now: { type: 'boolean' },
      'retire-previous': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const wrong =
    !values.tenant || (values.rotate && values['retire-previous']) || (values.now && !values.rotate);
  if (values.help || wrong) {
    process.stdout.write(`${USAGE}\n`);
    if (!values.help)
      throw new Error(
        'name a --tenant, at most one of --rotate and --retire-previous, --now only with --rotate',
      );
    return;
  }
  const policy = keyRotationPolicy(parseEnv());
  const db = await openDatabaseFromEnv();
  try {
    await migrate(db);
    const store = await findTenantByCode(db, values.tenant!);
    if (!store) throw new Error(`no store with code "${values.tenant}"`);
    const now = new Date();
    if (values.rotate && !(await findIdentityKeyState(db, store.id)))
      throw new Error(`store ${store.code} has no identity keys yet (they are made at first use)`);
    if (values.rotate && values.now && !(await rotateKeyNow(db, store, ACTOR, policy, now)))
      throw new Error(`store ${store.code}: a published next key waits to sign; rotate again once it signs`);
    if (values.rotate && !values.now) {
      const outcome = await startKeyRotation(db, store, ACTOR, policy, now);
      if (outcome === 'under_way') throw new Error(`store ${store.code}: a rotation is already under way`);
    }
    if (values['retire-previous'] && !(await retirePreviousKeyNow(db, store, ACTOR)))
      process.stdout.write(`${store.code}: no previous keys to retire.\n`);
    process.stdout.write(`${describeKeys(store.code, await findIdentityKeyState(db, store.id))}\n`);
  } finally {
    await db.close();
  }
}

function describeKeys(code: string, state: Awaited<ReturnType<typeof findIdentityKeyState>>): string {
  if (!state) return `${code}: no identity keys yet.`;
  const lines = [
    `${code}: current key ${state.current.kid} signs since ${state.current.signsSince.toISOString()}.`,
  ];
  if (state.next)
    lines.push(`  next key ${state.next.kid} published, signs from ${state.next.signsAt.toISOString()}.`);
  if (state.previous) {
    const until = state.previous.retiresAt
      ? `until ${state.previous.retiresAt.toISOString()}`
      : 'until retired with --retire-previous';
    lines.push(`  previous key ${state.previous.kid} still accepted ${until}.`);
  } else lines.push('  no previous key accepted.');
  return lines.join('\n');
}

if (import.meta.main) runCli(() => main());
