import type { ConsoleRole } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';
import { recordAuditEntry } from '../repositories/console-audit.ts';
import { grantConsoleRole } from '../repositories/console-roles.ts';
import { createContentTracking, setSourceTrackings } from '../repositories/tracker.ts';

/**
 * What some demo accounts have beyond their sign-in (a demo worth opening): the console roles
 * of the administrators and the operator, and the reader's trackings. Written once, in the transaction that
 * creates the account (an existing account is left as it is, like every demo user), through the
 * repositories the console and the tracker use.
 */

/** The platform's own store: its operator manages every store. */
export const PLATFORM_STORE_CODE = 'trackwell';

/** A demo account that runs the console: `<local>@<store code>.example`, the demo password. */
export interface DemoConsoleAccount {
  local: string;
  firstName: string;
  lastName: string;
  role: ConsoleRole;
  /** Only in the platform store (the operator); otherwise in every demo store. */
  platformOnly: boolean;
  what: string;
}

export const DEMO_CONSOLE_ACCOUNTS: readonly DemoConsoleAccount[] = [
  {
    local: 'operator',
    firstName: 'Morgan',
    lastName: 'Ferreira',
    role: 'platform_operator',
    platformOnly: true,
    what: 'every store',
  },
  {
    local: 'admin',
    firstName: 'Sasha',
    lastName: 'Petrov',
    role: 'store_admin',
    platformOnly: false,
    what: 'that store',
  },
];

/** The console accounts of a store, by its code. */
export const demoConsoleAccountsOf = (storeCode: string) =>
  DEMO_CONSOLE_ACCOUNTS.filter((a) => !a.platformOnly || storeCode === PLATFORM_STORE_CODE);

/** Who the audit log names for the seed's grants (as `npm run console:grant` names itself). */
export const SEED_AUDIT_ACTOR = { kind: 'system', id: 'seed', login: 'demo seed' } as const;

/** Grants a demo console account its role, audited as the seed, in the caller's transaction. */
export async function grantDemoConsoleRole(
  tx: SqlExecutor,
  store: { id: string; code: string },
  user: { id: string; login: string },
  role: ConsoleRole,
): Promise<void> {
  if (!(await grantConsoleRole(tx, store.id, user.id, role, null))) return;
  await recordAuditEntry(tx, store.id, {
    storeCode: store.code,
    actor: SEED_AUDIT_ACTOR,
    action: 'role.grant',
    target: user.login,
    before: { role, held: false },
    after: { role, held: true },
  });
}

/** How many active standards the reader tracks: the first of the catalogue and more of its committee. */
const READER_STANDARDS = 4;

export interface DemoReaderTrackings {
  standards: string[];
  committee: string | undefined;
  industryArea: string | undefined;
}

/**
 * The reader's trackings: the store's first active standard and the next active ones of its committee,
 * that committee and the standard's first industry area (each source only where the store's tracker offers
 * it). `npm run demo:changes` picks the most tracked standards, so its batch is about what the reader
 * tracks and e-mails them. Nothing when the store has no active standard.
 */
export async function seedDemoReaderTrackings(
  tx: SqlExecutor,
  store: { id: string; sources: { committee: boolean; industryArea: boolean } },
  userId: string,
): Promise<DemoReaderTrackings> {
  const first = await tx.query<{ committee_designation: string; marketing_code: string | null }>(
    `SELECT s.committee_designation,
            (SELECT min(a.marketing_code) FROM standard_industry_areas a
              WHERE a.tenant_id = s.tenant_id AND a.standard_id = s.id) AS marketing_code
       FROM standards s WHERE s.tenant_id = $1 AND s.status = 'active' ORDER BY s.id LIMIT 1`,
    [store.id],
  );
  const head = first.rows[0];
  if (!head) return { standards: [], committee: undefined, industryArea: undefined };
  const { rows } = await tx.query<{ content_code: string }>(
    `SELECT content_code FROM standards WHERE tenant_id = $1 AND status = 'active' AND committee_designation = $2
      ORDER BY id LIMIT $3`,
    [store.id, head.committee_designation, READER_STANDARDS],
  );
  for (const r of rows) await createContentTracking(tx, store.id, userId, { contentCode: r.content_code });
  const committee = store.sources.committee ? head.committee_designation : undefined;
  const industryArea = store.sources.industryArea ? (head.marketing_code ?? undefined) : undefined;
  await setSourceTrackings(tx, store.id, userId, 'TRACKER', [
    { trackingType: 'COMMITTEE', data: committee ? [committee] : [] },
    { trackingType: 'INDUSTRYAREA', data: industryArea ? [industryArea] : [] },
  ]);
  return { standards: rows.map((r) => r.content_code), committee, industryArea };
}

/** The demo console accounts present in the database, each with its store code and role (for the banner). */
export async function listDemoConsoleAccounts(
  db: SqlExecutor,
): Promise<Array<{ login: string; storeCode: string; role: ConsoleRole }>> {
  const { rows } = await db.query<{ login: string; code: string; role: ConsoleRole }>(
    `SELECT u.login, t.code, g.role FROM console_role_grants g
       JOIN users u ON u.tenant_id = g.tenant_id AND u.id = g.user_id
       JOIN tenants t ON t.id = g.tenant_id
      WHERE u.login IN (SELECT l || '@' || t.code || '.example' FROM unnest($1::text[]) AS l)
      ORDER BY t.code = $2 DESC, t.code, g.role`,
    [DEMO_CONSOLE_ACCOUNTS.map((a) => a.local), PLATFORM_STORE_CODE],
  );
  return rows.map((r) => ({ login: r.login, storeCode: r.code, role: r.role }));
}
