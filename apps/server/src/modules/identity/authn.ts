import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  LANGUAGE_QUERY_PARAM,
  type Language,
  languageOfCode,
  PASSWORD_COMPLEXITY,
  PASSWORD_MAX_LENGTH,
  personLanguage,
  RESET_PASSWORD_PATH,
  UNLOCK_ACCOUNT_PATH,
} from '@trackwell/contracts';
import {
  activateIdentityFactor,
  consumeIdentityToken,
  consumeUserTokens,
  createIdentityToken,
  type DatabaseHandle,
  dummyPasswordHash,
  endUserSessionsAndGrants,
  findIdentityFactor,
  findIdentityToken,
  findIdentityTokenByHash,
  findIdentityUserById,
  findIdentityUserByLogin,
  findRecoveryQuestion,
  hashPassword,
  hitRateLimit,
  type IdentityFactor,
  type IdentityUser,
  identityTokenHash,
  listIdentityFactors,
  needsRehash,
  normaliseRecoveryAnswer,
  recordFailedPassword,
  resetFailedPasswords,
  setPasswordHash,
  sha256,
  type Tenant,
  unlockIdentityUser,
  updateIdentityTokenData,
  upsertIdentityFactor,
  verifyPassword,
} from '@trackwell/db';
import { renderSignInMail, type SignInMail } from '@trackwell/email';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { RevocationList } from '../auth/revocation-list.ts';
import type { Mailer } from '../mail/mailer.ts';
import { oktaErrors } from './okta-errors.ts';

/**
 * The classic Okta Authentication API (/api/v1/authn*) as a state machine, framework-free. A transaction
 * lives in `identity_tokens` (kind "state", 10 minutes); its stateToken is only ever stored hashed. Each
 * answer is Okta's transaction JSON, whose `_links` okta-auth-js turns into functions (okta-compat.md §3.3).
 *
 * Primary auth → PASSWORD_EXPIRED → MFA_REQUIRED ⇄ MFA_CHALLENGE → PASSWORD_WARN → SUCCESS (one-time,
 * 2-minute sessionToken). Recovery: RECOVERY_CHALLENGE (e-mail link) → recovery token → [RECOVERY: the user's
 * recovery question, when they have one → answer] → PASSWORD_RESET | UNLOCKED. Wrong passwords and wrong
 * recovery answers count towards a lockout (LOCKED_OUT; unlock by e-mail).
 */

export interface AuthnContext {
  db: DatabaseHandle;
  tenant: Tenant;
  origin: string;
  mailer: Mailer;
  ip: string;
  lockoutThreshold: number;
  rateLimitPerIp: number;
  rateLimitPerUser: number;
  /** The remember-device cookie's value, when the browser sent one. */
  deviceToken: string | undefined;
  /** A new password revokes every access token issued before it (issue 11 §4). */
  revocations: Pick<RevocationList, 'revokeUserTokens'>;
  /**
   * The language the asking page shows (its `Accept-Language`, which the portal sets to the page's language),
   * when the store offers it: sign-in e-mails are written in it (issue 12 §8).
   */
  requestedLanguage: Language | undefined;
}

type Status =
  | 'MFA_REQUIRED'
  | 'MFA_CHALLENGE'
  | 'MFA_ENROLL'
  | 'MFA_ENROLL_ACTIVATE'
  | 'PASSWORD_EXPIRED'
  | 'PASSWORD_WARN'
  | 'PASSWORD_RESET'
  | 'RECOVERY';

interface TxData {
  status: Status;
  factorId?: string;
  /** SHA-256 of the e-mailed one-time code. */
  otpHash?: string;
  otpAttempts?: number;
  /** Hash of the push approval token. */
  pushHash?: string;
  factorResult?: 'WAITING' | 'REJECTED' | 'TIMEOUT';
  relayState?: string;
  recoveryType?: 'PASSWORD' | 'UNLOCK';
  /** Wrong recovery answers in this transaction (RECOVERY). */
  answerAttempts?: number;
}

export const STATE_TTL_SECONDS = 10 * 60;
export const SESSION_TOKEN_TTL_SECONDS = 120;
const OTP_TTL_SECONDS = 5 * 60;
const RECOVERY_TTL_SECONDS = 60 * 60;
const DEVICE_TTL_SECONDS = 30 * 24 * 60 * 60;
const MAX_OTP_ATTEMPTS = 5;

type Json = Record<string, unknown>;

const post = (href: string, name?: string) => ({
  ...(name ? { name } : {}),
  href,
  hints: { allow: ['POST'] },
});

export type AuthnResult = { body: Json; status?: number; deviceToken?: string };

// ---- sign-in e-mails (issue 12 §8: in the person's language) ------------------------------------------

/** The push factor's e-mailed link (GET shows the question, the form POST decides; authn-routes.ts). */
export const PUSH_PATH = '/api/v1/authn/push/';

/** The language of the asking page, else the user's stored preference, else the store's default. */
export const signInLanguage = (ctx: AuthnContext, user: IdentityUser): Language =>
  personLanguage({ requested: ctx.requestedLanguage, stored: user.locale, store: ctx.tenant.config.ui });

const withLanguage = (link: string, language: Language) => {
  const url = new URL(link);
  url.searchParams.set(LANGUAGE_QUERY_PARAM, language);
  return url.href;
};

async function sendSignInMail(ctx: AuthnContext, user: IdentityUser, mail: SignInMail) {
  const rendered = renderSignInMail(signInLanguage(ctx, user), mail, {
    tenantName: ctx.tenant.config.tenantName,
    firstName: user.firstName,
  });
  await ctx.mailer.send({ to: user.login, ...rendered });
}

