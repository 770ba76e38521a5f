import {
  isOneTimeCode,
  type MyAccountEmail,
  type MyAccountEmailChallenge,
  presentEmail,
  presentEmailChallenge,
} from '@trackwell/contracts';
import {
  addIdentityEmail,
  consumeIdentityToken,
  createIdentityToken,
  deleteIdentityEmail,
  findIdentityEmail,
  findIdentityToken,
  type IdentityEmail,
  listIdentityEmails,
  newIdentityId,
  updateIdentityTokenData,
  verifyIdentityEmail,
} from '@trackwell/db';
import { OktaApiError, oktaErrors } from '../okta-errors.ts';
import { newOneTimeCode, ONE_TIME_CODE_TTL_SECONDS } from '../one-time-code.ts';
import { limitAttempts, type MyAccountCaller } from './caller.ts';

/** The user's e-mail addresses: list, add (with a code sent), delete a secondary one, verify by code. */

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface ChallengeData {
  emailId: string;
  userId: string;
  status: 'UNVERIFIED' | 'VERIFIED';
}

const present = (c: MyAccountCaller, e: IdentityEmail) => presentEmail(c.base, e);

async function emailOr404(c: MyAccountCaller, id: string) {
  const e = await findIdentityEmail(c.db, c.tenant.id, c.user.id, id);
  if (!e) throw oktaErrors.notFound(`${id} (Email)`);
  return e;
}

export async function listEmails(c: MyAccountCaller): Promise<MyAccountEmail[]> {
  return (await listIdentityEmails(c.db, c.tenant.id, c.user.id)).map((e) => present(c, e));
}

export async function readEmail(c: MyAccountCaller, id: string): Promise<MyAccountEmail> {
  return present(c, await emailOr404(c, id));
}

/** POST /emails: a well-formed address the user does not have yet; a code is e-mailed unless `sendEmail: false`. */
export async function addEmail(
  c: MyAccountCaller,
  input: { profile?: unknown; role?: unknown; sendEmail?: unknown },
): Promise<MyAccountEmail> {
  const email = (input.profile as { email?: unknown } | undefined)?.email;
  if (typeof email !== 'string' || email.length > 254 || !EMAIL_PATTERN.test(email))
    throw oktaErrors.validation('profile.email: Does not match required pattern');
  const role = input.role === 'PRIMARY' ? 'PRIMARY' : 'SECONDARY';
  await limitAttempts(c, 'email-add');
  const existing = (await listIdentityEmails(c.db, c.tenant.id, c.user.id)).find(
    (e) => e.email === email.toLowerCase(),
  );
  if (existing)
    throw new OktaApiError(400, 'E0000001', 'Api validation failed', [
      'profile.email: An email with this value already exists',
    ]);
  const added = await addIdentityEmail(c.db, c.tenant.id, c.user.id, email, role);
  if (input.sendEmail !== false) await startChallenge(c, added);
  return present(c, added);
}

/** DELETE /emails/:id: any address but the primary one. */
export async function deleteEmail(c: MyAccountCaller, id: string): Promise<void> {
  const e = await emailOr404(c, id);
  if (e.role === 'PRIMARY')
    throw new OktaApiError(400, 'E0000001', 'Api validation failed', ['The primary email cannot be deleted']);
  await deleteIdentityEmail(c.db, c.tenant.id, c.user.id, e.id);
}

/** A challenge (its id in the answer) and a six-digit code e-mailed to the address, both valid 5 minutes. */
async function startChallenge(c: MyAccountCaller, e: IdentityEmail) {
  const challengeId = newIdentityId('chl');
  const code = newOneTimeCode();
  const { expiresAt } = await createIdentityToken(c.db, c.tenant.id, {
    kind: 'email_challenge',
    userId: c.user.id,
    token: challengeId,
    data: { emailId: e.id, userId: c.user.id, status: 'UNVERIFIED' } satisfies ChallengeData,
    ttlSeconds: ONE_TIME_CODE_TTL_SECONDS,
  });
  await createIdentityToken(c.db, c.tenant.id, {
    kind: 'otp',
    userId: c.user.id,
    token: `${challengeId}:${code}`,
    ttlSeconds: ONE_TIME_CODE_TTL_SECONDS,
  });
  const name = c.tenant.config.tenantName;
  await c.mailer.send({
    to: e.email,
    subject: `${name}: verify your e-mail address (code ${code})`,
    text: `Hello ${c.user.firstName},\n\nYour ${name} verification code is: ${code}\n\nIt expires in 5 minutes.\n`,
  });
  return { challengeId, expiresAt };
}

/** POST /emails/:id/challenge: a new code for the address (at most 5 a minute). */
export async function challengeEmail(c: MyAccountCaller, id: string): Promise<MyAccountEmailChallenge> {
  const e = await emailOr404(c, id);
  await limitAttempts(c, 'email-challenge', 5);
  const { challengeId, expiresAt } = await startChallenge(c, e);
  return presentEmailChallenge(c.base, {
    emailId: e.id,
    email: e.email,
    challengeId,
    expiresAt,
    status: 'UNVERIFIED',
  });
}

async function loadChallenge(c: MyAccountCaller, emailId: string, challengeId: string) {
  const e = await emailOr404(c, emailId);
  const ch = await findIdentityToken<ChallengeData>(c.db, c.tenant.id, 'email_challenge', challengeId);
  if (!ch || ch.data.emailId !== e.id || ch.userId !== c.user.id)
    throw oktaErrors.notFound(`${challengeId} (Challenge)`);
  return { e, ch };
}

/** GET (or POST) /emails/:id/challenge/:cid: the challenge's status, for the SDK's poll. */
export async function readEmailChallenge(
  c: MyAccountCaller,
  emailId: string,
  challengeId: string,
): Promise<MyAccountEmailChallenge> {
  const { e, ch } = await loadChallenge(c, emailId, challengeId);
  return presentEmailChallenge(c.base, {
    emailId: e.id,
    email: e.email,
    challengeId,
    expiresAt: ch.expiresAt,
    status: ch.data.status,
  });
}

/** POST /emails/:id/challenge/:cid/verify: the code, once (403 E0000068 otherwise); the address is verified. */
export async function verifyEmailChallenge(
  c: MyAccountCaller,
  emailId: string,
  challengeId: string,
  code: unknown,
): Promise<void> {
  const { e, ch } = await loadChallenge(c, emailId, challengeId);
  await limitAttempts(c, 'email-verify');
  const ok =
    isOneTimeCode(code) && (await consumeIdentityToken(c.db, c.tenant.id, 'otp', `${challengeId}:${code}`));
  if (!ok) throw oktaErrors.invalidPasscode();
  await verifyIdentityEmail(c.db, c.tenant.id, c.user.id, e.id);
  await updateIdentityTokenData(c.db, c.tenant.id, 'email_challenge', challengeId, {
    ...ch.data,
    status: 'VERIFIED',
  });
}
