import { z } from 'zod';
import { loginName } from './login-name.ts';
import { safeText } from './safe-values.ts';

/**
 * Okta's Users API on the embedded identity provider: the subset a store's back office uses,
 * wire-compatible with `@okta/okta-sdk-nodejs`. Paths, the user lifecycle's statuses and rules, the request
 * and answer shapes. The filter/search grammar is okta-users-filter.ts.
 */

export const OKTA_USERS_PATHS = {
  users: '/api/v1/users',
  user: '/api/v1/users/:userId',
  lifecycle: '/api/v1/users/:userId/lifecycle/:operation',
} as const;

import { OKTA_USER_STATUSES, type OktaUserStatus } from './okta-user-statuses.ts';

export { OKTA_USER_STATUSES, type OktaUserStatus };
/** What the database stores (PASSWORD_EXPIRED is ACTIVE plus an expiry in the past). */
export type StoredUserStatus = Exclude<OktaUserStatus, 'PASSWORD_EXPIRED'>;

/**
 * Who may sign in with a password: ACTIVE users (an expired password then asks for a new one) and LOCKED_OUT
 * ones (told they are locked). STAGED, PROVISIONED and RECOVERY users have not set their password through the
 * e-mailed link yet; SUSPENDED and DEPROVISIONED users are refused (spec: deactivated users cannot sign in).
 */
export const maySignIn = (status: StoredUserStatus) => status === 'ACTIVE' || status === 'LOCKED_OUT';

export const LIFECYCLE_OPERATIONS = [
  'activate',
  'reactivate',
  'deactivate',
  'suspend',
  'unsuspend',
  'unlock',
  'reset_password',
  'expire_password',
] as const;
export type LifecycleOperation = (typeof LIFECYCLE_OPERATIONS)[number];

/** Okta's default page size of GET /api/v1/users, and its maximum. */
export const USERS_PAGE_DEFAULT = 200;
export const USERS_PAGE_MAX = 200;

const emailLike = safeText(100).regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address');
const name = safeText(50).min(1, 'The field cannot be left blank');

/** The profile attributes of Okta's base user schema this provider keeps (others are refused by name). */
const profileFields = {
  /** The login: no look-alike of another (login-name.ts, registration's rule too). */
  login: loginName,
  email: emailLike,
  firstName: name,
  lastName: name,
  locale: safeText(35).nullable(),
};
export const oktaUserProfileFull = z
  .object({ ...profileFields, locale: profileFields.locale.optional() })
  .strict();
export const oktaUserProfilePartial = oktaUserProfileFull.partial().strict();

const credentialsIn = z
  .object({
    password: z
      .object({ value: z.string().max(256) })
      .strict()
      .optional(),
    recovery_question: z
      .object({ question: safeText(100).min(1), answer: z.string().min(1).max(100) })
      .strict()
      .optional(),
    provider: z
      .object({ type: z.string().max(20).optional(), name: z.string().max(20).optional() })
      .optional(),
  })
  .strict();

/** POST /api/v1/users (`?activate=`), with or without credentials. */
export const oktaCreateUserBody = z.object({
  profile: oktaUserProfileFull,
  credentials: credentialsIn.optional(),
  type: z.object({ id: z.string().max(100).optional() }).optional(),
});
export type OktaCreateUserBody = z.infer<typeof oktaCreateUserBody>;

/** POST (partial) and PUT (whole profile) /api/v1/users/{id}. */
export const oktaUpdateUserBody = z.object({
  profile: oktaUserProfilePartial.optional(),
  credentials: credentialsIn.optional(),
  type: z.object({ id: z.string().max(100).optional() }).optional(),
});
export type OktaUpdateUserBody = z.infer<typeof oktaUpdateUserBody>;
export const oktaReplaceUserBody = oktaUpdateUserBody.extend({ profile: oktaUserProfileFull });

const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

export const oktaCreateUserQuery = z.object({
  activate: booleanQuery.optional(),
  provider: booleanQuery.optional(),
  nextLogin: z.literal('changePassword').optional(),
});

export const oktaListUsersQuery = z.object({
  q: safeText(100).optional(),
  filter: safeText(1000).optional(),
  search: safeText(1000).optional(),
  after: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100_000).optional(),
  sortBy: z.string().max(100).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
});
export type OktaListUsersQuery = z.infer<typeof oktaListUsersQuery>;

export const oktaUserParams = z.object({ userId: z.string().min(1).max(200) });
export const oktaLifecycleParams = oktaUserParams.extend({ operation: z.enum(LIFECYCLE_OPERATIONS) });
export const oktaLifecycleQuery = z.object({
  sendEmail: booleanQuery.optional(),
  tempPassword: booleanQuery.optional(),
});
export const oktaDeleteUserQuery = z.object({ sendEmail: booleanQuery.optional() });

const link = z.object({ href: z.string(), method: z.string().optional() });

/** Okta's User object as the SDK's `User` model reads it. */
export const oktaUser = z.object({
  id: z.string(),
  status: z.enum(OKTA_USER_STATUSES),
  created: z.string(),
  activated: z.string().nullable(),
  statusChanged: z.string().nullable(),
  lastLogin: z.string().nullable(),
  lastUpdated: z.string(),
  passwordChanged: z.string().nullable(),
  type: z.object({ id: z.string() }),
  profile: z.object({
    login: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    locale: z.string().nullable(),
  }),
  credentials: z.object({
    password: z.object({}).optional(),
    recovery_question: z.object({ question: z.string() }).optional(),
    provider: z.object({ type: z.string(), name: z.string() }),
  }),
  _links: z.record(z.string(), link),
});
export type OktaUser = z.infer<typeof oktaUser>;

/** A lifecycle operation's answer: `{}`, the activation link and token, the reset link, or the user. */
export const oktaLifecycleAnswer = z.union([
  z.object({ activationUrl: z.string(), activationToken: z.string() }),
  z.object({ resetPasswordUrl: z.string() }),
  oktaUser,
  z.object({}),
]);
export type OktaLifecycleAnswer = z.infer<typeof oktaLifecycleAnswer>;