// ---- presentation -----------------------------------------------------------------------------------

function presentUser(user: IdentityUser) {
  return {
    id: user.id,
    passwordChanged: user.passwordChangedAt?.toISOString() ?? null,
    profile: {
      login: user.login,
      firstName: user.firstName,
      lastName: user.lastName,
      locale: languageOfCode(user.locale) ?? 'en',
      timeZone: 'UTC',
    },
  };
}

const FACTOR_VENDOR: Record<string, string> = {
  email: 'OKTA',
  'token:software:totp': 'GOOGLE',
  push: 'OKTA',
};

function presentFactor(ctx: AuthnContext, f: IdentityFactor, user: IdentityUser, withVerify = true) {
  const profile =
    f.factorType === 'email'
      ? { email: maskEmail(user.login) }
      : f.factorType === 'push'
        ? { name: 'E-mail approval', platform: 'EMAIL', credentialId: user.login }
        : { credentialId: user.login };
  return {
    id: f.id,
    factorType: f.factorType,
    provider: f.provider,
    vendorName: FACTOR_VENDOR[f.factorType] ?? 'OKTA',
    profile,
    ...(withVerify ? { _links: { verify: post(`${ctx.origin}/api/v1/authn/factors/${f.id}/verify`) } } : {}),
  };
}

