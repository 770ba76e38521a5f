import { z } from 'zod';
import { PASSWORD_COMPLEXITY } from './password-policy.ts';

/**
 * The classic Okta Authentication API (`/api/v1/authn*`) as the embedded identity provider answers it for
 * `@okta/okta-auth-js`: the paths, the request bodies and the transaction answers (Okta Authentication API:
 * Transaction Model, Factor Object, Links Object). The server's routes validate and serialize with these;
 * the portal's test fake builds its answers from their types. Okta's error body is `oktaError` (identity.ts).
 */

export const AUTHN_PATHS = {
  authn: '/api/v1/authn',
  introspect: '/api/v1/authn/introspect',
  cancel: '/api/v1/authn/cancel',
  previous: '/api/v1/authn/previous',
  skip: '/api/v1/authn/skip',
  changePassword: '/api/v1/authn/credentials/change_password',
  resetPassword: '/api/v1/authn/credentials/reset_password',
  enrollFactor: '/api/v1/authn/factors',
  verifyFactor: '/api/v1/authn/factors/:factorId/verify',
  resendFactor: '/api/v1/authn/factors/:factorId/verify/resend',
  activateFactor: '/api/v1/authn/factors/:factorId/lifecycle/activate',
  resendActivation: '/api/v1/authn/factors/:factorId/lifecycle/activate/resend',
  recoverPassword: '/api/v1/authn/recovery/password',
  unlockAccount: '/api/v1/authn/recovery/unlock',
  recoveryToken: '/api/v1/authn/recovery/token',
  recoveryAnswer: '/api/v1/authn/recovery/answer',
  /** The push factor's e-mailed approval page (GET shows the question, the form POST decides). */
  pushApproval: '/api/v1/authn/push/:token',
} as const;

type FactorPath =
  | typeof AUTHN_PATHS.verifyFactor
  | typeof AUTHN_PATHS.resendFactor
  | typeof AUTHN_PATHS.activateFactor
  | typeof AUTHN_PATHS.resendActivation;

/** A factor route's path for one factor (the answers' `_links`). */
export const factorPath = (path: FactorPath, factorId: string) => path.replace(':factorId', () => factorId);

/** The push approval page's path for one push request (the approval e-mail's link). */
export const pushApprovalPath = (token: string) => AUTHN_PATHS.pushApproval.replace(':token', () => token);

// ---- requests ------------------------------------------------------------------------------------------

/**
 * A body field as Okta documents it: named and typed for clients (OpenAPI), but any JSON value is let
 * through, because the transaction checks each field in Okta's order and answers a wrong one with Okta's own
 * error (a stateToken that is no string: 401 E0000011; a username that is none: 401 E0000004).
 */
const field = (description: string) => z.unknown().optional().meta({ type: 'string', description });

/** A body is a JSON object, or nothing (okta-auth-js sends no body on some calls); anything else is E0000003. */
const body = <Shape extends Record<string, z.ZodType>>(shape: Shape) => z.object(shape).nullish();

const stateToken = field('The transaction, as the last answer named it.');
const username = field("The person's login (e-mail).");
const newPassword = field('The new password (the policy is in the answer’s `_embedded.policy`).');
const relayState = field('Returned unchanged with the transaction.');

export const authnStateBody = body({ stateToken });

export const primaryAuthBody = body({
  username,
  password: field('Their password.'),
  stateToken: field('Instead of a username and password: the current state of this transaction.'),
  relayState: field('Returned unchanged with the transaction (at most 2048 characters kept).'),
});

export const changePasswordBody = body({
  stateToken,
  oldPassword: field('The current password.'),
  newPassword,
});

export const resetPasswordBody = body({ stateToken, newPassword });

export const passCodeBody = body({
  stateToken,
  passCode: field('The six-digit code (e-mailed, or from the authenticator app).'),
  clientData: field('`webauthn`: the assertion’s clientDataJSON (base64url).'),
  authenticatorData: field('`webauthn`: the assertion’s authenticatorData (base64url).'),
  signatureData: field('`webauthn`: the assertion’s signature (base64url).'),
});

export const enrollFactorBody = body({
  stateToken,
  factorType: field('`email` or `token:software:totp`.'),
  provider: field('`OKTA` (e-mail) or `GOOGLE` (authenticator app).'),
});

export const startRecoveryBody = body({
  username,
  factorType: field('Only `EMAIL` (the default).'),
  relayState,
});

export const recoveryTokenBody = body({
  recoveryToken: field('The token of the e-mailed recovery or unlock link.'),
});

