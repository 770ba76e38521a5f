import {
  GROUP_USERS_PAGE_DEFAULT,
  GROUPS_PAGE_DEFAULT,
  OKTA_GROUPS_PATHS,
  type OktaGroup,
  type OktaListGroupsQuery,
  type OktaListGroupUsersQuery,
  type OktaUser,
} from '@trackwell/contracts';
import {
  createOrganisation,
  deleteOrganisation,
  findMemberRole,
  findOrganisation,
  findProvisionedUser,
  isUuid,
  listOrganisations,
  lockOrganisation,
  type OrganisationRow,
  pageMembers,
  putMember,
  recordAuditEntry,
  removeMember,
  type SqlExecutor,
} from '@trackwell/db';
import { OktaApiError, oktaErrors } from '../identity/okta-errors.ts';
import type { ProvisioningContext } from './context.ts';
import { presentUser } from './present-user.ts';

/*
 * Okta's Groups API over the store's organisations, framework-free: a group is an organisation (same id),
 * its users the organisation's members. A user added here joins as a reader, within the seat limit (members
 * plus open invitations); removing one removes the membership whatever the role (the identity provider of
 * the company decides): lists they were responsible for keep no responsible person until an editor names
 * one. Each change writes its audit entry, the API token as its actor. Paging as Okta's: `limit` and `after`, `Link` headers (self, next) from the store's canonical origin.
 */

export interface Page<T> {
  items: T[];
  links: string[];
}

/** The audit entry of a change through the Groups API: its token is the actor (the console's audit log shows it). */
function audited(
  tx: SqlExecutor,
  ctx: ProvisioningContext,
  entry: {
    action: 'organisation.create' | 'organisation.delete' | 'organisation.member';
    target: string;
    before: unknown;
    after: unknown;
  },
) {
  const key = ctx.apiKey ?? { id: 'unknown', label: 'API token' };
  return recordAuditEntry(tx, ctx.tenant.id, {
    storeCode: ctx.tenant.code,
    actor: { kind: 'api_key', id: key.id, login: key.label },
    ...entry,
  });
}

const groupHref = (ctx: ProvisioningContext, id: string) => `${ctx.origin}${OKTA_GROUPS_PATHS.groups}/${id}`;

export function presentGroup(ctx: ProvisioningContext, o: OrganisationRow): OktaGroup {
  const self = groupHref(ctx, o.id);
  const updated = new Date(o.updatedAt).toISOString();
  return {
    id: o.id,
    created: new Date(o.createdAt).toISOString(),
    lastUpdated: updated,
    lastMembershipUpdated: updated,
    objectClass: ['okta:user_group'],
    type: 'OKTA_GROUP',
    profile: { name: o.name, description: o.description || null },
    _links: { self: { href: self }, users: { href: `${self}/users` }, apps: { href: `${self}/apps` } },
  };
}

async function requireGroup(ctx: ProvisioningContext, groupId: string) {
  const found = await findOrganisation(ctx.db, ctx.tenant.id, groupId);
  if (!found) throw oktaErrors.notFound(`${groupId} (UserGroup)`);
  return found;
}

const nameTaken = () =>
  new OktaApiError(400, 'E0000001', 'Api validation failed: name', [
    'name: An object with this field already exists in the current organization',
  ]);

export async function createGroup(
  ctx: ProvisioningContext,
  profile: { name: string; description?: string | null | undefined },
): Promise<OktaGroup> {
  const created = await ctx.db.transaction(async (tx) => {
    const row = await createOrganisation(tx, ctx.tenant.id, {
      name: profile.name,
      description: profile.description ?? '',
    });
    if (row)
      await audited(tx, ctx, {
        action: 'organisation.create',
        target: row.name,
        before: null,
        after: { id: row.id, name: row.name },
      });
    return row;
  });
  if (!created) throw nameTaken();
  return presentGroup(ctx, created);
}

export async function readGroup(ctx: ProvisioningContext, groupId: string) {
  return presentGroup(ctx, await requireGroup(ctx, groupId));
}

export async function removeGroup(ctx: ProvisioningContext, groupId: string) {
  await ctx.db.transaction(async (tx) => {
    const found = await lockOrganisation(tx, ctx.tenant.id, groupId);
    if (!found || !(await deleteOrganisation(tx, ctx.tenant.id, groupId)))
      throw oktaErrors.notFound(`${groupId} (UserGroup)`);
    await audited(tx, ctx, {
      action: 'organisation.delete',
      target: found.name,
      before: { id: found.id },
      after: null,
    });
  });
}

const cursor = (after: string | undefined) => {
  if (after !== undefined && !isUuid(after)) throw oktaErrors.validation('after: not a cursor of this list');
  return after;
};

