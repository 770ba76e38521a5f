import { z } from 'zod';
import type { UserInfo } from './user-info.ts';

/**
 * Identity contracts: what the embedded Okta-compatible identity provider promises the portal and the
 * tracker API. The Okta endpoints themselves (/oauth2/default/v1/*, /api/v1/authn*, /api/v1/sessions/me,
 * /idp/myaccount/*) follow Okta's published shapes, answered for `@okta/okta-auth-js` 8; this file names
 * Trackwell's own additions and the token contract.
 */

/** The path of every tenant's issuer on its own origin: issuer = `${origin}${ISSUER_PATH}`. */
export const ISSUER_PATH = '/oauth2/default';

/** The `aud` of every access token the embedded IdP issues (Okta's default authorization server). */
export const ACCESS_TOKEN_AUDIENCE = 'api://default';

// PORTAL_SCOPES and USER_INFO_PATH: identity-paths.ts (no Zod: the portal's first screen names them).

/** The MyAccount API scopes (granted to the portal's client; each endpoint checks one). */
export const MYACCOUNT_SCOPES = [
  'okta.myAccount.profile.read',
  'okta.myAccount.profile.manage',
  'okta.myAccount.email.read',
  'okta.myAccount.email.manage',
  'okta.myAccount.phone.read',
  'okta.myAccount.phone.manage',
  'okta.myAccount.password.read',
  'okta.myAccount.password.manage',
  'okta.myAccount.webauthn.read',
  'okta.myAccount.webauthn.manage',
] as const;
export type MyAccountScope = (typeof MYACCOUNT_SCOPES)[number];

/**
 * Claims of an access token (JWT, RS256, header `typ: at+jwt`, verified against `${issuer}/v1/keys`).
 * `sub` is the login (e-mail), `uid` the user's id, which is also the spec's MAEUserID.
 */
export const accessTokenClaims = z.object({
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  sub: z.string(),
  uid: z.uuid(),
  cid: z.string(),
  scp: z.array(z.string()),
  exp: z.number(),
  iat: z.number(),
  jti: z.string(),
  ver: z.literal(1).optional(),
  /** When the user last authenticated (epoch seconds); MyAccount's step-up check reads it. */
  auth_time: z.number().optional(),
  /** The user's last revocation before this token (its `seq`): only a later one refuses it (revocation-list.ts). */
  rev: z.number().int().nonnegative().optional(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaims>;

/**
 * spec §3 "User info" (`GET` USER_INFO_PATH): the server's answer, of user-info.ts's type, which the portal
 * reads with `readUserInfo` (test/user-info.test.ts: the same verdict on every value).
 */
export const userInfo: z.ZodType<UserInfo, UserInfo> = z.object({
  /** The user's id (a UUID); the tracker API's `userId`. */
  MAEUserID: z.uuid(),
  /** The tenant's id (a UUID). */
  MAETenantID: z.uuid(),
  /** 'subscriber company' is signed out by the portal (spec §3, §6). */
  userType: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The sign-in name (e-mail). */
  login: z.string(),
  /** The user's preferred language, when set. */
  locale: z.string().nullable(),
  /** Whether the user belongs to an organisation of the store: "subscriber company" signs out only without one. */
  organisationMember: z.boolean().optional(),
});

/**
 * Pages of the portal's sign-in area that the IdP links to (the portal implements them):
 * - the tenant's `login-page-url` receives `?fromURI=<authorize URL>` when an authorize request needs more
 *   than the IdP's minimal password form (MFA, expired password, recovery). After `signInWithCredentials`
 *   succeeds, the page calls `session.setCookieAndRedirect(sessionToken, fromURI)`, which resumes the flow.
 * - e-mailed links carry a recovery token for `verifyRecoveryToken({ recoveryToken })`.
 */
export const SIGNIN_FROM_URI_PARAM = 'fromURI';
export const RESET_PASSWORD_PATH = '/signin/reset-password/'; // + recoveryToken
export const UNLOCK_ACCOUNT_PATH = '/signin/unlock/'; // + recoveryToken

/** Okta's error JSON (authn, sessions, MyAccount). */
export const oktaError = z.object({
  errorCode: z.string(),
  errorSummary: z.string(),
  errorLink: z.string(),
  errorId: z.string(),
  errorCauses: z.array(z.object({ errorSummary: z.string() })),
});
export type OktaError = z.infer<typeof oktaError>;

/**
 * The local mail sink's inbox (only while no SMTP_URL is set): JSON at `GET /_dev/mail/messages?to=&q=`
 * (`DELETE` empties it; `GET`/`DELETE /_dev/mail/messages/:id` one message), a web page at `/_dev/mail`.
 */
export const DEV_MAIL_PATH = '/_dev/mail/messages';
/** The inbox web page (server-rendered HTML). */
export const DEV_MAIL_PAGE_PATH = '/_dev/mail';

export const devMailQuery = z.object({
  /** A recipient address (exact, case-insensitive). */
  to: z.string().max(320).optional(),
  /** Text to find in the subject, body, sender or recipients. */
  q: z.string().max(200).optional(),
});

/** One header line as the message carried it (name as written, value unfolded), in order. */
export const devMailHeader = z.object({ key: z.string(), value: z.string() });

export const devMailMessage = z.object({
  id: z.number().int(),
  messageId: z.string().nullable(),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  /** Every header of the message, in order (repeated names repeated). */
  headers: z.array(devMailHeader),
  receivedAt: z.string(),
});
export type DevMailMessage = z.infer<typeof devMailMessage>;

export const devMailList = z.object({ messages: z.array(devMailMessage) });

export const devMailDeleted = z.object({ deleted: z.number().int() });