export const recoveryAnswerBody = body({
  stateToken,
  answer: field("The answer to the person's recovery question."),
});

export const pushDecisionBody = body({ decision: field('`approve`; anything else denies.') });

export const factorParams = z.object({ factorId: z.string().meta({ description: 'The factor’s id.' }) });
export const pushParams = z.object({ token: z.string().meta({ description: 'The push request’s token.' }) });

export const verifyFactorQuery = z.object({
  rememberDevice: field('`true`: this browser skips the second factor for 30 days.'),
});

// ---- answers -------------------------------------------------------------------------------------------

/** Okta's Links Object: a link okta-auth-js turns into a function of the transaction. */
export const authnLink = z.object({
  name: z.string().optional(),
  href: z.string(),
  hints: z.object({ allow: z.array(z.literal('POST')) }),
});

export const authnUser = z.object({
  id: z.string(),
  passwordChanged: z.string().nullable(),
  profile: z.object({
    login: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    locale: z.string(),
    timeZone: z.string(),
  }),
  recovery_question: z.object({ question: z.string() }).optional(),
});

export const AUTHN_FACTOR_TYPES = ['email', 'token:software:totp', 'push'] as const;
export type AuthnFactorType = (typeof AUTHN_FACTOR_TYPES)[number];

/** The vendor Okta names for each factor type (Okta Authentication API: Factor Object, `vendorName`). */
export const FACTOR_VENDOR: Record<AuthnFactorType, 'OKTA' | 'GOOGLE'> = {
  email: 'OKTA',
  'token:software:totp': 'GOOGLE',
  push: 'OKTA',
};

/** Okta's TOTP activation object: the shared secret and a QR code of the otpauth:// URI (a data: URL). */
export const totpActivation = z.object({
  timeStep: z.number(),
  sharedSecret: z.string(),
  encoding: z.literal('base32'),
  keyLength: z.number(),
  otpauthUri: z.string(),
  _links: z.object({ qrcode: z.object({ href: z.string(), type: z.literal('image/png') }) }),
});

/**
 * A passkey is Okta's `webauthn` factor: registered in the account area, not enrolled at sign-in,
 * and offered on its own when someone signs in with a username and no password.
 */
export const WEBAUTHN_FACTOR_TYPE = 'webauthn';

/** Okta's WebAuthn challenge in MFA_CHALLENGE (`_embedded.factor._embedded.challenge`). */
export const webauthnChallenge = z.object({
  challenge: z.string(),
  userVerification: z.enum(['required', 'preferred', 'discouraged']),
  extensions: z.object({}),
});

/** Okta's Factor Object as a transaction shows it. */
export const authnFactor = z.object({
  id: z.string(),
  factorType: z.enum([...AUTHN_FACTOR_TYPES, WEBAUTHN_FACTOR_TYPE]),
  provider: z.string(),
  vendorName: z.string(),
  profile: z.object({
    email: z.string().optional(),
    name: z.string().optional(),
    platform: z.string().optional(),
    credentialId: z.string().optional(),
    authenticatorName: z.string().optional(),
  }),
  status: z.literal('PENDING_ACTIVATION').optional(),
  _links: z.object({ verify: authnLink }).optional(),
  _embedded: z
    .object({ activation: totpActivation.optional(), challenge: webauthnChallenge.optional() })
    .optional(),
});

/** A factor the person may enrol at sign-in (MFA_ENROLL). */
export const enrollableFactor = z.object({
  factorType: z.enum(AUTHN_FACTOR_TYPES),
  provider: z.string(),
  vendorName: z.string(),
  enrollment: z.literal('REQUIRED'),
  status: z.literal('NOT_SETUP'),
  _links: z.object({ enroll: authnLink }),
});

export const passwordComplexity = z.object({
  minLength: z.number().optional(),
  minLowerCase: z.number().optional(),
  minUpperCase: z.number().optional(),
  minNumber: z.number().optional(),
  minSymbol: z.number().optional(),
  excludeUsername: z.boolean().optional(),
});

/** Okta's Password Policy Object in a transaction; ours is PASSWORD_COMPLEXITY. */
export const authnPolicy = z.object({
  complexity: passwordComplexity.meta({ examples: [PASSWORD_COMPLEXITY] }),
  expiration: z.object({ passwordExpireDays: z.number() }).optional(),
});

export const RECOVERY_TYPES = ['PASSWORD', 'UNLOCK'] as const;
const recoveryType = z.enum(RECOVERY_TYPES);
const factorResult = z.enum(['WAITING', 'REJECTED', 'TIMEOUT']);

