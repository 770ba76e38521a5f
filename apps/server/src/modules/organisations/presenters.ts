import type {
  OrganisationInvitation,
  OrganisationList,
  OrganisationListDetail,
  OrganisationMember,
  OrganisationReview,
  OrganisationRole,
  OrganisationSummary,
  ReviewEvent,
} from '@trackwell/contracts';
import type {
  InvitationRow,
  MemberRow,
  OrganisationListRow,
  OrganisationListStandardRow,
  OrganisationReviewRow,
  OrganisationRow,
  ReviewEventRow,
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

export const presentReview = (r: OrganisationReviewRow): OrganisationReview => ({
  id: r.id,
  listId: r.listId,
  listName: r.listName,
  standard: r.standard,
  changeKind: r.changeKind,
  change: {
    ...(r.change.standard?.edition ? { edition: r.change.standard.edition } : {}),
    ...(r.change.standard?.status ? { status: r.change.standard.status } : {}),
    ...(r.change.standard?.date ? { date: r.change.standard.date } : {}),
    ...(r.change.summary ? { summary: r.change.summary } : {}),
  },
  assignee: r.assignee,
  openedAt: iso(r.openedAt),
  dueAt: iso(r.dueAt),
  status: r.status,
  overdue: r.overdue,
  decision: r.decision,
  note: r.note,
  evidenceLinks: r.evidenceLinks,
  signedOffBy: r.signedOffBy,
  signedOffAt: r.signedOffAt ? iso(r.signedOffAt) : null,
});

export const presentReviewEvent = (e: ReviewEventRow): ReviewEvent => ({
  id: e.id,
  kind: e.kind,
  actor: e.actor,
  at: iso(e.at),
  detail: e.detail,
});
