import { FACTOR_VENDOR } from '@trackwell/contracts';

/** The factors a user may enrol at sign-in: e-mail codes and an authenticator app. */
export const ENROLLABLE = (['email', 'token:software:totp'] as const).map((factorType) => ({
  factorType,
  provider: FACTOR_VENDOR[factorType],
}));

/** A passkey (Okta's `webauthn` factor) is FIDO's. */
export const PASSKEY_VENDOR = 'FIDO';
