import {
  type OktaCreateUserBody,
  type OktaUpdateUserBody,
  type OktaUser,
  passwordProblem,
} from '@trackwell/contracts';
import {
  createIdentityUser,
  findProvisionedUser,
  hashPassword,
  normaliseRecoveryAnswer,
  type ProvisionedUser,
  type SqlExecutor,
  setPasswordHash,
  setPrimaryEmail,
  setProvisionedUserStatus,
  setRecoveryQuestion,
  setUserLogin,
  updateIdentityProfile,
} from '@trackwell/db';
import { oktaErrors } from '../identity/okta-errors.ts';
import type { ProvisioningContext } from './context.ts';
import { sendActivationMail } from './lifecycle-mail.ts';
import { presentUser } from './present-user.ts';

/**
 * Okta's Users API, create, read and update: `POST /api/v1/users` with or without a password
 * and a recovery question, `?activate` (default true: ACTIVE with a password, else PROVISIONED and an
 * activation e-mail; false: STAGED); `GET /api/v1/users/{id|login}`; `POST` (partial) and `PUT` (the whole
 * profile) `/api/v1/users/{id}`. Validation errors are Okta's 400 E0000001 naming the field.
 */

const LOGIN_TAKEN = 'login: An object with this field already exists in the current organization';

/**
 * The user by id or login, or Okta's 404 E0000007 naming what was asked. Inside a transaction (`tx`), `lock`
 * keeps the user's row locked until it ends (see `findProvisionedUser`).
 */
export async function requireUser(
  ctx: ProvisioningContext,
  idOrLogin: string,
  { tx = ctx.db, lock = false }: { tx?: SqlExecutor; lock?: boolean } = {},
): Promise<ProvisionedUser> {
  const user = await findProvisionedUser(tx, ctx.tenant.id, idOrLogin, { lock });
  if (!user) throw oktaErrors.notFound(`${idOrLogin.slice(0, 100)} (User)`);
  return user;
}

/** A new password's hash, or 400 E0000001 naming the policy rule it breaks. */
async function checkedPasswordHash(password: string, login: string): Promise<string> {
  const problem = passwordProblem(password, login);
  if (problem) throw oktaErrors.validation(`password: ${problem}`);
  return hashPassword(password);
}

type Credentials = NonNullable<OktaCreateUserBody['credentials']>;
async function writeRecoveryQuestion(
  tx: SqlExecutor,
  ctx: ProvisioningContext,
  userId: string,
  c?: Credentials,
) {
  const q = c?.recovery_question;
  if (!q) return;
  const answerHash = await hashPassword(normaliseRecoveryAnswer(q.answer));
  await setRecoveryQuestion(tx, ctx.tenant.id, userId, { question: q.question, answerHash });
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

export async function createUser(
  ctx: ProvisioningContext,
  body: OktaCreateUserBody,
  activate = true,
): Promise<OktaUser> {
  const { profile, credentials } = body;
  const password = credentials?.password?.value;
  const passwordHash = password === undefined ? null : await checkedPasswordHash(password, profile.login);
  const status = !activate ? 'STAGED' : passwordHash ? 'ACTIVE' : 'PROVISIONED';
  const created = await insertUser(ctx, { profile, passwordHash, status, credentials });
  if (status === 'PROVISIONED') await sendActivationMail(ctx, created);
  return presentUser(created, ctx.origin);
}

/**
 * Writes a new user of the store (login free, else 400 E0000001 naming `login`): the one user creation, which
 * the Users API and self-registration (identity/registration, with a password already checked and hashed) share.
 */
export async function insertUser(
  ctx: ProvisioningContext,
  input: {
    profile: OktaCreateUserBody['profile'];
    passwordHash: string | null;
    status: 'STAGED' | 'ACTIVE' | 'PROVISIONED';
    credentials?: Credentials | undefined;
  },
): Promise<ProvisionedUser> {
  const { profile, passwordHash, status } = input;
  let created: ProvisionedUser | undefined;
  try {
    created = await ctx.db.transaction(async (tx) => {
      if (await findProvisionedUser(tx, ctx.tenant.id, profile.login))
        throw oktaErrors.validation(LOGIN_TAKEN);
      const user = await createIdentityUser(tx, ctx.tenant.id, {
        login: profile.login,
        firstName: profile.firstName,
        lastName: profile.lastName,
        locale: profile.locale ?? null,
        passwordHash,
        status,
      });
      await setProvisionedUserStatus(tx, ctx.tenant.id, user.id, status);
      if (profile.email.toLowerCase() !== user.login)
        await setPrimaryEmail(tx, ctx.tenant.id, user.id, profile.email);
      await writeRecoveryQuestion(tx, ctx, user.id, input.credentials);
      return findProvisionedUser(tx, ctx.tenant.id, user.id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw oktaErrors.validation(LOGIN_TAKEN); // a concurrent create won
    throw error;
  }
  if (!created) throw new Error('provisioning: the user vanished after insert');
  return created;
}

export async function readUser(ctx: ProvisioningContext, idOrLogin: string): Promise<OktaUser> {
  return presentUser(await requireUser(ctx, idOrLogin), ctx.origin);
}

/** POST (mode 'partial': the attributes given) or PUT (mode 'replace': the whole profile) of a user. */
export async function updateUser(
  ctx: ProvisioningContext,
  idOrLogin: string,
  body: OktaUpdateUserBody,
  mode: 'partial' | 'replace',
): Promise<OktaUser> {
  const user = await requireUser(ctx, idOrLogin);
  const current = {
    login: user.login,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
  };
  const profile =
    mode === 'partial'
      ? { ...current, locale: user.locale, ...body.profile }
      : { ...current, locale: null, ...body.profile };
  const password = body.credentials?.password?.value;
  const passwordHash =
    password === undefined ? undefined : await checkedPasswordHash(password, profile.login);
  await ctx.db.transaction(async (tx) => {
    const id = ctx.tenant.id;
    if (profile.login.toLowerCase() !== user.login && !(await setUserLogin(tx, id, user.id, profile.login)))
      throw oktaErrors.validation(LOGIN_TAKEN);
    if (profile.email.toLowerCase() !== user.email) await setPrimaryEmail(tx, id, user.id, profile.email);
    await updateIdentityProfile(tx, id, user.id, {
      firstName: profile.firstName,
      lastName: profile.lastName,
      locale: profile.locale ?? null,
      profileExtra: user.profileExtra,
    });
    if (passwordHash) await setPasswordHash(tx, id, user.id, passwordHash);
    await writeRecoveryQuestion(tx, ctx, user.id, body.credentials);
  });
  return readUser(ctx, user.id);
}
