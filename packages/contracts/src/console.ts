import { z } from 'zod';
import { CONSOLE_ROLES } from './console-paths.ts';
import { hostName, safeText, tenantCode } from './safe-values.ts';
import { featureFlags, tenantConfig } from './tenant-config.ts';
import { LOGO_SVG_MAX_LENGTH, tenantThemeValues } from './tenant-definition.ts';

/*
 * The operator console's API: bodies and answers (paths and role names: console-paths.ts), once for the server, the portal
 * and the tests. Store definitions are validated by the same contracts the seed uses (tenant-definition.ts).
 */

export const consoleRole = z.enum(CONSOLE_ROLES);
export type ConsoleRole = z.infer<typeof consoleRole>;

export const storeCodeParams = z.object({ code: tenantCode });

/** A store in the console's list. */
export const consoleStoreSummary = z.object({
  code: z.string(),
  name: z.string(),
  canonicalHost: z.string(),
  hosts: z.array(z.string()),
});
export const consoleStoreList = z.object({ stores: z.array(consoleStoreSummary) });

/**
 * A store's whole definition as stored (what the seed writes). The theme is answered with its value rules
 * only: the contrast rules apply when a theme is saved.
 */
export const consoleStoreDefinition = z.object({
  code: z.string(),
  /** The first host is canonical. */
  hosts: z.array(z.string()),
  config: tenantConfig,
  theme: tenantThemeValues,
  featureFlags,
  logoSvg: z.string(),
  updatedAt: z.string(),
});
export type ConsoleStoreDefinition = z.infer<typeof consoleStoreDefinition>;

/** A JSON object merged into the stored one (RFC 7396 merge patch: objects merge, arrays replace, null deletes). */
const mergePatchObject = z.record(z.string(), z.unknown());

/**
 * PATCH a store: only the parts named change. The merged definition must pass `tenantDefinition` (the
 * seed's contract, theme contrast and SVG guard included); otherwise 400 naming every field, nothing written.
 */
export const consoleStorePatch = z
  .object({
    hosts: z.array(hostName).min(1).max(20).optional(),
    config: mergePatchObject.optional(),
    theme: mergePatchObject.optional(),
    featureFlags: mergePatchObject.optional(),
    logoSvg: z.string().max(LOGO_SVG_MAX_LENGTH).optional(),
  })
  .strict();
export type ConsoleStorePatch = z.infer<typeof consoleStorePatch>;

/** POST a store: a new store from the console's starting definition (embedded identity provider). */
export const consoleStoreCreate = z
  .object({
    code: tenantCode,
    name: safeText(120).min(1),
    /** Host names; the first is canonical. */
    hosts: z
      .array(hostName)
      .min(1)
      .max(20)
      .refine((hosts) => new Set(hosts).size === hosts.length, 'must not repeat a host'),
  })
  .strict();
export type ConsoleStoreCreate = z.infer<typeof consoleStoreCreate>;

export const consoleRoleGrant = z.object({
  userId: z.string(),
  login: z.string(),
  role: consoleRole,
  grantedAt: z.string(),
});
export const consoleRoleList = z.object({
  grants: z.array(consoleRoleGrant),
  /** The login an invitation was e-mailed to, when the grant made a new account. */
  invited: z.string().optional(),
});
/** Grant or revoke a role of a user of the store, named by login. */
export const consoleRoleChange = z.object({ login: z.string().min(3).max(254), role: consoleRole }).strict();
/**
 * Grant a role. A login that is not yet a user of the store, given with first and last names, is invited:
 * the account is made without a password and an e-mail link lets its owner choose one (7 days).
 */
export const consoleRoleGrantBody = consoleRoleChange
  .extend({ firstName: safeText(100).min(1).optional(), lastName: safeText(100).min(1).optional() })
  .strict();
export type ConsoleRoleGrantBody = z.infer<typeof consoleRoleGrantBody>;

export const consoleApiKey = z.object({
  id: z.string(),
  label: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export const consoleApiKeyList = z.object({ keys: z.array(consoleApiKey) });
export const consoleApiKeyCreate = z.object({ label: safeText(100).min(1) }).strict();
/** The new key, shown this once: only its hash is stored. */
export const consoleApiKeyCreated = consoleApiKey.extend({ key: z.string() });
export const apiKeyParams = storeCodeParams.extend({ id: z.string().regex(/^[1-9][0-9]{0,17}$/) });

const isoInstant = z.iso.datetime({ offset: true });

/** The audit log's page size: at most, and by default. */
export const CONSOLE_AUDIT_PAGE = { max: 500, default: 50 } as const;

/**
 * Filters of the audit log and how it is paged: by `cursor` (the `nextCursor` of the previous page), or by
 * `page` number (1 = the newest; the answer then says the `total`, and a page past the last is a 400).
 */
const auditQueryFields = z
  .object({
    actor: z.string().max(254).optional(),
    action: z.string().max(64).optional(),
    store: tenantCode.optional(),
    from: isoInstant.optional(),
    to: isoInstant.optional(),
    cursor: z
      .string()
      .regex(/^[1-9][0-9]{0,17}$/)
      .optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).optional(),
    limit: z.coerce.number().int().min(1).max(CONSOLE_AUDIT_PAGE.max).default(CONSOLE_AUDIT_PAGE.default),
    format: z.enum(['json', 'csv']).optional(),
  })
  .strict();

/** A cursor and a page number exclude each other; the CSV export is every matching entry, never one page. */
const pagingRules = <
  T extends z.ZodType<{
    cursor?: string | undefined;
    page?: number | undefined;
    format?: string | undefined;
  }>,
>(
  schema: T,
) =>
  schema
    .refine((query) => query.cursor === undefined || query.page === undefined, {
      message: 'a cursor and a page number exclude each other',
      path: ['page'],
    })
    .refine((query) => query.page === undefined || query.format !== 'csv', {
      message: 'the CSV export holds every matching entry; it takes no page number',
      path: ['page'],
    });

/** The log of every store (operators), filterable by store. */
export const consoleAuditQuery = pagingRules(auditQueryFields);
/** One store's log: no store filter (the path names the store). */
export const consoleStoreAuditQuery = pagingRules(auditQueryFields.omit({ store: true }));
export type ConsoleAuditQuery = z.infer<typeof consoleAuditQuery>;

export const consoleAuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  store: z.string().nullable(),
  actorKind: z.enum(['user', 'api_key', 'client', 'system']),
  actorId: z.string(),
  actorLogin: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type ConsoleAuditEntry = z.infer<typeof consoleAuditEntry>;
export const consoleAuditPage = z.object({
  entries: z.array(consoleAuditEntry),
  /** Pass as `cursor` for the next (older) page; null at the end (and with `page`). */
  nextCursor: z.string().nullable(),
  /** With `page`: every matching entry, for "page N of M". */
  total: z.number().int().min(0).optional(),
});
