import { z } from 'zod';
import { storeCodeParams } from './console.ts';
import { OKTA_USER_STATUSES } from './okta-users.ts';

/*
 * A store's users in the console — search (login, name, status; cursor pages), one user's
 * profile, factors, sessions, trackings and recent deliveries, and the administrator's actions. The lifecycle
 * rules themselves are the Users API's (apps/server/src/modules/provisioning/lifecycle.ts); these are the
 * console's shapes only. NUL and invalid UTF-8 are refused before these (http/unsafe-strings-guard.ts). Paths: CONSOLE_PATHS.storeUsers, storeUser, storeUserAction (console-paths.ts).
 */

const uuid = z.uuid();
const isoDate = z.string();
const nullableDate = isoDate.nullable();

export const CONSOLE_USERS_PAGE_MAX = 100;

export const consoleUsersQuery = z.object({
  /** Login, e-mail, first or last name starting with this (case-insensitive). */
  q: z.string().trim().max(100).optional(),
  /** Only users in this Okta status. */
  status: z.enum(OKTA_USER_STATUSES).optional(),
  /** The cursor of the next page (`nextAfter` of the previous answer). */
  after: uuid.optional(),
  limit: z.coerce.number().int().min(1).max(CONSOLE_USERS_PAGE_MAX).default(25),
});
export type ConsoleUsersQuery = z.infer<typeof consoleUsersQuery>;

export const consoleUserParams = storeCodeParams.extend({ userId: uuid });

/**
 * What the console may do to a user; `lock` is Okta's suspend, `reset_factors` forgets every MFA factor,
 * `activate` starts a STAGED user (the activation e-mail), `resend_activation` e-mails a PROVISIONED one a new
 * activation link (Okta's reactivate), `reactivate` brings a DEPROVISIONED one back.
 */
export const CONSOLE_USER_ACTIONS = [
  'activate',
  'resend_activation',
  'lock',
  'unlock',
  'reset_password',
  'reset_factors',
  'deactivate',
  'reactivate',
] as const;
export type ConsoleUserAction = (typeof CONSOLE_USER_ACTIONS)[number];
export const consoleUserActionParams = consoleUserParams.extend({ action: z.enum(CONSOLE_USER_ACTIONS) });

/** The actions and delete (DELETE on the user). */
export const CONSOLE_USER_OPERATIONS = [...CONSOLE_USER_ACTIONS, 'delete'] as const;
export type ConsoleUserOperation = (typeof CONSOLE_USER_OPERATIONS)[number];

/** The console's refusals of an action on a user (409), which the portal words in the reader's language. */
export const CONSOLE_USER_ERRORS = {
  /** The user's status does not allow the action (Okta's lifecycle). */
  notAllowed: 'user_action_not_allowed',
  /** An administrator locking, deactivating, deleting… their own account. */
  ownAccount: 'own_account',
} as const;
export const consoleUserSummary = z.object({
  id: z.string(),
  login: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.enum(OKTA_USER_STATUSES),
  created: isoDate,
  lastLogin: nullableDate,
});
export type ConsoleUserSummary = z.infer<typeof consoleUserSummary>;

export const consoleUserList = z.object({
  users: z.array(consoleUserSummary),
  /** The cursor of the next page; null on the last. */
  nextAfter: z.string().nullable(),
});
export type ConsoleUserList = z.infer<typeof consoleUserList>;

export const consoleUserDetail = z.object({
  user: consoleUserSummary.extend({
    locale: z.string().nullable(),
    activated: nullableDate,
    statusChanged: nullableDate,
    passwordChanged: nullableDate,
  }),
  /** What may be done to the user now: consoleUserActionsFor (console-user-actions.ts). */
  actions: z.array(z.enum(CONSOLE_USER_OPERATIONS)),
  /** The user is the caller: what would lock them out of their own account is not offered. */
  self: z.boolean(),
  factors: z.array(
    z.object({ id: z.string(), factorType: z.string(), provider: z.string(), status: z.string() }),
  ),
  sessions: z.array(
    z.object({
      id: z.string(),
      browser: z.string(),
      os: z.string(),
      ipAddress: z.string(),
      signedInAt: isoDate,
      lastActiveAt: isoDate,
    }),
  ),
  /** Every kind of tracking the user holds in the tracker (spec §3), not only individual standards. */
  trackings: z.object({
    /** How many standards the user tracks individually. */
    count: z.number().int().min(0),
    /** The newest tracked standards (at most 20). */
    standards: z.array(z.object({ designation: z.string(), title: z.string(), createdAt: isoDate })),
    /** The committees' designations, the industry areas' and the publishers' codes, sorted. */
    committees: z.array(z.string()),
    industryAreas: z.array(z.string()),
    publishers: z.array(z.string()),
    /** Whether the user follows work items. */
    workItems: z.boolean(),
  }),
  /** The newest notifications delivered to the user (at most 10). */
  deliveries: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      /** The standard's designation or the work item's number. */
      designation: z.string(),
      title: z.string(),
      createdAt: isoDate,
      readAt: nullableDate,
    }),
  ),
});
export type ConsoleUserDetail = z.infer<typeof consoleUserDetail>;
