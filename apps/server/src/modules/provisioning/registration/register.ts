import {
  type Language,
  maySignIn,
  passwordProblem,
  personLanguage,
  REGISTRATION_PENDING,
  type RegisterBody,
  type RegistrationPending,
  type RegistrationVerified,
  type VerifyRegistrationBody,
} from '@trackwell/contracts';
import {
  consumeIdentityToken,
  createIdentityToken,
  findIdentityToken,
  findIdentityUserByLogin,
  hashPassword,
  sha256,
  updateIdentityTokenData,
} from '@trackwell/db';
import { renderSignInMail, type SignInMail } from '@trackwell/email';
import { limitAttempts, sendLimit } from '../../identity/authn/attempt-limits.ts';
import type { AuthnContext } from '../../identity/authn/authn-context.ts';
import { emailCodeMatchesHash, oneTimeCodeHash } from '../../identity/authn/email-code.ts';
import { withLanguage } from '../../identity/authn/sign-in-mail.ts';
import { oktaErrors } from '../../identity/okta-errors.ts';
import { newOneTimeCode } from '../../identity/one-time-code.ts';
import { insertUser } from '../users.ts';

/**
 * Self-registration. `registerAccount` answers the same (status, body shape, an e-mail sent,
 * the password hashed) whether or not the address already has an account: a free address gets a six-digit
 * code; the owner of a taken one gets a notice instead, and its registration can never be verified. No user
 * exists until `verifyRegistration` checks the code: then the Users API's own creation (provisioning
 * `insertUser`) writes it ACTIVE, and the page signs in with the password the person chose.
 */

/** A registration's code lives 10 minutes; five wrong codes end it (as the e-mail factor's code). */
export const REGISTRATION_TTL_SECONDS = 10 * 60;
const MAX_CODE_ATTEMPTS = 5;

interface PendingRegistration {
  /** Null when the address already had an account (the notice was sent; nothing can be verified). */
  codeHash: string | null;
  attempts: number;
  login: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  language: Language;
}

function mailTo(ctx: AuthnContext, to: string, firstName: string, language: Language, mail: SignInMail) {
  const rendered = renderSignInMail(language, mail, { tenantName: ctx.tenant.config.tenantName, firstName });
  return ctx.mailer.send({ to, ...rendered });
}

export async function registerAccount(ctx: AuthnContext, body: RegisterBody): Promise<RegistrationPending> {
  const login = body.email.trim().toLowerCase();
  const problem = passwordProblem(body.password, login);
  if (problem) throw oktaErrors.validation(`password: ${problem}`);
  await limitAttempts(ctx, `ip:${ctx.ip}`, ctx.rateLimitPerIp);
  await limitAttempts(ctx, `register:${sha256(login)}`, sendLimit(ctx));
  const existing = await findIdentityUserByLogin(ctx.db, ctx.tenant.id, login);
  const language = personLanguage({
    requested: ctx.requestedLanguage,
    stored: existing?.locale ?? null,
    store: ctx.tenant.config.ui,
  });
  // Both branches hash the password and send one e-mail, so that neither answers sooner.
  const passwordHash = await hashPassword(body.password);
  const code = newOneTimeCode();
  const pending: PendingRegistration = {
    codeHash: existing ? null : oneTimeCodeHash(code),
    attempts: 0,
    login,
    firstName: body.firstName,
    lastName: body.lastName,
    passwordHash,
    language,
  };
  const { token, expiresAt } = await createIdentityToken(ctx.db, ctx.tenant.id, {
    kind: 'registration',
    userId: null,
    data: pending,
    ttlSeconds: REGISTRATION_TTL_SECONDS,
  });
  if (existing) {
    const link = withLanguage(`${ctx.origin}/signin`, language);
    const name = maySignIn(existing.status) ? existing.firstName : '';
    await mailTo(ctx, existing.login, name, language, { kind: 'register-exists', link });
  } else {
    const minutes = REGISTRATION_TTL_SECONDS / 60;
    await mailTo(ctx, login, body.firstName, language, { kind: 'register-code', code, minutes });
  }
  return { status: REGISTRATION_PENDING, registrationToken: token, expiresAt: expiresAt.toISOString() };
}

/**
 * The e-mailed code → the account, ACTIVE. An unknown, expired, used or other store's token is Okta's 401
 * E0000011; a wrong code 403 E0000068 (the sixth try fails even with the right one).
 */
export async function verifyRegistration(
  ctx: AuthnContext,
  body: VerifyRegistrationBody,
): Promise<RegistrationVerified> {
  await limitAttempts(ctx, `ip:${ctx.ip}`, ctx.rateLimitPerIp);
  const { registrationToken: token } = body;
  const found = await findIdentityToken<PendingRegistration>(ctx.db, ctx.tenant.id, 'registration', token);
  if (!found) throw oktaErrors.invalidToken();
  const pending = found.data;
  const attempts = pending.attempts + 1;
  if (attempts > MAX_CODE_ATTEMPTS || !emailCodeMatchesHash(pending.codeHash, body.passCode)) {
    await updateIdentityTokenData(ctx.db, ctx.tenant.id, 'registration', token, { ...pending, attempts });
    throw oktaErrors.invalidPasscode();
  }
  if (!(await consumeIdentityToken(ctx.db, ctx.tenant.id, 'registration', token)))
    throw oktaErrors.invalidToken(); // a concurrent verification used it
  const { login, firstName, lastName, passwordHash, language } = pending;
  const user = await insertUser(
    { db: ctx.db, tenant: ctx.tenant, origin: ctx.origin, revocations: ctx.revocations, mail: ctx },
    {
      profile: { login, email: login, firstName, lastName, locale: language },
      passwordHash,
      status: 'ACTIVE',
    },
  );
  return { status: 'ACTIVE', login: user.login };
}
