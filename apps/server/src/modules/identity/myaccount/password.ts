import { type MyAccountPassword, passwordProblem, presentPassword } from '@trackwell/contracts';
import {
  findIdentityUserById,
  hashPassword,
  type IdentityUser,
  setPasswordHash,
  verifyPassword,
} from '@trackwell/db';
import { OktaApiError, oktaErrors } from '../okta-errors.ts';
import { limitAttempts, type MyAccountCaller } from './caller.ts';

/**
 * The user's password: read, enrol (none yet), change (with the current one), delete. Every change revokes
 * the user's access tokens issued before the one that made it (a thief's copy of an older token dies); that
 * token, from a recent sign-in (step-up), stays valid so the account page goes on working, as Okta keeps the
 * current session when it revokes the others.
 */

const passwordOf = (c: MyAccountCaller, user: IdentityUser): MyAccountPassword => {
  const id = `pwd${user.id.replaceAll('-', '').slice(0, 17)}`;
  return presentPassword(
    c.base,
    user.passwordHash
      ? {
          id,
          enrolled: true,
          created: user.passwordChangedAt ?? user.createdAt,
          lastUpdated: user.passwordChangedAt ?? user.updatedAt,
        }
      : { id, enrolled: false },
  );
};

const revokeOlderTokens = (c: MyAccountCaller) =>
  c.revocations.revokeUserTokens(c.tenant.id, c.user.id, 'password-change', new Date(c.claims.iat * 1000));

async function store(c: MyAccountCaller, hash: string | null) {
  await setPasswordHash(c.db, c.tenant.id, c.user.id, hash);
  await revokeOlderTokens(c);
}

const reloaded = async (c: MyAccountCaller) =>
  passwordOf(c, (await findIdentityUserById(c.db, c.tenant.id, c.user.id)) as IdentityUser);

/** The new password from `{ profile: { password } }`, held to the store's password policy (403 E0000080). */
function newPassword(c: MyAccountCaller, profile: unknown) {
  const p = profile as { password?: unknown; currentPassword?: unknown } | undefined;
  const problem = passwordProblem(p?.password, c.user.login);
  if (problem) throw oktaErrors.passwordRequirements(problem);
  return { password: p?.password as string, currentPassword: p?.currentPassword };
}

export const readPassword = (c: MyAccountCaller): MyAccountPassword => passwordOf(c, c.user);

/** POST /password: only while none is enrolled. */
export async function enrolPassword(c: MyAccountCaller, profile: unknown): Promise<MyAccountPassword> {
  if (c.user.passwordHash)
    throw new OktaApiError(400, 'E0000001', 'Api validation failed', [
      'A password is already enrolled; use PUT to change it',
    ]);
  const { password } = newPassword(c, profile);
  await store(c, await hashPassword(password));
  return reloaded(c);
}

/** PUT /password: the current password must be right (403 E0000014); at most 10 tries a minute. */
export async function changePassword(c: MyAccountCaller, profile: unknown): Promise<MyAccountPassword> {
  if (!c.user.passwordHash) throw oktaErrors.notFound('password (Password)');
  await limitAttempts(c, 'password');
  const { password, currentPassword } = newPassword(c, profile);
  if (typeof currentPassword !== 'string' || !(await verifyPassword(currentPassword, c.user.passwordHash)))
    throw oktaErrors.oldPasswordWrong();
  await store(c, await hashPassword(password));
  return reloaded(c);
}

/** DELETE /password: the account is left with no password (NOT_ENROLLED). */
export async function deletePassword(c: MyAccountCaller): Promise<void> {
  if (!c.user.passwordHash) throw oktaErrors.notFound('password (Password)');
  await store(c, null);
}
