import { createHash } from 'node:crypto';
import { type ConsoleRole, FACTOR_VENDOR } from '@trackwell/contracts';
import type { DatabaseHandle, SqlExecutor } from '../client.ts';
import type { Transaction } from '../database-handle.ts';
import { normaliseRecoveryAnswer, setRecoveryQuestion } from '../repositories/user-credentials.ts';
import { upsertIdentityFactor } from '../repositories/user-factors.ts';
import { createIdentityUser, findIdentityUserByLogin } from '../repositories/users.ts';
import { hashPassword } from '../repositories/users-passwords.ts';
import { demoConsoleAccountsOf, grantDemoConsoleRole, seedDemoReaderTrackings } from './demo-accounts.ts';
import { DEMO_TENANT_DEFINITIONS, type DemoTenant } from './tenants.ts';

export {
  DEMO_CONSOLE_ACCOUNTS,
  type DemoConsoleAccount,
  demoConsoleAccountsOf,
  listDemoConsoleAccounts,
  PLATFORM_STORE_CODE,
  SEED_AUDIT_ACTOR,
} from './demo-accounts.ts';

/**
 * The documented demo sign-in accounts, created in every demo tenant: one plain user, one per
 * MFA factor, one who must enrol a factor, a `subscriber company` user (the portal signs them out, spec §3), one whose password has
 * expired, one locked out, one with a recovery question (asked after the e-mailed reset or unlock link) and a
 * reader whose tracker is not empty; plus the console accounts (demo-accounts.ts: a store administrator in
 * every store, the operator in the platform store). Idempotent: an existing login is left as it is. Printed
 * by `npm start`.
 */

/** Every demo account's password. */
export const DEMO_PASSWORD = 'Trackwell-Demo-2026';

/**
 * The TOTP demo user's shared secret (base32), so a person can add it to an authenticator app:
 * otpauth://totp/Trackwell:totp@<code>.example?secret=…&issuer=Trackwell
 */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The recovery demo user's question and answer (compared case-insensitively, trimmed, like Okta). */
export const DEMO_RECOVERY_QUESTION = 'What was the name of your first pet?';
export const DEMO_RECOVERY_ANSWER = 'Biscuit';

export interface DemoUser {
  /** Local part; the login is `<local>@<tenant code>.example`. */
  local: string;
  firstName: string;
  lastName: string;
  userType: string;
  what: string;
  factor?: 'email' | 'token:software:totp' | 'push';
  passwordExpired?: boolean;
  locked?: boolean;
  /** Has no factor yet and must enrol one at sign-in (MFA_ENROLL). */
  mfaRequired?: boolean;
  /** Has a recovery question: forgot password / unlock asks it after the e-mailed link (RECOVERY). */
  recoveryQuestion?: { question: string; answer: string };
  /** Tracks a few standards, a committee and an industry area from the start (demo-accounts.ts). */
  tracks?: boolean;
  /** Holds this console role from the start (granted as the seed, audited). */
  consoleRole?: ConsoleRole;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { local: 'user', firstName: 'Alex', lastName: 'Morgan', userType: 'individual', what: 'plain sign-in' },
  {
    local: 'mfa-email',
    firstName: 'Blair',
    lastName: 'Okafor',
    userType: 'individual',
    what: 'e-mail code (read it in the mail inbox)',
    factor: 'email',
  },
  {
    local: 'mfa-totp',
    firstName: 'Casey',
    lastName: 'Lindqvist',
    userType: 'individual',
    what: `authenticator app, secret ${DEMO_TOTP_SECRET}`,
    factor: 'token:software:totp',
  },
  {
    local: 'mfa-push',
    firstName: 'Dana',
    lastName: 'Haddad',
    userType: 'individual',
    what: 'push: approve with the link in the mail inbox',
    factor: 'push',
  },
  {
    local: 'mfa-enroll',
    firstName: 'Harper',
    lastName: 'Mensah',
    userType: 'individual',
    what: 'must set up e-mail codes or an authenticator at first sign-in',
    mfaRequired: true,
  },
  {
    local: 'company',
    firstName: 'Emery',
    lastName: 'Tanaka',
    userType: 'subscriber company',
    what: "'subscriber company' user (signed out by the portal)",
  },
  {
    local: 'expired',
    firstName: 'Finley',
    lastName: 'Novak',
    userType: 'individual',
    what: 'password expired: must change it at sign-in',
    passwordExpired: true,
  },
  {
    local: 'locked',
    firstName: 'Gray',
    lastName: 'Castillo',
    userType: 'individual',
    what: 'locked out: unlock by e-mail',
    locked: true,
  },
  {
    local: 'recovery',
    firstName: 'Jordan',
    lastName: 'Adeyemi',
    userType: 'individual',
    what: `recovery question at password reset: "${DEMO_RECOVERY_QUESTION}" answer ${DEMO_RECOVERY_ANSWER}`,
    recoveryQuestion: { question: DEMO_RECOVERY_QUESTION, answer: DEMO_RECOVERY_ANSWER },
  },
  {
    local: 'reader',
    firstName: 'Robin',
    lastName: 'Achebe',
    userType: 'individual',
    what: 'tracks a few standards, a committee and an industry area: `npm run demo:changes` e-mails them',
    tracks: true,
  },
];

export const demoLogin = (local: string, tenantCode: string) => `${local}@${tenantCode}.example`;

