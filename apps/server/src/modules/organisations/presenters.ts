import type {
  OrganisationInvitation,
  OrganisationList,
  OrganisationListDetail,
  OrganisationMember,
  OrganisationRole,
  OrganisationSummary,
} from '@trackwell/contracts';
import type {
  InvitationRow,
  MemberRow,
  OrganisationListRow,
  OrganisationListStandardRow,
  OrganisationRow,
} from '@trackwell/db';

/** Rows as the API answers them: dates as ISO strings, ids as strings, only the fields of the contract. */

const iso = (d: Date | string) => new Date(d).toISOString();

export const presentOrganisation = (o: OrganisationRow, role: OrganisationRole): OrganisationSummary => ({
  id: o.id,
  name: o.name,
  description: o.description,
  role,
  seats: { limit: o.seatLimit, used: o.seatsUsed },
  reviewDueDays: o.reviewDueDays,
  createdAt: iso(o.createdAt),
});

export const presentMember = (m: MemberRow): OrganisationMember => ({
  userId: m.userId,
  login: m.login,
  firstName: m.firstName,
  lastName: m.lastName,
  role: m.role,
  joinedAt: iso(m.joinedAt),
});

export const presentInvitation = (i: InvitationRow): OrganisationInvitation => ({
  id: i.id,
  email: i.email,
  role: i.role,
  createdAt: iso(i.createdAt),
  expiresAt: iso(i.expiresAt),
});

export const presentList = (l: OrganisationListRow): OrganisationList => ({
  id: l.id,
  name: l.name,
  responsible: l.responsible,
  standardCount: l.standardCount,
  createdAt: iso(l.createdAt),
});

export const presentListDetail = (
  l: OrganisationListRow,
  standards: OrganisationListStandardRow[],
): OrganisationListDetail => ({
  ...presentList(l),
  standards: standards.map((s) => ({ ...s, addedAt: iso(s.addedAt) })),
});