/** The states a transaction rests in, each answered with a stateToken (Okta: Transaction State). */
export const AUTHN_PENDING_STATUSES = [
  'PASSWORD_EXPIRED',
  'PASSWORD_WARN',
  'PASSWORD_RESET',
  'RECOVERY',
  'MFA_REQUIRED',
  'MFA_CHALLENGE',
  'MFA_ENROLL',
  'MFA_ENROLL_ACTIVATE',
] as const;
export type AuthnPendingStatus = (typeof AUTHN_PENDING_STATUSES)[number];

/** A transaction in one of the pending states: which parts of `_embedded` and `_links` each state carries. */
export const pendingTransaction = z.object({
  stateToken: z.string(),
  expiresAt: z.string(),
  status: z.enum(AUTHN_PENDING_STATUSES),
  relayState: z.string().nullable(),
  /** MFA_CHALLENGE of a push factor, MFA_ENROLL_ACTIVATE. */
  factorResult: factorResult.optional(),
  /** PASSWORD_RESET, RECOVERY. */
  recoveryType: recoveryType.optional(),
  _embedded: z.object({
    /**
     * Every state but a passkey sign-in's: whoever has only typed an address is told nothing of the person
     * (their name, their passkeys' names) before the passkey answered.
     */
    user: authnUser.optional(),
    /** MFA_REQUIRED: the person's active factors; MFA_ENROLL: the factors they may enrol. */
    factors: z.array(z.union([authnFactor, enrollableFactor])).optional(),
    /** MFA_CHALLENGE, MFA_ENROLL_ACTIVATE. */
    factor: authnFactor.optional(),
    /** PASSWORD_EXPIRED, PASSWORD_WARN, PASSWORD_RESET. */
    policy: authnPolicy.optional(),
  }),
  _links: z.object({
    next: authnLink.optional(),
    skip: authnLink.optional(),
    prev: authnLink.optional(),
    cancel: authnLink,
    resend: z.array(authnLink).optional(),
  }),
});

/** SUCCESS: a one-time sessionToken (exchanged at /v1/authorize or /login/sessionCookieRedirect). */
export const successTransaction = z.object({
  expiresAt: z.string(),
  status: z.literal('SUCCESS'),
  relayState: z.string().nullable(),
  sessionToken: z.string(),
  _embedded: z.object({ user: authnUser }),
  _links: z.object({ cancel: authnLink }),
});

/** LOCKED_OUT: too many wrong passwords; the next step is an unlock e-mail. */
export const lockedOutTransaction = z.object({
  status: z.literal('LOCKED_OUT'),
  _embedded: z.object({}),
  _links: z.object({ next: authnLink, cancel: authnLink }),
});

/** RECOVERY_CHALLENGE: the same answer whether or not the person exists (an e-mail went out if they do). */
export const recoveryChallengeTransaction = z.object({
  status: z.literal('RECOVERY_CHALLENGE'),
  factorResult: z.literal('WAITING'),
  factorType: z.literal('EMAIL'),
  recoveryType,
});

export const unlockedTransaction = z.object({
  status: z.literal('UNLOCKED'),
  recoveryType: z.literal('UNLOCK'),
  relayState: z.string().nullable(),
  _embedded: z.object({ user: authnUser }),
  _links: z.object({}),
});

/** Every answer of a transaction step. */
export const authnTransaction = z.union([
  pendingTransaction,
  successTransaction,
  lockedOutTransaction,
  recoveryChallengeTransaction,
  unlockedTransaction,
]);

/** The answer to cancel: the transaction's relayState. */
export const cancelledTransaction = z.object({ relayState: z.string().nullable() });

export type AuthnLink = z.infer<typeof authnLink>;
export type AuthnUser = z.infer<typeof authnUser>;
export type AuthnFactor = z.infer<typeof authnFactor>;
export type EnrollableFactor = z.infer<typeof enrollableFactor>;
export type TotpActivation = z.infer<typeof totpActivation>;
export type PendingTransaction = z.infer<typeof pendingTransaction>;
export type SuccessTransaction = z.infer<typeof successTransaction>;
export type LockedOutTransaction = z.infer<typeof lockedOutTransaction>;
export type RecoveryChallengeTransaction = z.infer<typeof recoveryChallengeTransaction>;
export type UnlockedTransaction = z.infer<typeof unlockedTransaction>;
export type AuthnTransactionAnswer = z.infer<typeof authnTransaction>;
export type CancelledTransaction = z.infer<typeof cancelledTransaction>;