/** A stable id per (tenant, login), so the demo users keep their ids across a reset. */
function demoUserId(tenantId: string, login: string): string {
  const h = createHash('sha256').update(`${tenantId}:demo-user:${login}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The stores that have the documented demo users, each with one of its hosts, by store code. */
export async function storesWithDemoUsers(db: SqlExecutor): Promise<Array<{ code: string; host: string }>> {
  const { rows } = await db.query<{ code: string; host: string }>(
    `SELECT t.code, min(h.host) AS host FROM tenants t JOIN tenant_hosts h ON h.tenant_id = t.id
      WHERE EXISTS (SELECT 1 FROM users u WHERE u.tenant_id = t.id AND u.login = $1 || '@' || t.code || '.example')
      GROUP BY t.code ORDER BY t.code`,
    [DEMO_USERS[0]?.local ?? 'user'],
  );
  return rows;
}

export interface SeedDemoUsersResult {
  created: number;
  present: number;
}

/** Every demo account of a store: the documented users, then its console accounts. */
function demoAccountsOf(storeCode: string): DemoUser[] {
  const consoleAccounts = demoConsoleAccountsOf(storeCode).map(
    (a): DemoUser => ({ ...a, userType: 'individual', consoleRole: a.role }),
  );
  return [...DEMO_USERS, ...consoleAccounts];
}

/** Creates the demo users in every demo tenant that exists in the database (call after the tenant seed). */
export async function seedDemoUsers(handle: DatabaseHandle): Promise<SeedDemoUsersResult> {
  const result: SeedDemoUsersResult = { created: 0, present: 0 };
  const hashes: DemoHashes = new Map();
  for (const demo of DEMO_TENANT_DEFINITIONS) {
    const { rows } = await handle.query<{ id: string }>('SELECT id FROM tenants WHERE code = $1', [
      demo.definition.code,
    ]);
    const tenantId = rows[0]?.id;
    if (!tenantId) continue;
    const missing: DemoUser[] = [];
    for (const u of demoAccountsOf(demo.definition.code)) {
      if (await findIdentityUserByLogin(handle, tenantId, demoLogin(u.local, demo.definition.code)))
        result.present++;
      else missing.push(u);
    }
    if (missing.length === 0) continue;
    // The hashes first (no transaction waits on scrypt), then a store's accounts in one transaction.
    const secrets = await Promise.all(missing.map((u) => demoSecrets(u, hashes)));
    await handle.transaction(async (tx) => {
      for (const [i, u] of missing.entries())
        await createDemoUser(tx, { id: tenantId, demo }, u, secrets[i]!);
    });
    result.created += missing.length;
  }
  return result;
}

/**
 * The demo accounts' secrets are published (README, the sign-in page's demo hint): one scrypt hash of each
 * secret per seed run, shared by every account that has it. A salt per account protects a secret nobody knows;
 * here it would only cost a first start 56 hashes (about 4.5 CPU-seconds) for the same public password. A demo
 * user who changes their password gets a hash and salt of their own, as everyone does.
 */
type DemoHashes = Map<string, Promise<string>>;

function demoSecrets(
  u: DemoUser,
  hashes: DemoHashes,
): Promise<{ hash: string; answerHash: string | undefined }> {
  const once = (secret: string) => {
    let hash = hashes.get(secret);
    if (!hash) {
      hash = hashPassword(secret);
      hashes.set(secret, hash);
    }
    return hash;
  };
  const answer = u.recoveryQuestion ? normaliseRecoveryAnswer(u.recoveryQuestion.answer) : undefined;
  return Promise.all([once(DEMO_PASSWORD), answer === undefined ? undefined : once(answer)]).then(
    ([hash, answerHash]) => ({ hash, answerHash }),
  );
}

/** One demo account with its factor, recovery question, console role and trackings, in the store's transaction. */
async function createDemoUser(
  tx: Transaction,
  store: { id: string; demo: DemoTenant },
  u: DemoUser,
  { hash, answerHash }: { hash: string; answerHash: string | undefined },
): Promise<void> {
  const tenantId = store.id;
  const login = demoLogin(u.local, store.demo.definition.code);
  const user = await createIdentityUser(tx, tenantId, {
    id: demoUserId(tenantId, login),
    login,
    firstName: u.firstName,
    lastName: u.lastName,
    userType: u.userType,
    // No stored language: pages and e-mails follow the store's default until they choose.
    locale: null,
    passwordHash: hash,
    passwordExpiresAt: u.passwordExpired ? new Date(Date.now() - 86_400_000) : null,
    status: u.locked ? 'LOCKED_OUT' : 'ACTIVE',
    mfaRequired: u.mfaRequired ?? false,
  });
  if (u.factor) {
    await upsertIdentityFactor(tx, tenantId, user.id, {
      factorType: u.factor,
      provider: FACTOR_VENDOR[u.factor],
      status: 'ACTIVE',
      secret: u.factor === 'token:software:totp' ? DEMO_TOTP_SECRET : null,
    });
  }
  if (u.recoveryQuestion && answerHash) {
    await setRecoveryQuestion(tx, tenantId, user.id, {
      question: u.recoveryQuestion.question,
      answerHash,
    });
  }
  const { code, config } = store.demo.definition;
  if (u.consoleRole) await grantDemoConsoleRole(tx, { id: tenantId, code }, user, u.consoleRole);
  if (u.tracks) {
    const sources = {
      committee: config.trackerSetting.committee.enabled,
      industryArea: config.trackerSetting.industry_area.enabled,
    };
    await seedDemoReaderTrackings(tx, { id: tenantId, sources }, user.id);
  }
}
