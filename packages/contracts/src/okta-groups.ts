import { z } from 'zod';
import { safeText } from './safe-values.ts';

/*
 * Okta's Groups API shape on the embedded identity provider: a group is one of the store's organisations
 * (its id is the organisation's), its members the organisation's members. Provisioned members join as
 * readers; owners give other roles in the portal. SSWS tokens as the Users API; verified with the unchanged
 * `@okta/okta-sdk-nodejs`.
 */

export const OKTA_GROUPS_PATHS = {
  groups: '/api/v1/groups',
  group: '/api/v1/groups/:groupId',
  groupUsers: '/api/v1/groups/:groupId/users',
  groupUser: '/api/v1/groups/:groupId/users/:userId',
} as const;

/** Okta's default and largest page of groups, and of a group's users. */
export const GROUPS_PAGE_DEFAULT = 200;
export const GROUPS_PAGE_MAX = 10_000;
export const GROUP_USERS_PAGE_DEFAULT = 200;
export const GROUP_USERS_PAGE_MAX = 1000;

const groupProfile = z.object({
  name: safeText(120)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, 'must not be empty')),
  description: safeText(1000, { multiline: true }).nullish(),
});

/** POST /api/v1/groups (and Okta's other profile fields, ignored). */
export const oktaCreateGroupBody = z.object({ profile: groupProfile.loose() }).loose();

export const oktaGroupParams = z.object({ groupId: z.string().min(1).max(200) });
export const oktaGroupUserParams = oktaGroupParams.extend({ userId: z.string().min(1).max(200) });

const limit = (max: number) => z.coerce.number().int().min(1).max(max).optional();
export const oktaListGroupsQuery = z.object({
  q: safeText(120).optional(),
  after: z.string().max(100).optional(),
  limit: limit(GROUPS_PAGE_MAX),
  search: z.string().max(1000).optional(),
  filter: z.string().max(1000).optional(),
  expand: z.string().max(100).optional(),
});
export type OktaListGroupsQuery = z.infer<typeof oktaListGroupsQuery>;
export const oktaListGroupUsersQuery = z.object({
  after: z.string().max(100).optional(),
  limit: limit(GROUP_USERS_PAGE_MAX),
});
export type OktaListGroupUsersQuery = z.infer<typeof oktaListGroupUsersQuery>;

const href = z.object({ href: z.string() });
export const oktaGroup = z.object({
  id: z.string(),
  created: z.string(),
  lastUpdated: z.string(),
  lastMembershipUpdated: z.string(),
  objectClass: z.array(z.string()),
  type: z.literal('OKTA_GROUP'),
  profile: z.object({ name: z.string(), description: z.string().nullable() }),
  _links: z.object({ self: href, users: href, apps: href }),
});
export type OktaGroup = z.infer<typeof oktaGroup>;
