import { isOneTimeCode, type MyAccountPhone, presentPhone } from '@trackwell/contracts';
import {
  addIdentityPhone,
  consumeIdentityToken,
  createIdentityToken,
  deleteIdentityPhone,
  findIdentityPhone,
  type IdentityPhone,
  listIdentityPhones,
  verifyIdentityPhone,
} from '@trackwell/db';
import { oktaErrors } from '../okta-errors.ts';
import { newOneTimeCode, ONE_TIME_CODE_TTL_SECONDS } from '../one-time-code.ts';
import { limitAttempts, type MyAccountCaller } from './caller.ts';

/** The user's phone numbers: list, add (with a code sent), delete, send a code again, verify by code. */

const PHONE_PATTERN = /^\+?[0-9 ()-]{6,24}$/;
const MIN_DIGITS = 6;

export type PhoneCodeMethod = 'SMS' | 'CALL';
export const codeMethod = (method: unknown): PhoneCodeMethod => (method === 'CALL' ? 'CALL' : 'SMS');

async function phoneOr404(c: MyAccountCaller, id: string) {
  const p = await findIdentityPhone(c.db, c.tenant.id, c.user.id, id);
  if (!p) throw oktaErrors.notFound(`${id} (Phone)`);
  return p;
}

/** "SMS" goes to the mail sink as an e-mail to <digits>@sms.invalid (a real SMS gateway can replace it). */
async function sendPhoneCode(c: MyAccountCaller, p: IdentityPhone, method: PhoneCodeMethod) {
  const code = newOneTimeCode();
  await createIdentityToken(c.db, c.tenant.id, {
    kind: 'otp',
    userId: c.user.id,
    token: `phone:${p.id}:${code}`,
    ttlSeconds: ONE_TIME_CODE_TTL_SECONDS,
  });
  await c.mailer.send({
    to: `${p.phoneNumber.replace(/\D/g, '')}@sms.invalid`,
    subject: `${method} to ${p.phoneNumber}`,
    text: `${c.tenant.config.tenantName} verification code: ${code}`,
  });
}

export async function listPhones(c: MyAccountCaller): Promise<MyAccountPhone[]> {
  return (await listIdentityPhones(c.db, c.tenant.id, c.user.id)).map((p) => presentPhone(c.base, p));
}

export async function readPhone(c: MyAccountCaller, id: string): Promise<MyAccountPhone> {
  return presentPhone(c.base, await phoneOr404(c, id));
}

/** POST /phones: a number of 6 or more digits, stored as digits (with its +); a code is sent unless `sendCode: false`. */
export async function addPhone(
  c: MyAccountCaller,
  input: { profile?: unknown; method?: unknown; sendCode?: unknown },
): Promise<MyAccountPhone> {
  const raw = (input.profile as { phoneNumber?: unknown } | undefined)?.phoneNumber;
  if (typeof raw !== 'string' || !PHONE_PATTERN.test(raw) || (raw.match(/\d/g) ?? []).length < MIN_DIGITS)
    throw oktaErrors.validation('profile.phoneNumber: Does not match required pattern');
  await limitAttempts(c, 'phone-add');
  const phoneNumber = `${raw.trim().startsWith('+') ? '+' : ''}${raw.replace(/\D/g, '')}`;
  const added = await addIdentityPhone(c.db, c.tenant.id, c.user.id, phoneNumber);
  if (input.sendCode !== false) await sendPhoneCode(c, added, codeMethod(input.method));
  return presentPhone(c.base, added);
}

export async function deletePhone(c: MyAccountCaller, id: string): Promise<void> {
  const p = await phoneOr404(c, id);
  await deleteIdentityPhone(c.db, c.tenant.id, c.user.id, p.id);
}

/** POST /phones/:id/challenge: a new code (at most 5 a minute); the answer links to verify. */
export async function challengePhone(
  c: MyAccountCaller,
  id: string,
  method: unknown,
): Promise<IdentityPhone> {
  const p = await phoneOr404(c, id);
  await limitAttempts(c, 'phone-challenge', 5);
  await sendPhoneCode(c, p, codeMethod(method));
  return p;
}

/** POST /phones/:id/verify: the code, once (403 E0000068 otherwise); the number is verified. */
export async function verifyPhone(c: MyAccountCaller, id: string, code: unknown): Promise<void> {
  const p = await phoneOr404(c, id);
  await limitAttempts(c, 'phone-verify');
  const ok =
    isOneTimeCode(code) && (await consumeIdentityToken(c.db, c.tenant.id, 'otp', `phone:${p.id}:${code}`));
  if (!ok) throw oktaErrors.invalidPasscode();
  await verifyIdentityPhone(c.db, c.tenant.id, c.user.id, p.id);
}
