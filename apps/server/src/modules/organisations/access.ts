import { type OrganisationAbility, type OrganisationRole, roleMay } from '@trackwell/contracts';
import { findMemberRole, type SqlExecutor } from '@trackwell/db';
import { forbidden, notFound } from '../../http/errors.ts';

/** The signed-in user as the organisation commands see them. */
export interface Member {
  tenantId: string;
  id: string;
  login: string;
}

/** What a refused call says: nothing was read or changed. */
export const noSuchOrganisation = () =>
  notFound('You belong to no such organisation in this store: nothing was read or changed.');

/** Why a role may not: each ability's refusal names who may. */
const REFUSALS: Record<OrganisationAbility, string> = {
  evidence: 'Only an owner, an editor or a reviewer of the organisation reads its evidence reports.',
  manageMembers:
    'Only an owner of the organisation manages its members and invitations: nothing was changed.',
  editLists: 'Only an owner or an editor of the organisation changes its lists: nothing was changed.',
  signOffReviews: 'A reader of the organisation does not sign reviews off: nothing was changed.',
  commentOnReviews: 'A reader of the organisation does not comment on reviews: nothing was changed.',
  manageReviews:
    'Only an owner or an editor of the organisation reassigns and reopens reviews: nothing was changed.',
  setReviewPolicy: 'Only an owner of the organisation sets its review policy: nothing was changed.',
};

/**
 * The caller's role in the organisation, checked before anything else is read: a user who is not a member
 * (or an organisation of another store) gets 404, as if it did not exist; a member whose role may not do
 * `ability` gets 403.
 */
export async function requireMember(
  db: SqlExecutor,
  user: Member,
  organisationId: string,
  ability?: OrganisationAbility,
): Promise<OrganisationRole> {
  const role = await findMemberRole(db, user.tenantId, organisationId, user.id);
  if (!role) throw noSuchOrganisation();
  if (ability && !roleMay(role, ability)) {
    throw forbidden(REFUSALS[ability]);
  }
  return role;
}
