/*
 * Self-registration's paths, without zod: the sign-in page's lazily loaded registration form
 * names them without pulling the schemas into a shared chunk.
 */
export const REGISTRATION_PATHS = {
  /** POST: e-mail, names, password, terms accepted → the same answer whether or not the address exists. */
  register: '/api/v1/registration',
  /** POST: the registration token and the e-mailed six-digit code → the account is ACTIVE. */
  verify: '/api/v1/registration/verify',
} as const;

/** The answer to a registration, whoever owns the address: a code was (or was not) e-mailed. */
export const REGISTRATION_PENDING = 'VERIFICATION_REQUIRED';
