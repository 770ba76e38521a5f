import { z } from 'zod';
import { SESSION_ID_MAX_LENGTH } from './account-data-paths.ts';
import { successorPreference } from './successor-follow.ts';

/**
 * The answers of the account data operations (paths in account-data-paths.ts). The server
 * validates and serializes with these.
 */

export const accountSessionParams = z.object({
  id: z
    .string()
    .min(1)
    .max(SESSION_ID_MAX_LENGTH)
    .regex(/^[\w-]+$/, 'must be a session id')
    .meta({ description: 'The session’s id (from the list).' }),
});

const isoDate = z.string().meta({ description: 'ISO 8601 date and time.' });

export const accountSession = z.object({
  id: z.string().meta({ description: 'The session’s id.' }),
  browser: z
    .string()
    .meta({ description: 'Browser name and major version from the user agent ("" unknown).' }),
  os: z.string().meta({ description: 'Operating system from the user agent ("" unknown).' }),
  ipAddress: z.string().meta({ description: 'The IP address of the last sign-in or token ("" unknown).' }),
  signedInAt: isoDate,
  lastActiveAt: isoDate.meta({ description: 'When the session last got a token (sign-in or renewal).' }),
  current: z.boolean().meta({ description: 'True for the session of the calling token (this device).' }),
});
export type AccountSession = z.infer<typeof accountSession>;

export const accountSessions = z.object({ sessions: z.array(accountSession) });
export type AccountSessions = z.infer<typeof accountSessions>;

export const signedOutSessions = z.object({
  signedOut: z.number().int().min(0).meta({ description: 'How many sessions were ended.' }),
});

const contact = z.object({ id: z.string(), value: z.string(), primary: z.boolean(), verified: z.boolean() });

/** The export: only the caller's own data, of this store. */
export const accountExport = z.object({
  exportedAt: isoDate,
  store: z.string().meta({ description: 'The store’s code.' }),
  profile: z.object({
    id: z.string(),
    login: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    locale: z.string().nullable(),
    status: z.string(),
    createdAt: isoDate.nullable(),
  }),
  emails: z.array(contact),
  phones: z.array(contact),
  trackings: z.object({
    standards: z
      .array(z.unknown())
      .meta({ description: 'Tracked standards, as the tracker API lists them.' }),
    sources: z.record(z.string(), z.unknown()).meta({ description: 'Tracked sources per application.' }),
  }),
  deliveries: z.array(
    z.object({
      id: z.string(),
      change: z.unknown(),
      reasons: z.unknown(),
      createdAt: isoDate,
      readAt: isoDate.nullable(),
    }),
  ),
  sessions: z.array(accountSession),
  /** The passkeys' names and dates: their public keys and credential ids are the authenticator's, not data about the person. */
  passkeys: z.array(
    z.object({ id: z.string(), name: z.string(), createdAt: isoDate, lastUsedAt: isoDate.nullable() }),
  ),
  notificationPreferences: z.unknown(),
  /** Whether trackings follow a replaced standard's successor automatically. */
  successorPreference,
});
export type AccountExport = z.infer<typeof accountExport>;
