import { z } from 'zod';
import { registrationLoginName } from './login-name.ts';
import { ONE_TIME_CODE_LENGTH } from './one-time-code.ts';
import { PASSWORD_MAX_LENGTH } from './password-policy.ts';
import { REGISTRATION_PENDING } from './registration-paths.ts';
import { safeText } from './safe-values.ts';

/**
 * Self-registration on the sign-in page: the store's setting, the two requests and the one
 * answer. The password's rules are password-policy.ts (`passwordProblem`, checked by the server as the
 * password change checks them); a new account's login is its e-mail address. The store's setting is
 * `registration` in tenant-config.ts (kept there: the portal's first download validates the configuration
 * and must not carry these request schemas).
 */

/**
 * An e-mail address as a login: one @, no spaces, at most 100 characters (Okta's login length here), in NFKC
 * form, no look-alike (login-name.ts: the Users API's rule too).
 */
export const registrationEmail = registrationLoginName;

/**
 * A person's name: letters (any script) with spaces, apostrophes, hyphens and full stops between them; no
 * digits, markup, addresses or links, because the name is written into the verification e-mail sent to an
 * address anyone can type.
 */
export const personName = safeText(50)
  .min(1, 'The field cannot be left blank')
  .regex(/^[\p{L}\p{M}]+(?:[ '’.-]{1,2}[\p{L}\p{M}]+)*\.?$/u, "must be a name (letters, spaces, - and ')");

export const registerBody = z
  .object({
    email: registrationEmail,
    firstName: personName,
    lastName: personName,
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
    /** The store's terms were shown and accepted. */
    acceptTerms: z.literal(true, { error: 'the terms must be accepted' }),
  })
  .strict();
export type RegisterBody = z.infer<typeof registerBody>;

export const verifyRegistrationBody = z
  .object({
    registrationToken: z.string().min(1).max(100),
    passCode: z.string().regex(new RegExp(`^[0-9]{${ONE_TIME_CODE_LENGTH}}$`), 'must be six digits'),
  })
  .strict();
export type VerifyRegistrationBody = z.infer<typeof verifyRegistrationBody>;

/** The one answer to a registration: the same status and shape whether or not the address was free. */
export const registrationPending = z.object({
  status: z.literal(REGISTRATION_PENDING),
  registrationToken: z.string(),
  expiresAt: z.string(),
});
export type RegistrationPending = z.infer<typeof registrationPending>;

/** The account is ACTIVE: the page signs the user in with the password they chose. */
export const registrationVerified = z.object({
  status: z.literal('ACTIVE'),
  login: z.string(),
});
export type RegistrationVerified = z.infer<typeof registrationVerified>;
