/*
 * Passkeys in the account area: the MyAccount API paths of the user's WebAuthn credentials,
 * without zod, so the portal's account screen names them without the schemas (okta-myaccount-webauthn.ts).
 */

const BASE = '/idp/myaccount';
export const WEBAUTHN_PATHS = {
  /** GET: the user's passkeys; POST: register one (the authenticator's answer to a challenge). */
  passkeys: `${BASE}/webauthn`,
  /** PUT: rename; DELETE: remove. */
  passkey: `${BASE}/webauthn/:id`,
  /** POST: options for `navigator.credentials.create`, with a single-use challenge. */
  registration: `${BASE}/webauthn/registration`,
} as const;
