/**
 * `npm run console:grant -- --login EMAIL [--tenant CODE] [--role ROLE] [--revoke]`
 *
 * Grants (or revokes) a console role to a user of a store from the command line: how the first platform
 * operator is made, before anyone can grant roles in the console (POST /api/console/v1/stores/:code/roles).
 * Audited like a console grant (actor `system`/`cli`). Works beside a running `npm start` on the embedded
 * database (through its socket), like the other database commands.
 */
import { parseArgs } from 'node:util';
import { CONSOLE_ROLES, type ConsoleRole } from '@trackwell/contracts';
import {
  findTenantByCode,
  findTenantUserByLogin,
  grantConsoleRole,
  migrate,
  recordAuditEntry,
  revokeConsoleRole,
} from '@trackwell/db';
import { openDatabaseFromEnv, runCli } from '../packages/db/src/cli/open-from-env.ts';

const USAGE = `Usage: npm run console:grant -- --login EMAIL [--tenant CODE] [--role ROLE] [--revoke]

  --login EMAIL   the user (their sign-in e-mail) in that store
  --tenant CODE   the user's store (default: trackwell, the platform store)
  --role ROLE     ${CONSOLE_ROLES.join(' | ')} (default: platform_operator)
  --revoke        take the role away instead`;

export async function main(argv = process.argv.slice(2)): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      login: { type: 'string' },
      tenant: { type: 'string' },
      role: { type: 'string' },
      revoke: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const role = (values.role ?? 'platform_operator') as ConsoleRole;
  if (values.help || !values.login || !CONSOLE_ROLES.includes(role)) {
    process.stdout.write(`${USAGE}\n`);
    if (!values.help) throw new Error('name a --login and a known --role');
    return;
  }
  const code = values.tenant ?? 'trackwell';
  const db = await openDatabaseFromEnv();
  try {
    await migrate(db);
    const store = await findTenantByCode(db, code);
    if (!store) throw new Error(`no store with code "${code}"`);
    const user = await findTenantUserByLogin(db, store.id, values.login.toLowerCase());
    if (!user) throw new Error(`no user ${values.login} in store ${code}`);
    const grant = !values.revoke;
    const changed = await db.transaction(async (tx) => {
      const done = grant
        ? await grantConsoleRole(tx, store.id, user.id, role, null)
        : await revokeConsoleRole(tx, store.id, user.id, role);
      if (done)
        await recordAuditEntry(tx, store.id, {
          storeCode: store.code,
          actor: { kind: 'system', id: 'cli', login: 'npm run console:grant' },
          action: grant ? 'role.grant' : 'role.revoke',
          target: user.login,
          before: { role, held: !grant },
          after: { role, held: grant },
        });
      return done;
    });
    const verb = grant
      ? changed
        ? 'now holds'
        : 'already held'
      : changed
        ? 'no longer holds'
        : 'did not hold';
    process.stdout.write(`${user.login} (${code}) ${verb} ${role}.\n`);
  } finally {
    await db.close();
  }
}

if (import.meta.main) runCli(() => main());
