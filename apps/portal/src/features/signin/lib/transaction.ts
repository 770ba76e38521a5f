import type { PasswordComplexity } from '@trackwell/contracts';
import type { AuthnTransaction } from './types.ts';

/**
 * Typed reads of the parts of an authn transaction the steps show. okta-auth-js flattens `_embedded`
 * (tx.user, tx.factors, tx.factor, tx.policy) and turns `_links` into functions; the raw answer stays in
 * `tx.data`.
 */
export type FactorType = 'email' | 'token:software:totp' | 'push' | string;

export interface Factor {
  id?: string;
  factorType: FactorType;
  provider?: string;
  profile?: { email?: string; name?: string; credentialId?: string };
  verify?: (opts?: object) => Promise<AuthnTransaction>;
  enroll?: (opts?: object) => Promise<AuthnTransaction>;
}

export function factorsOf(tx: AuthnTransaction): Factor[] {
  return (tx.factors ?? []) as Factor[];
}

export function currentFactor(tx: AuthnTransaction): Factor | undefined {
  return tx.factor as Factor | undefined;
}

export function loginOf(tx: AuthnTransaction, fallback = ''): string {
  const profile = (tx.user as { profile?: { login?: string } } | undefined)?.profile;
  return profile?.login ?? fallback;
}

export function recoveryQuestionOf(tx: AuthnTransaction): string | undefined {
  return (tx.user as { recovery_question?: { question?: string } } | undefined)?.recovery_question?.question;
}

/** The password policy's complexity the transaction carries (Okta's shape; ours is PASSWORD_COMPLEXITY). */
export function complexityOf(tx: AuthnTransaction): PasswordComplexity {
  return ((tx.policy as { complexity?: PasswordComplexity } | undefined)?.complexity ??
    {}) as PasswordComplexity;
}

/** TOTP enrolment: the shared secret and the QR code (a data: URL) the identity provider sends. */
export function totpActivationOf(tx: AuthnTransaction) {
  const raw = (
    tx as unknown as {
      data?: {
        _embedded?: {
          factor?: {
            _embedded?: {
              activation?: {
                sharedSecret?: string;
                otpauthUri?: string;
                _links?: { qrcode?: { href?: string } };
              };
            };
          };
        };
      };
    }
  ).data?._embedded?.factor?._embedded?.activation;
  return raw
    ? { sharedSecret: raw.sharedSecret ?? '', otpauthUri: raw.otpauthUri, qrCode: raw._links?.qrcode?.href }
    : undefined;
}

/** A transaction's link function (okta-auth-js builds them from `_links`), if the state offers it. */
export function linkOf<Name extends keyof AuthnTransaction>(tx: AuthnTransaction, name: Name) {
  const fn = tx[name];
  return typeof fn === 'function' ? (fn as (opts?: object) => Promise<AuthnTransaction>) : undefined;
}