function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}...${local.length > 1 ? local.slice(-1) : ''}@${domain}`;
}

async function present(
  ctx: AuthnContext,
  stateToken: string,
  expiresAt: Date,
  tx: TxData,
  user: IdentityUser,
) {
  const base = ctx.origin;
  const common = {
    stateToken,
    expiresAt: expiresAt.toISOString(),
    status: tx.status,
    relayState: tx.relayState ?? null,
  };
  const cancel = post(`${base}/api/v1/authn/cancel`);
  const factors = await listIdentityFactors(ctx.db, ctx.tenant.id, user.id);
  switch (tx.status) {
    case 'PASSWORD_EXPIRED':
    case 'PASSWORD_WARN':
      return {
        ...common,
        _embedded: {
          user: presentUser(user),
          policy: { complexity: PASSWORD_COMPLEXITY, expiration: { passwordExpireDays: 0 } },
        },
        _links: {
          next: post(`${base}/api/v1/authn/credentials/change_password`, 'changePassword'),
          ...(tx.status === 'PASSWORD_WARN' ? { skip: post(`${base}/api/v1/authn/skip`, 'skip') } : {}),
          cancel,
        },
      };
    case 'MFA_REQUIRED':
      return {
        ...common,
        _embedded: {
          user: presentUser(user),
          factors: factors.filter((f) => f.status === 'ACTIVE').map((f) => presentFactor(ctx, f, user)),
        },
        _links: { cancel },
      };
    case 'MFA_CHALLENGE': {
      const factor = factors.find((f) => f.id === tx.factorId);
      if (!factor) throw oktaErrors.invalidToken();
      const verifyHref = `${base}/api/v1/authn/factors/${factor.id}/verify`;
      const isPush = factor.factorType === 'push';
      return {
        ...common,
        ...(isPush ? { factorResult: tx.factorResult ?? 'WAITING' } : {}),
        _embedded: { user: presentUser(user), factor: presentFactor(ctx, factor, user, false) },
        _links: {
          next: post(verifyHref, isPush ? 'poll' : 'verify'),
          prev: post(`${base}/api/v1/authn/previous`),
          cancel,
          ...(factor.factorType === 'token:software:totp'
            ? {}
            : { resend: [post(`${verifyHref}/resend`, factor.factorType === 'push' ? 'push' : 'email')] }),
        },
      };
    }
    case 'MFA_ENROLL':
      return {
        ...common,
        _embedded: {
          user: presentUser(user),
          factors: ENROLLABLE.map((f) => ({
            factorType: f.factorType,
            provider: f.provider,
            vendorName: FACTOR_VENDOR[f.factorType],
            enrollment: 'REQUIRED',
            status: 'NOT_SETUP',
            _links: { enroll: post(`${base}/api/v1/authn/factors`) },
          })),
        },
        _links: { cancel },
      };
    case 'MFA_ENROLL_ACTIVATE': {
      const factor = tx.factorId
        ? await findIdentityFactor(ctx.db, ctx.tenant.id, user.id, tx.factorId)
        : undefined;
      if (!factor) throw oktaErrors.invalidToken();
      const activateHref = `${base}/api/v1/authn/factors/${factor.id}/lifecycle/activate`;
      const activation =
        factor.factorType === 'token:software:totp' && factor.secret
          ? await totpActivation(factor.secret, user.login, ctx.tenant.config.tenantName)
          : undefined;
      return {
        ...common,
        factorResult: 'WAITING',
        _embedded: {
          user: presentUser(user),
          factor: {
            ...presentFactor(ctx, factor, user, false),
            status: 'PENDING_ACTIVATION',
            ...(activation ? { _embedded: { activation } } : {}),
          },
        },
        _links: {
          next: post(activateHref, 'activate'),
          prev: post(`${base}/api/v1/authn/previous`),
          cancel,
          ...(factor.factorType === 'email' ? { resend: [post(`${activateHref}/resend`, 'email')] } : {}),
        },
      };
    }
    case 'PASSWORD_RESET':
      return {
        ...common,
        recoveryType: tx.recoveryType ?? 'PASSWORD',
        _embedded: { user: presentUser(user), policy: { complexity: PASSWORD_COMPLEXITY } },
        _links: { next: post(`${base}/api/v1/authn/credentials/reset_password`, 'resetPassword'), cancel },
      };
    case 'RECOVERY': {
      const rq = await findRecoveryQuestion(ctx.db, ctx.tenant.id, user.id);
      if (!rq) throw oktaErrors.invalidToken();
      return {
        ...common,
        recoveryType: tx.recoveryType ?? 'PASSWORD',
        _embedded: { user: { ...presentUser(user), recovery_question: { question: rq.question } } },
        _links: { next: post(`${base}/api/v1/authn/recovery/answer`, 'answer'), cancel },
      };
    }
    default:
      throw oktaErrors.invalidToken();
  }
}

// ---- password policy --------------------------------------------------------------------------------

/**
 * Enforces the password policy (PASSWORD_COMPLEXITY in @trackwell/contracts, which the answers above send):
 * a reason when the password is refused.
 */
export function passwordProblem(password: unknown, login: string): string | undefined {
  if (typeof password !== 'string' || password.length < PASSWORD_COMPLEXITY.minLength)
    return `Password requirements: at least ${PASSWORD_COMPLEXITY.minLength} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `Password requirements: at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (!/[0-9]/.test(password)) return 'Password requirements: at least 1 number.';
  const local = login.split('@')[0] ?? '';
  if (local.length >= 3 && password.toLowerCase().includes(local.toLowerCase()))
    return 'Password requirements: no parts of your username.';
  return undefined;
}

// ---- helpers -----------------------------------------------------------------------------------------

async function rateLimit(ctx: AuthnContext, bucket: string, limit: number) {
  const hits = await hitRateLimit(ctx.db, ctx.tenant.id, bucket, 60);
  if (hits > limit) throw oktaErrors.rateLimited();
}

async function newTransaction(ctx: AuthnContext, user: IdentityUser, data: TxData): Promise<AuthnResult> {
  const { token, expiresAt } = await createIdentityToken(ctx.db, ctx.tenant.id, {
    kind: 'state',
    userId: user.id,
    data,
    ttlSeconds: STATE_TTL_SECONDS,
  });
  return { body: await present(ctx, token, expiresAt, data, user) };
}

async function loadTransaction(ctx: AuthnContext, stateToken: unknown) {
  if (typeof stateToken !== 'string') throw oktaErrors.invalidToken();
  const tx = await findIdentityToken<TxData>(ctx.db, ctx.tenant.id, 'state', stateToken);
  if (!tx?.userId) throw oktaErrors.invalidToken();
  const user = await findIdentityUserById(ctx.db, ctx.tenant.id, tx.userId);
  if (!user) throw oktaErrors.invalidToken();
  return { token: stateToken, data: tx.data, expiresAt: tx.expiresAt, user };
}

async function saveAndPresent(
  ctx: AuthnContext,
  token: string,
  expiresAt: Date,
  data: TxData,
  user: IdentityUser,
) {
  await updateIdentityTokenData(ctx.db, ctx.tenant.id, 'state', token, data);
  return { body: await present(ctx, token, expiresAt, data, user) };
}

/** SUCCESS: a one-time sessionToken (exchanged at /v1/authorize or /login/sessionCookieRedirect). */
async function success(
  ctx: AuthnContext,
  user: IdentityUser,
  amr: string[],
  relayState?: string,
): Promise<AuthnResult> {
  const { token, expiresAt } = await createIdentityToken(ctx.db, ctx.tenant.id, {
    kind: 'session',
    userId: user.id,
    data: { amr },
    ttlSeconds: SESSION_TOKEN_TTL_SECONDS,
  });
  return {
    body: {
      expiresAt: expiresAt.toISOString(),
      status: 'SUCCESS',
      relayState: relayState ?? null,
      sessionToken: token,
      _embedded: { user: presentUser(user) },
      _links: { cancel: post(`${ctx.origin}/api/v1/authn/cancel`) },
    },
  };
}

const passwordExpired = (u: IdentityUser) =>
  !!u.passwordExpiresAt && u.passwordExpiresAt.getTime() <= Date.now();
const passwordWarn = (u: IdentityUser) => !!u.passwordWarnAt && u.passwordWarnAt.getTime() <= Date.now();

/** After the password step: MFA if the user has factors (and this device is not remembered), then warn, then SUCCESS. */
async function afterPassword(
  ctx: AuthnContext,
  user: IdentityUser,
  relayState?: string,
): Promise<AuthnResult> {
  if (passwordExpired(user)) return newTransaction(ctx, user, { status: 'PASSWORD_EXPIRED', relayState });
  const factors = (await listIdentityFactors(ctx.db, ctx.tenant.id, user.id)).filter(
    (f) => f.status === 'ACTIVE',
  );
  if (factors.length > 0 && !(await deviceRemembered(ctx, user))) {
    return newTransaction(ctx, user, { status: 'MFA_REQUIRED', relayState });
  }
  if (factors.length === 0 && user.mfaRequired)
    return newTransaction(ctx, user, { status: 'MFA_ENROLL', relayState });
  return afterMfa(ctx, user, factors.length > 0 ? ['pwd', 'mfa'] : ['pwd'], relayState);
}

async function afterMfa(ctx: AuthnContext, user: IdentityUser, amr: string[], relayState?: string) {
  if (passwordWarn(user)) return newTransaction(ctx, user, { status: 'PASSWORD_WARN', relayState });
  return success(ctx, user, amr, relayState);
}

async function deviceRemembered(ctx: AuthnContext, user: IdentityUser) {
  if (!ctx.deviceToken) return false;
  const t = await findIdentityToken(ctx.db, ctx.tenant.id, 'device', ctx.deviceToken);
  return t?.userId === user.id;
}

async function rememberDevice(ctx: AuthnContext, user: IdentityUser) {
  const { token } = await createIdentityToken(ctx.db, ctx.tenant.id, {
    kind: 'device',
    userId: user.id,
    ttlSeconds: DEVICE_TTL_SECONDS,
  });
  return token;
}

const safeEqual = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const sixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

function totpFor(secret: string, label: string, issuer: string) {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
}

// ---- the API ----------------------------------------------------------------------------------------

export interface PrimaryAuthInput {
  username?: unknown;
  password?: unknown;
  stateToken?: unknown;
  relayState?: unknown;
}

/** POST /api/v1/authn: primary authentication, or (with a stateToken) the transaction's current state. */
export async function authenticate(ctx: AuthnContext, input: PrimaryAuthInput): Promise<AuthnResult> {
  if (input.stateToken !== undefined) return currentState(ctx, input.stateToken);
  if (typeof input.username !== 'string' || typeof input.password !== 'string' || !input.username)
    throw oktaErrors.authenticationFailed();
  const relayState = typeof input.relayState === 'string' ? input.relayState.slice(0, 2048) : undefined;
  await rateLimit(ctx, `ip:${ctx.ip}`, ctx.rateLimitPerIp);
  await rateLimit(ctx, `login:${sha256(input.username.trim().toLowerCase())}`, ctx.rateLimitPerUser);
  const user = await findIdentityUserByLogin(ctx.db, ctx.tenant.id, input.username);
  if (!user?.passwordHash || user.status === 'SUSPENDED') {
    await verifyPassword(input.password, await dummyPasswordHash()); // same time as a real check
    throw oktaErrors.authenticationFailed();
  }
  if (user.status === 'LOCKED_OUT') return lockedOut(ctx);
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    const { locked } = await recordFailedPassword(ctx.db, ctx.tenant.id, user.id, ctx.lockoutThreshold);
    if (locked) return lockedOut(ctx);
    throw oktaErrors.authenticationFailed();
  }
  await resetFailedPasswords(ctx.db, ctx.tenant.id, user.id);
  if (needsRehash(user.passwordHash)) {
    await setPasswordHashKeepingPolicy(ctx, user, await hashPassword(input.password));
  }
  return afterPassword(ctx, user, relayState);
}

async function setPasswordHashKeepingPolicy(ctx: AuthnContext, user: IdentityUser, hash: string) {
  // A re-hash must not clear an expiry: only write the hash.
  await ctx.db.query(
    'UPDATE identity_accounts SET password_hash = $3 WHERE tenant_id = $1 AND user_id = $2',
    [ctx.tenant.id, user.id, hash],
  );
}

function lockedOut(ctx: AuthnContext): AuthnResult {
  return {
    body: {
      status: 'LOCKED_OUT',
      _embedded: {},
      _links: {
        next: post(`${ctx.origin}/api/v1/authn/recovery/unlock`, 'unlock'),
        cancel: post(`${ctx.origin}/api/v1/authn/cancel`),
      },
    },
  };
}

export async function currentState(ctx: AuthnContext, stateToken: unknown): Promise<AuthnResult> {
  const tx = await loadTransaction(ctx, stateToken);
  return { body: await present(ctx, tx.token, tx.expiresAt, tx.data, tx.user) };
}

export async function cancel(ctx: AuthnContext, stateToken: unknown): Promise<AuthnResult> {
  const tx = await loadTransaction(ctx, stateToken);
  await consumeIdentityToken(ctx.db, ctx.tenant.id, 'state', tx.token);
  return { body: { relayState: tx.data.relayState ?? null } };
}

export async function previous(ctx: AuthnContext, stateToken: unknown): Promise<AuthnResult> {
  const tx = await loadTransaction(ctx, stateToken);
  if (tx.data.status === 'MFA_ENROLL_ACTIVATE') {
    const back: TxData = { status: 'MFA_ENROLL', relayState: tx.data.relayState };
    return saveAndPresent(ctx, tx.token, tx.expiresAt, back, tx.user);
  }
  if (tx.data.status !== 'MFA_CHALLENGE')
    return { body: await present(ctx, tx.token, tx.expiresAt, tx.data, tx.user) };
  return saveAndPresent(
    ctx,
    tx.token,
    tx.expiresAt,
    { status: 'MFA_REQUIRED', relayState: tx.data.relayState },
    tx.user,
  );
}

export async function skip(ctx: AuthnContext, stateToken: unknown): Promise<AuthnResult> {
  const tx = await loadTransaction(ctx, stateToken);
  if (tx.data.status !== 'PASSWORD_WARN') throw oktaErrors.invalidToken();
  await consumeIdentityToken(ctx.db, ctx.tenant.id, 'state', tx.token);
  return success(ctx, tx.user, ['pwd'], tx.data.relayState);
}

/** PASSWORD_EXPIRED / PASSWORD_WARN → changePassword. */
export async function changePassword(
  ctx: AuthnContext,
  input: { stateToken?: unknown; oldPassword?: unknown; newPassword?: unknown },
): Promise<AuthnResult> {
  const tx = await loadTransaction(ctx, input.stateToken);
  if (tx.data.status !== 'PASSWORD_EXPIRED' && tx.data.status !== 'PASSWORD_WARN')
    throw oktaErrors.invalidToken();
  if (
    typeof input.oldPassword !== 'string' ||
    !(await verifyPassword(input.oldPassword, tx.user.passwordHash))
  )
    throw oktaErrors.oldPasswordWrong();
  const problem = passwordProblem(input.newPassword, tx.user.login);
  if (problem) throw oktaErrors.passwordRequirements(problem);
  if (input.newPassword === input.oldPassword)
    throw oktaErrors.passwordRequirements('Password cannot be your current password.');
  await setPasswordHash(ctx.db, ctx.tenant.id, tx.user.id, await hashPassword(input.newPassword as string));
  await ctx.revocations.revokeUserTokens(ctx.tenant.id, tx.user.id, 'password-change');
  await consumeIdentityToken(ctx.db, ctx.tenant.id, 'state', tx.token);
  const user = (await findIdentityUserById(ctx.db, ctx.tenant.id, tx.user.id)) as IdentityUser;
  if (tx.data.status === 'PASSWORD_WARN') return success(ctx, user, ['pwd'], tx.data.relayState);
  return afterPassword(ctx, user, tx.data.relayState);
}

/** POST /api/v1/authn/factors/:id/verify — challenge, verify a code, or poll a push. */
export async function verifyFactor(
  ctx: AuthnContext,
  factorId: string,
  input: { stateToken?: unknown; passCode?: unknown },
  options: { rememberDevice: boolean },
): Promise<AuthnResult> {
  const tx = await loadTransaction(ctx, input.stateToken);
  if (tx.data.status !== 'MFA_REQUIRED' && tx.data.status !== 'MFA_CHALLENGE')
    throw oktaErrors.invalidToken();
  await rateLimit(ctx, `verify:${tx.user.id}`, ctx.rateLimitPerUser);
  const factor = (await listIdentityFactors(ctx.db, ctx.tenant.id, tx.user.id)).find(
    (f) => f.id === factorId && f.status === 'ACTIVE',
  );
  if (!factor) throw oktaErrors.notFound(`${factorId} (UserFactor)`);
  const switching = tx.data.factorId !== factor.id || tx.data.status !== 'MFA_CHALLENGE';
  const passCode = typeof input.passCode === 'string' ? input.passCode.trim() : undefined;

  const done = async () => {
    await consumeIdentityToken(ctx.db, ctx.tenant.id, 'state', tx.token);
    const result = await afterMfa(ctx, tx.user, ['pwd', 'mfa'], tx.data.relayState);
    if (options.rememberDevice) result.deviceToken = await rememberDevice(ctx, tx.user);
    return result;
  };

  if (factor.factorType === 'token:software:totp') {
    if (!passCode) {
      return saveAndPresent(
        ctx,
        tx.token,
        tx.expiresAt,
        { ...tx.data, status: 'MFA_CHALLENGE', factorId: factor.id },
        tx.user,
      );
    }
    const totp = totpFor(factor.secret ?? '', tx.user.login, ctx.tenant.config.tenantName);
    if (!/^\d{6}$/.test(passCode) || totp.validate({ token: passCode, window: 1 }) === null)
      throw oktaErrors.invalidPasscode();
    return done();
  }

  if (factor.factorType === 'email') {
    if (passCode && !switching && tx.data.otpHash) {
      const attempts = (tx.data.otpAttempts ?? 0) + 1;
      if (attempts > MAX_OTP_ATTEMPTS) throw oktaErrors.invalidPasscode();
      if (!safeEqual(sha256(`otp:${passCode}`), tx.data.otpHash)) {
        await updateIdentityTokenData(ctx.db, ctx.tenant.id, 'state', tx.token, {
          ...tx.data,
          otpAttempts: attempts,
        });
        throw oktaErrors.invalidPasscode();
      }
      return done();
    }
    if (passCode) throw oktaErrors.invalidPasscode();
    return sendEmailCode(ctx, tx, factor);
  }

  // push: the first call sends the approval e-mail; later calls (the SDK's poll) read the decision.
  if (switching || !tx.data.pushHash) return sendPush(ctx, tx, factor);
  const push = await findIdentityTokenByHash<{ decision?: 'approved' | 'rejected' }>(
    ctx.db,
    ctx.tenant.id,
    tx.data.pushHash,
  );
  const decision = push?.data.decision;
  if (decision === 'approved') return done();
  const factorResult =
    decision === 'rejected'
      ? 'REJECTED'
      : !push || push.expiresAt.getTime() < Date.now()
        ? 'TIMEOUT'
        : 'WAITING';
  if (factorResult !== 'WAITING') {
    return saveAndPresent(ctx, tx.token, tx.expiresAt, { ...tx.data, factorResult }, tx.user);
  }
  return { body: await present(ctx, tx.token, tx.expiresAt, { ...tx.data, factorResult }, tx.user) };
}

/** POST …/verify/resend: a new code or push. */
export async function resendFactor(
  ctx: AuthnContext,
  factorId: string,
  stateToken: unknown,
): Promise<AuthnResult> {
  const tx = await loadTransaction(ctx, stateToken);
  if (tx.data.status !== 'MFA_CHALLENGE' || tx.data.factorId !== factorId) throw oktaErrors.invalidToken();
  await rateLimit(ctx, `resend:${tx.user.id}`, Math.max(3, Math.floor(ctx.rateLimitPerUser / 4)));
  const factor = (await listIdentityFactors(ctx.db, ctx.tenant.id, tx.user.id)).find(
    (f) => f.id === factorId,
  );
  if (!factor) throw oktaErrors.notFound(`${factorId} (UserFactor)`);
  if (factor.factorType === 'email') return sendEmailCode(ctx, tx, factor);
  if (factor.factorType === 'push') return sendPush(ctx, tx, factor);
  throw oktaErrors.invalidToken();
}

type LoadedTx = Awaited<ReturnType<typeof loadTransaction>>;

async function sendEmailCode(ctx: AuthnContext, tx: LoadedTx, factor: IdentityFactor, base?: TxData) {
  const code = sixDigits();
  const data: TxData = {
    ...(base ?? { ...tx.data, status: 'MFA_CHALLENGE' }),
    factorId: factor.id,
    otpHash: sha256(`otp:${code}`),
    otpAttempts: 0,
  };
  delete data.pushHash;
  await updateIdentityTokenData(ctx.db, ctx.tenant.id, 'state', tx.token, data);
  await sendSignInMail(ctx, tx.user, { kind: 'code', code, minutes: OTP_TTL_SECONDS / 60 });
  return { body: await present(ctx, tx.token, tx.expiresAt, data, tx.user) };
}

async function sendPush(ctx: AuthnContext, tx: LoadedTx, factor: IdentityFactor) {
  const language = signInLanguage(ctx, tx.user);
  const { token } = await createIdentityToken(ctx.db, ctx.tenant.id, {
    kind: 'push',
    userId: tx.user.id,
    data: { ip: ctx.ip, at: new Date().toISOString(), language },
    ttlSeconds: OTP_TTL_SECONDS,
  });
  const data: TxData = {
    ...tx.data,
    status: 'MFA_CHALLENGE',
    factorId: factor.id,
    pushHash: identityTokenHash('push', token),
    factorResult: 'WAITING',
  };
  delete data.otpHash;
  await updateIdentityTokenData(ctx.db, ctx.tenant.id, 'state', tx.token, data);
  const link = withLanguage(`${ctx.origin}${PUSH_PATH}${token}`, language);
  await sendSignInMail(ctx, tx.user, { kind: 'push', ip: ctx.ip, link, minutes: OTP_TTL_SECONDS / 60 });
  return { body: await present(ctx, tx.token, tx.expiresAt, data, tx.user) };
}

/** The e-mailed push link: approve or deny (a form POST, so link scanners that only GET decide nothing). */
export async function decidePush(ctx: AuthnContext, pushToken: string, decision: 'approved' | 'rejected') {
  const push = await findIdentityToken(ctx.db, ctx.tenant.id, 'push', pushToken);
  if (!push) return false;
  await updateIdentityTokenData(ctx.db, ctx.tenant.id, 'push', pushToken, { ...push.data, decision });
  await consumeIdentityToken(ctx.db, ctx.tenant.id, 'push', pushToken);
  return true;
}

/** The pending push request's language (the one its e-mail was written in), or undefined when none is pending. */
export async function pushPending(ctx: AuthnContext, pushToken: string) {
  const push = await findIdentityToken<{ language?: string }>(ctx.db, ctx.tenant.id, 'push', pushToken);
  return push ? { language: push.data.language } : undefined;
}

// ---- enrolment (MFA_ENROLL → MFA_ENROLL_ACTIVATE → SUCCESS) ------------------------------------------

/** The factors a user may enrol at sign-in: e-mail codes and an authenticator app. */
const ENROLLABLE = [
  { factorType: 'email' as const, provider: 'OKTA' },
  { factorType: 'token:software:totp' as const, provider: 'GOOGLE' },
];

/** Okta's TOTP activation object: the shared secret and a QR code of the otpauth:// URI (as a data: URL). */
async function totpActivation(secret: string, login: string, issuer: string) {
  const uri = totpFor(secret, login, issuer).toString();
  return {
    timeStep: 30,
    sharedSecret: secret,
    encoding: 'base32',
    keyLength: 6,
    otpauthUri: uri,
    _links: { qrcode: { href: await QRCode.toDataURL(uri), type: 'image/png' } },
  };
}

/** POST /api/v1/authn/factors: enrol a factor (pending until activated with a code). */
export async function enrollFactor(
  ctx: AuthnContext,
  input: { stateToken?: unknown; factorType?: unknown; provider?: unknown },
): Promise<AuthnResult> {
  const tx = await loadTransaction(ctx, input.stateToken);
  if (tx.data.status !== 'MFA_ENROLL' && tx.data.status !== 'MFA_ENROLL_ACTIVATE')
    throw oktaErrors.invalidToken();
  const choice = ENROLLABLE.find((f) => f.factorType === input.factorType);
  if (!choice) throw oktaErrors.validation('factorType: not an enrollable factor');
  const factor = await upsertIdentityFactor(ctx.db, ctx.tenant.id, tx.user.id, {
    factorType: choice.factorType,
    provider: choice.provider,
    status: 'PENDING_ACTIVATION',
    secret: choice.factorType === 'token:software:totp' ? new Secret({ size: 20 }).base32 : null,
  });
  if (factor.status === 'ACTIVE') throw oktaErrors.validation('factorType: already enrolled');
  const data: TxData = { status: 'MFA_ENROLL_ACTIVATE', factorId: factor.id, relayState: tx.data.relayState };
  if (choice.factorType === 'email') return sendEmailCode(ctx, tx, factor, data);
  return saveAndPresent(ctx, tx.token, tx.expiresAt, data, tx.user);
}

/** POST /api/v1/authn/factors/:id/lifecycle/activate {passCode}: the factor becomes ACTIVE; sign-in succeeds. */
export async function activateFactor(
  ctx: AuthnContext,
  factorId: string,
  input: { stateToken?: unknown; passCode?: unknown },
): Promise<AuthnResult> {
  const tx = await loadTransaction(ctx, input.stateToken);
  if (tx.data.status !== 'MFA_ENROLL_ACTIVATE' || tx.data.factorId !== factorId)
    throw oktaErrors.invalidToken();
  await rateLimit(ctx, `verify:${tx.user.id}`, ctx.rateLimitPerUser);
  const factor = await findIdentityFactor(ctx.db, ctx.tenant.id, tx.user.id, factorId);
  if (!factor) throw oktaErrors.invalidToken();
  const passCode = typeof input.passCode === 'string' ? input.passCode.trim() : '';
  const ok =
    factor.factorType === 'token:software:totp'
      ? /^\d{6}$/.test(passCode) &&
        totpFor(factor.secret ?? '', tx.user.login, ctx.tenant.config.tenantName).validate({
          token: passCode,
          window: 1,
        }) !== null
      : !!tx.data.otpHash && safeEqual(sha256(`otp:${passCode}`), tx.data.otpHash);
  if (!ok) throw oktaErrors.invalidPasscode();
  await activateIdentityFactor(ctx.db, ctx.tenant.id, tx.user.id, factor.id);
  await consumeIdentityToken(ctx.db, ctx.tenant.id, 'state', tx.token);
  return afterMfa(ctx, tx.user, ['pwd', 'mfa'], tx.data.relayState);
}

/** POST …/lifecycle/activate/resend: a new e-mail code during enrolment. */
export async function resendActivation(
  ctx: AuthnContext,
  factorId: string,
  stateToken: unknown,
): Promise<AuthnResult> {
  const tx = await loadTransaction(ctx, stateToken);
  if (tx.data.status !== 'MFA_ENROLL_ACTIVATE' || tx.data.factorId !== factorId)
    throw oktaErrors.invalidToken();
  await rateLimit(ctx, `resend:${tx.user.id}`, Math.max(3, Math.floor(ctx.rateLimitPerUser / 4)));
  const factor = await findIdentityFactor(ctx.db, ctx.tenant.id, tx.user.id, factorId);
  if (factor?.factorType !== 'email') throw oktaErrors.invalidToken();
  return sendEmailCode(ctx, tx, factor, { ...tx.data });
}

// ---- recovery ----------------------------------------------------------------------------------------

/**
 * Where the e-mailed recovery and unlock links land (the portal's sign-in page reads the token), in the
 * e-mail's language (`?lang=`, honoured by the portal when the store offers it).
 */
export const recoveryLink = (
  origin: string,
  type: 'PASSWORD' | 'UNLOCK',
  token: string,
  language: Language,
) =>
  withLanguage(
    `${origin}${type === 'PASSWORD' ? RESET_PASSWORD_PATH : UNLOCK_ACCOUNT_PATH}${token}`,
    language,
  );

/** POST /recovery/password and /recovery/unlock: always the same answer, whether the user exists or not. */
export async function startRecovery(
  ctx: AuthnContext,
  type: 'PASSWORD' | 'UNLOCK',
  input: { username?: unknown; factorType?: unknown; relayState?: unknown },
): Promise<AuthnResult> {
  if (typeof input.username !== 'string' || !input.username)
    throw oktaErrors.validation('username: The field cannot be left blank');
  const factorType = input.factorType ?? 'EMAIL';
  if (factorType !== 'EMAIL') throw oktaErrors.validation('factorType: only EMAIL recovery is enabled');
  await rateLimit(ctx, `ip:${ctx.ip}`, ctx.rateLimitPerIp);
  await rateLimit(
    ctx,
    `recovery:${sha256(input.username.trim().toLowerCase())}`,
    Math.max(3, Math.floor(ctx.rateLimitPerUser / 4)),
  );
  const user = await findIdentityUserByLogin(ctx.db, ctx.tenant.id, input.username);
  if (user && user.status !== 'SUSPENDED' && (type === 'PASSWORD' || user.status === 'LOCKED_OUT')) {
    const { token } = await createIdentityToken(ctx.db, ctx.tenant.id, {
      kind: 'recovery',
      userId: user.id,
      data: {
        recoveryType: type,
        relayState: typeof input.relayState === 'string' ? input.relayState : undefined,
      },
      ttlSeconds: RECOVERY_TTL_SECONDS,
    });
    const link = recoveryLink(ctx.origin, type, token, signInLanguage(ctx, user));
    await sendSignInMail(ctx, user, { kind: type === 'PASSWORD' ? 'reset' : 'unlock', link, token });
  }
  return {
    body: { status: 'RECOVERY_CHALLENGE', factorResult: 'WAITING', factorType: 'EMAIL', recoveryType: type },
  };
}

/**
 * POST /recovery/token: the e-mailed token → RECOVERY (the user has a recovery question) or straight to
 * PASSWORD_RESET (password) / UNLOCKED (unlock). The token is single-use either way.
 */
export async function verifyRecoveryToken(
  ctx: AuthnContext,
  input: { recoveryToken?: unknown },
): Promise<AuthnResult> {
  if (typeof input.recoveryToken !== 'string') throw oktaErrors.invalidToken();
  const rec = await consumeIdentityToken<{ recoveryType: 'PASSWORD' | 'UNLOCK'; relayState?: string }>(
    ctx.db,
    ctx.tenant.id,
    'recovery',
    input.recoveryToken,
  );
  if (!rec?.userId) throw oktaErrors.invalidToken();
  const user = await findIdentityUserById(ctx.db, ctx.tenant.id, rec.userId);
  if (!user) throw oktaErrors.invalidToken();
  const recoveryType = rec.data.recoveryType === 'UNLOCK' ? 'UNLOCK' : 'PASSWORD';
  if (await findRecoveryQuestion(ctx.db, ctx.tenant.id, user.id)) {
    return newTransaction(ctx, user, { status: 'RECOVERY', recoveryType, relayState: rec.data.relayState });
  }
  if (recoveryType === 'UNLOCK') return unlocked(ctx, user, rec.data.relayState);
  return newTransaction(ctx, user, {
    status: 'PASSWORD_RESET',
    recoveryType: 'PASSWORD',
    relayState: rec.data.relayState,
  });
}

async function unlocked(ctx: AuthnContext, user: IdentityUser, relayState?: string): Promise<AuthnResult> {
  await unlockIdentityUser(ctx.db, ctx.tenant.id, user.id);
  await consumeUserTokens(ctx.db, ctx.tenant.id, user.id, 'recovery');
  return {
    body: {
      status: 'UNLOCKED',
      recoveryType: 'UNLOCK',
      relayState: relayState ?? null,
      _embedded: { user: presentUser(user) },
      _links: {},
    },
  };
}

/**
 * RECOVERY → answer (POST /recovery/answer {stateToken, answer}): Okta's case-insensitive comparison of the
 * trimmed answer. Right: PASSWORD_RESET (password recovery) or UNLOCKED (unlock). Wrong: 403 E0000087 and
 * the transaction stays usable; each wrong answer also counts as a failed sign-in towards the lockout
 * threshold. After `lockoutThreshold` wrong answers in one transaction, or when a wrong answer locks the
 * account, the transaction and the user's outstanding recovery tokens end (next call: E0000011), so the
 * answer cannot be guessed without a fresh e-mailed link each time.
 */
export async function answerRecoveryQuestion(
  ctx: AuthnContext,
  input: { stateToken?: unknown; answer?: unknown },
): Promise<AuthnResult> {
  const tx = await loadTransaction(ctx, input.stateToken);
  if (tx.data.status !== 'RECOVERY') throw oktaErrors.invalidToken();
  if (typeof input.answer !== 'string' || !input.answer.trim())
    throw oktaErrors.validation('answer: The field cannot be left blank');
  await rateLimit(ctx, `answer:${tx.user.id}`, ctx.rateLimitPerUser);
  const rq = await findRecoveryQuestion(ctx.db, ctx.tenant.id, tx.user.id);
  if (!rq) throw oktaErrors.invalidToken();
  if (!(await verifyPassword(normaliseRecoveryAnswer(input.answer.slice(0, 1024)), rq.answerHash))) {
    const attempts = (tx.data.answerAttempts ?? 0) + 1;
    const { locked } = await recordFailedPassword(ctx.db, ctx.tenant.id, tx.user.id, ctx.lockoutThreshold);
    const newlyLocked = locked && tx.user.status !== 'LOCKED_OUT';
    if (attempts >= ctx.lockoutThreshold || newlyLocked) {
      await consumeIdentityToken(ctx.db, ctx.tenant.id, 'state', tx.token);
      await consumeUserTokens(ctx.db, ctx.tenant.id, tx.user.id, 'recovery');
    } else {
      await updateIdentityTokenData(ctx.db, ctx.tenant.id, 'state', tx.token, {
        ...tx.data,
        answerAttempts: attempts,
      });
    }
    throw oktaErrors.wrongRecoveryAnswer();
  }
  if (tx.data.recoveryType === 'UNLOCK') {
    await consumeIdentityToken(ctx.db, ctx.tenant.id, 'state', tx.token);
    return unlocked(ctx, tx.user, tx.data.relayState);
  }
  return saveAndPresent(
    ctx,
    tx.token,
    tx.expiresAt,
    { status: 'PASSWORD_RESET', recoveryType: 'PASSWORD', relayState: tx.data.relayState },
    tx.user,
  );
}

/** PASSWORD_RESET → resetPassword: sets the password, unlocks, and signs in. */
export async function resetPassword(
  ctx: AuthnContext,
  input: { stateToken?: unknown; newPassword?: unknown },
): Promise<AuthnResult> {
  const tx = await loadTransaction(ctx, input.stateToken);
  if (tx.data.status !== 'PASSWORD_RESET') throw oktaErrors.invalidToken();
  const problem = passwordProblem(input.newPassword, tx.user.login);
  if (problem) throw oktaErrors.passwordRequirements(problem);
  await setPasswordHash(ctx.db, ctx.tenant.id, tx.user.id, await hashPassword(input.newPassword as string));
  // Okta: a reset ends the user's sessions. Here also their grants (refresh tokens), and their access tokens.
  await endUserSessionsAndGrants(ctx.db, ctx.tenant.id, tx.user.id);
  await ctx.revocations.revokeUserTokens(ctx.tenant.id, tx.user.id, 'password-reset');
  await unlockIdentityUser(ctx.db, ctx.tenant.id, tx.user.id);
  await consumeIdentityToken(ctx.db, ctx.tenant.id, 'state', tx.token);
  await consumeUserTokens(ctx.db, ctx.tenant.id, tx.user.id, 'recovery');
  const user = (await findIdentityUserById(ctx.db, ctx.tenant.id, tx.user.id)) as IdentityUser;
  return afterPassword(ctx, user, tx.data.relayState);
}

/** Enrols a TOTP factor for a user (MyAccount/admin use and tests): the secret and its otpauth:// URI. */
export async function enrollTotp(ctx: Pick<AuthnContext, 'db' | 'tenant'>, user: IdentityUser) {
  const secret = new Secret({ size: 20 }).base32;
  const factor = await upsertIdentityFactor(ctx.db, ctx.tenant.id, user.id, {
    factorType: 'token:software:totp',
    provider: 'GOOGLE',
    status: 'ACTIVE',
    secret,
  });
  return { factor, uri: totpFor(secret, user.login, ctx.tenant.config.tenantName).toString() };
}

export { totpFor };
