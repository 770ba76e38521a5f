import type { AuthnFactorType } from '@trackwell/contracts';

/** The vendor Okta names for each factor type (Okta Authentication API: Factor Object, `vendorName`). */
export const FACTOR_VENDOR: Record<AuthnFactorType, string> = {
  email: 'OKTA',
  'token:software:totp': 'GOOGLE',
  push: 'OKTA',
};

/** The factors a user may enrol at sign-in: e-mail codes and an authenticator app. */
export const ENROLLABLE = [
  { factorType: 'email' as const, provider: 'OKTA' },
  { factorType: 'token:software:totp' as const, provider: 'GOOGLE' },
];

/** A passkey (Okta's `webauthn` factor) is FIDO's. */
export const PASSKEY_VENDOR = 'FIDO';
