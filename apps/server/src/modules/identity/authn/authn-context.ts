import type {
  AuthnPendingStatus,
  AuthnTransactionAnswer,
  CancelledTransaction,
  Language,
} from '@trackwell/contracts';
import type { DatabaseHandle, IdentityUser, Tenant } from '@trackwell/db';
import type { RevocationList } from '../../auth/revocation-list.ts';
import type { Mailer } from '../../mail/mailer.ts';

/**
 * What the authn state machine works with: one request's tenant, the store's canonical origin, services and
 * limits. Built per request by `authnContext` (identity/context.ts); the domain files never see Fastify.
 */
export interface AuthnContext {
  db: DatabaseHandle;
  tenant: Tenant;
  origin: string;
  mailer: Mailer;
  ip: string;
  lockoutThreshold: number;
  rateLimitPerIp: number;
  rateLimitPerUser: number;
  /** The remember-device cookie's value, when the browser sent one. */
  deviceToken: string | undefined;
  /** A new password revokes every access token issued before it (docs/ARCHITECTURE.md, Revocation). */
  revocations: Pick<RevocationList, 'revokeUserTokens'>;
  /**
   * The language the asking page shows (its `Accept-Language`, which the portal sets to the page's language),
   * when the store offers it: sign-in e-mails are written in it.
   */
  requestedLanguage: Language | undefined;
}

/** A step's answer; `deviceToken` asks the route to set the remember-device cookie. */
export type AuthnResult<Body extends AuthnTransactionAnswer | CancelledTransaction = AuthnTransactionAnswer> =
  {
    body: Body;
    deviceToken?: string;
  };

/** What a transaction keeps in `identity_tokens` (kind "state") beside its user. */
export interface TransactionData {
  status: AuthnPendingStatus;
  factorId?: string;
  /** SHA-256 of the e-mailed one-time code. */
  otpHash?: string;
  otpAttempts?: number;
  /** Hash of the push approval token. */
  pushHash?: string;
  factorResult?: 'WAITING' | 'REJECTED' | 'TIMEOUT';
  relayState?: string;
  recoveryType?: 'PASSWORD' | 'UNLOCK';
  /** Wrong recovery answers in this transaction (RECOVERY). */
  answerAttempts?: number;
  /** A sign-in with a passkey and no password: its only factors are the user's passkeys (passkey-sign-in.ts). */
  passwordless?: boolean;
  /** The WebAuthn challenge of this transaction's MFA_CHALLENGE (a passkey). */
  webauthnChallenge?: string;
  /** A decoy passkey sign-in's seed: the transaction has no user (passkey-decoy.ts). */
  decoy?: string;
}

/** A transaction read back by its stateToken (transaction.ts `loadTransaction`). */
export interface LoadedTransaction {
  token: string;
  data: TransactionData;
  expiresAt: Date;
  user: IdentityUser;
}
