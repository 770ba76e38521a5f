import {
  AUTHN_PATHS,
  type AuthnFactor,
  type AuthnUser,
  FACTOR_VENDOR,
  factorPath,
  languageOfCode,
  WEBAUTHN_FACTOR_TYPE,
} from '@trackwell/contracts';
import type { IdentityFactor, IdentityUser, WebAuthnCredential } from '@trackwell/db';
import { PASSKEY_VENDOR } from './factor-catalogue.ts';
import { postLink } from './links.ts';

/** Okta's User Object as a transaction embeds it (Okta Authentication API: User Object). */
export function presentUser(user: IdentityUser): AuthnUser {
  return {
    id: user.id,
    passwordChanged: user.passwordChangedAt?.toISOString() ?? null,
    profile: {
      login: user.login,
      firstName: user.firstName,
      lastName: user.lastName,
      locale: languageOfCode(user.locale) ?? 'en',
      timeZone: 'UTC',
    },
  };
}

/** `a...e@example.test`: enough to recognise the address, not to read it off the screen. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}...${local.length > 1 ? local.slice(-1) : ''}@${domain}`;
}

function factorProfile(factor: IdentityFactor, user: IdentityUser): AuthnFactor['profile'] {
  if (factor.factorType === 'email') return { email: maskEmail(user.login) };
  if (factor.factorType === 'push')
    return { name: 'E-mail approval', platform: 'EMAIL', credentialId: user.login };
  return { credentialId: user.login };
}

/** Okta's Factor Object; listed for a choice (MFA_REQUIRED) it carries its `verify` link. */
export function presentFactor(
  origin: string,
  factor: IdentityFactor,
  user: IdentityUser,
  withVerify = true,
): AuthnFactor {
  return {
    id: factor.id,
    factorType: factor.factorType,
    provider: factor.provider,
    vendorName: FACTOR_VENDOR[factor.factorType] ?? 'OKTA',
    profile: factorProfile(factor, user),
    ...(withVerify
      ? { _links: { verify: postLink(`${origin}${factorPath(AUTHN_PATHS.verifyFactor, factor.id)}`) } }
      : {}),
  };
}

/** A passkey as Okta's Factor Object; listed for a choice it carries its `verify` link. */
export function presentPasskeyFactor(
  origin: string,
  passkey: Pick<WebAuthnCredential, 'id' | 'credentialId'>,
  options: { withVerify?: boolean; challenge?: string } = {},
): AuthnFactor {
  return {
    id: passkey.id,
    factorType: WEBAUTHN_FACTOR_TYPE,
    provider: PASSKEY_VENDOR,
    vendorName: PASSKEY_VENDOR,
    // Only what the browser needs to ask for it: the name the user gave it is theirs to see, in the account area.
    profile: { credentialId: passkey.credentialId },
    ...(options.withVerify !== false
      ? { _links: { verify: postLink(`${origin}${factorPath(AUTHN_PATHS.verifyFactor, passkey.id)}`) } }
      : {}),
    ...(options.challenge
      ? {
          _embedded: {
            challenge: { challenge: options.challenge, userVerification: 'required', extensions: {} },
          },
        }
      : {}),
  };
}
