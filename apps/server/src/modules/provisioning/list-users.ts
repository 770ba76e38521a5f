import {
  OKTA_USERS_PATHS,
  type OktaListUsersQuery,
  type OktaUser,
  parseUserFilter,
  USERS_PAGE_DEFAULT,
  USERS_PAGE_MAX,
  type UserFilter,
  UserFilterError,
} from '@trackwell/contracts';
import { listProvisionedUsers } from '@trackwell/db';
import { OktaApiError, oktaErrors } from '../identity/okta-errors.ts';
import type { ProvisioningContext } from './context.ts';
import { presentUser } from './present-user.ts';

/**
 * GET /api/v1/users: `q` (first name, last name or e-mail starting with it), `filter` and
 * `search` (Okta's grammar, contracts okta-users-filter.ts; both given: both must hold), paged by id with
 * `limit` (at most 200) and `after`. The `Link` header's next page is built from the store's canonical origin
 * and the query as given, never from the request's Host.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parsed(expression: string | undefined, mode: 'filter' | 'search'): UserFilter | undefined {
  if (expression === undefined) return undefined;
  try {
    return parseUserFilter(expression, mode);
  } catch (error) {
    if (!(error instanceof UserFilterError)) throw error;
    throw new OktaApiError(400, 'E0000031', 'Invalid search criteria.', [`${mode}: ${error.message}`]);
  }
}

export interface UsersPage {
  users: OktaUser[];
  /** Link header values: self, and next when another page follows. */
  links: string[];
}

export async function listUsers(ctx: ProvisioningContext, query: OktaListUsersQuery): Promise<UsersPage> {
  const filters = [parsed(query.filter, 'filter'), parsed(query.search, 'search')].filter(
    (f): f is UserFilter => f !== undefined,
  );
  if (query.after !== undefined && !UUID.test(query.after))
    throw oktaErrors.validation('after: not a cursor of this list');
  const limit = Math.min(query.limit ?? USERS_PAGE_DEFAULT, USERS_PAGE_MAX);
  const page = await listProvisionedUsers(ctx.db, ctx.tenant.id, {
    ...(filters.length
      ? { filter: filters.length === 1 ? filters[0]! : { kind: 'and', items: filters } }
      : {}),
    ...(query.q ? { q: query.q } : {}),
    ...(query.after ? { after: query.after } : {}),
    limit,
  });
  const url = (after?: string) => {
    const params = new URLSearchParams();
    for (const key of ['q', 'filter', 'search'] as const)
      if (query[key] !== undefined) params.set(key, query[key]);
    params.set('limit', String(limit));
    if (after) params.set('after', after);
    return `${ctx.origin}${OKTA_USERS_PATHS.users}?${params}`;
  };
  const links = [`<${url(query.after)}>; rel="self"`];
  const last = page.users.at(-1);
  if (page.more && last) links.push(`<${url(last.id)}>; rel="next"`);
  return { users: page.users.map((u) => presentUser(u, ctx.origin)), links };
}