/** Link headers: self, and next (after the last item) when the page is full. */
function pageLinks(
  url: (after?: string) => string,
  after: string | undefined,
  lastId: string | undefined,
  full: boolean,
) {
  const links = [`<${url(after)}>; rel="self"`];
  if (full && lastId) links.push(`<${url(lastId)}>; rel="next"`);
  return links;
}

export async function listGroups(
  ctx: ProvisioningContext,
  query: OktaListGroupsQuery,
): Promise<Page<OktaGroup>> {
  if (query.search !== undefined || query.filter !== undefined)
    throw new OktaApiError(400, 'E0000031', 'Invalid search criteria.', [
      'search and filter: not supported; use q',
    ]);
  const after = cursor(query.after);
  const limit = query.limit ?? GROUPS_PAGE_DEFAULT;
  const rows = await listOrganisations(ctx.db, ctx.tenant.id, { limit: limit + 1, after, q: query.q });
  const items = rows.slice(0, limit);
  const url = (next?: string) => {
    const params = new URLSearchParams();
    if (query.q !== undefined) params.set('q', query.q);
    params.set('limit', String(limit));
    if (next) params.set('after', next);
    return `${ctx.origin}${OKTA_GROUPS_PATHS.groups}?${params}`;
  };
  return {
    items: items.map((o) => presentGroup(ctx, o)),
    links: pageLinks(url, after, items.at(-1)?.id, rows.length > limit),
  };
}

export async function listGroupUsers(
  ctx: ProvisioningContext,
  groupId: string,
  query: OktaListGroupUsersQuery,
): Promise<Page<OktaUser>> {
  await requireGroup(ctx, groupId);
  const after = cursor(query.after);
  const limit = query.limit ?? GROUP_USERS_PAGE_DEFAULT;
  const rows = await pageMembers(ctx.db, ctx.tenant.id, groupId, { limit: limit + 1, after });
  const members = rows.slice(0, limit);
  const users: OktaUser[] = [];
  for (const m of members) {
    const user = await findProvisionedUser(ctx.db, ctx.tenant.id, m.userId);
    if (user) users.push(presentUser(user, ctx.origin));
  }
  const url = (next?: string) =>
    `${groupHref(ctx, groupId)}/users?${new URLSearchParams({ limit: String(limit), ...(next ? { after: next } : {}) })}`;
  return { items: users, links: pageLinks(url, after, members.at(-1)?.userId, rows.length > limit) };
}

/** PUT: the user joins as a reader (a member already keeps their role), within the seat limit. */
export async function addGroupUser(ctx: ProvisioningContext, groupId: string, userIdOrLogin: string) {
  await ctx.db.transaction(async (tx) => {
    const organisation = await lockOrganisation(tx, ctx.tenant.id, groupId);
    if (!organisation) throw oktaErrors.notFound(`${groupId} (UserGroup)`);
    const user = await findProvisionedUser(tx, ctx.tenant.id, userIdOrLogin);
    if (!user) throw oktaErrors.notFound(`${userIdOrLogin} (User)`);
    if (await findMemberRole(tx, ctx.tenant.id, groupId, user.id)) return;
    if (organisation.seatsUsed >= organisation.seatLimit)
      throw new OktaApiError(400, 'E0000001', 'Api validation failed: seats', [
        `seats: the organisation uses all of its ${organisation.seatLimit} seats (members and open invitations)`,
      ]);
    await putMember(tx, ctx.tenant.id, groupId, user.id, 'reader');
    await audited(tx, ctx, {
      action: 'organisation.member',
      target: user.id,
      before: null,
      after: { organisationId: groupId, role: 'reader' },
    });
  });
}

/** DELETE: the membership goes, whatever the role; an unknown group or user is 404. */
export async function removeGroupUser(ctx: ProvisioningContext, groupId: string, userIdOrLogin: string) {
  await ctx.db.transaction(async (tx) => {
    if (!(await lockOrganisation(tx, ctx.tenant.id, groupId)))
      throw oktaErrors.notFound(`${groupId} (UserGroup)`);
    const user = await findProvisionedUser(tx, ctx.tenant.id, userIdOrLogin);
    if (!user) throw oktaErrors.notFound(`${userIdOrLogin} (User)`);
    const role = await findMemberRole(tx, ctx.tenant.id, groupId, user.id);
    if (!role) return;
    await removeMember(tx, ctx.tenant.id, groupId, user.id);
    await audited(tx, ctx, {
      action: 'organisation.member',
      target: user.id,
      before: { organisationId: groupId, role },
      after: null,
    });
  });
}
