import { z } from 'zod';
import { storeCodeParams } from './console.ts';
import { successEnvelope } from './envelope.ts';
import { PASSWORD_MAX_LENGTH } from './password-policy.ts';
import { safeText } from './safe-values.ts';

/*
 * Organisations within a store: members with a role, e-mailed invitations under a seat limit the store
 * sets, and the organisation's named watch lists, each with a responsible person who is a member. A signed-in
 * user reaches only organisations they belong to (another organisation, or another store's, is 404); what
 * a role may not do is 403. Personal lists (the tracker) are unchanged.
 */

const BASE = '/api/organisations/v1';
const CONSOLE_BASE = '/api/console/v1/stores/:code/organisations';

export const ORGANISATION_PATHS = {
  organisations: `${BASE}/organisations`,
  organisation: `${BASE}/organisations/:organisationId`,
  members: `${BASE}/organisations/:organisationId/members`,
  member: `${BASE}/organisations/:organisationId/members/:userId`,
  invitations: `${BASE}/organisations/:organisationId/invitations`,
  invitation: `${BASE}/organisations/:organisationId/invitations/:invitationId`,
  lists: `${BASE}/organisations/:organisationId/lists`,
  list: `${BASE}/organisations/:organisationId/lists/:listId`,
  listStandards: `${BASE}/organisations/:organisationId/lists/:listId/standards`,
  listStandard: `${BASE}/organisations/:organisationId/lists/:listId/standards/:standardId`,
  /** Without a bearer token: the e-mailed link's token is the proof. */
  invitationLookup: `${BASE}/invitations/lookup`,
  invitationAccept: `${BASE}/invitations/accept`,
  /** The console: a store's organisations, one with its members, and its seat limit. */
  consoleOrganisations: CONSOLE_BASE,
  consoleOrganisation: `${CONSOLE_BASE}/:organisationId`,
  consoleSeatLimit: `${CONSOLE_BASE}/:organisationId/seat-limit`,
} as const;

/** The portal's page an invitation's link opens (`?token=`). */
export const ORGANISATION_ACCEPT_PAGE = '/organisations/accept';

/** Owners manage members and invitations; editors change the lists; reviewers and readers see them. */
export const ORGANISATION_ROLES = ['owner', 'editor', 'reviewer', 'reader'] as const;
export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];
export const organisationRole = z.enum(ORGANISATION_ROLES);

/** What each role may do: the one rule the server checks and the portal shows. */
export const ORGANISATION_ABILITIES = {
  /** The evidence report of a list's reviews (readers see the lists, not the reviewers' notes). */
  evidence: ['owner', 'editor', 'reviewer'],
  manageMembers: ['owner'],
  editLists: ['owner', 'editor'],
  /** Reviews: decide and sign off (a reviewer only those assigned to them), comment. */
  signOffReviews: ['owner', 'editor', 'reviewer'],
  commentOnReviews: ['owner', 'editor', 'reviewer'],
  /** Reviews: reassign, reopen a signed-off one. */
  manageReviews: ['owner', 'editor'],
  /** The review policy (days to the due date). */
  setReviewPolicy: ['owner'],
} as const satisfies Record<string, readonly OrganisationRole[]>;
export type OrganisationAbility = keyof typeof ORGANISATION_ABILITIES;
export const roleMay = (role: OrganisationRole, ability: OrganisationAbility) =>
  (ORGANISATION_ABILITIES[ability] as readonly OrganisationRole[]).includes(role);

/** A store's default seat limit for a new organisation, and the largest one it can set. */
export const DEFAULT_SEAT_LIMIT = 10;
export const MAX_SEAT_LIMIT = 100_000;

const uuid = z.uuid().transform((s) => s.toLowerCase());
const numericId = z.string().regex(/^[1-9][0-9]{0,17}$/, 'must be a positive whole number');
const name = (what: string) =>
  safeText(120)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, `${what} must not be empty`))
    .meta({ description: `${what} (1–120 characters).` });

export const organisationParams = z.object({ organisationId: uuid });
export const memberParams = organisationParams.extend({ userId: uuid });
export const invitationParams = organisationParams.extend({ invitationId: uuid });
export const listParams = organisationParams.extend({ listId: numericId });
export const listStandardParams = listParams.extend({ standardId: numericId });
export const consoleOrganisationParams = storeCodeParams.extend({ organisationId: uuid });

export const createOrganisationBody = z
  .object({ name: name('The name'), description: safeText(1000, { multiline: true }).default('') })
  .strict();
export type CreateOrganisationBody = z.input<typeof createOrganisationBody>;

export const inviteMemberBody = z
  .object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email().max(254))
      .meta({ description: 'Where the invitation goes.' }),
    role: organisationRole,
  })
  .strict();
export type InviteMemberBody = z.input<typeof inviteMemberBody>;

export const changeMemberRoleBody = z.object({ role: organisationRole }).strict();

export const createListBody = z.object({ name: name('The list name'), responsibleUserId: uuid }).strict();
export type CreateListBody = z.input<typeof createListBody>;

export const updateListBody = z
  .object({ name: name('The list name').optional(), responsibleUserId: uuid.optional() })
  .strict()
  .refine((b) => b.name !== undefined || b.responsibleUserId !== undefined, 'name or responsibleUserId');

/** A standard by its store page id, or by its designation as a person writes it (the designation rule). */
export const addListStandardBody = z
  .object({
    assetId: safeText(200).min(1).optional(),
    designation: safeText(80).min(1).optional(),
  })
  .strict()
  .refine(
    (b) => (b.assetId === undefined) !== (b.designation === undefined),
    'exactly one of assetId, designation',
  );
export type AddListStandardBody = z.input<typeof addListStandardBody>;

const token = z
  .string()
  .min(10)
  .max(200)
  .regex(/^[A-Za-z0-9._-]+$/);
export const invitationLookupBody = z.object({ token }).strict();
/** A new account needs a name and a password; an existing account joins with the token alone. */
export const acceptInvitationBody = z
  .object({
    token,
    firstName: safeText(100).min(1).optional(),
    lastName: safeText(100).min(1).optional(),
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH).optional(),
  })
  .strict();
export type AcceptInvitationBody = z.input<typeof acceptInvitationBody>;

export const consoleSeatLimitBody = z.object({ seatLimit: z.int().min(1).max(MAX_SEAT_LIMIT) }).strict();

const seats = z.object({ limit: z.int(), used: z.int() });

export const organisationSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The caller's role in it. */
  role: organisationRole,
  seats,
  /** Days from a change to its review's due date (the organisation's review policy). */
  reviewDueDays: z.int(),
  createdAt: z.string(),
});
export type OrganisationSummary = z.infer<typeof organisationSummary>;

export const organisationMember = z.object({
  userId: z.string(),
  login: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: organisationRole,
  joinedAt: z.string(),
});
export type OrganisationMember = z.infer<typeof organisationMember>;

export const organisationInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: organisationRole,
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type OrganisationInvitation = z.infer<typeof organisationInvitation>;

const responsible = z
  .object({ userId: z.string(), login: z.string(), firstName: z.string(), lastName: z.string() })
  .nullable()
  .meta({ description: 'Null only after the responsible person’s account was deleted.' });

export const organisationList = z.object({
  id: z.string(),
  name: z.string(),
  responsible,
  standardCount: z.int(),
  createdAt: z.string(),
});
export type OrganisationList = z.infer<typeof organisationList>;

export const organisationListStandard = z.object({
  standardId: z.string(),
  assetId: z.string(),
  designation: z.string(),
  title: z.string(),
  status: z.string(),
  edition: z.string(),
  addedAt: z.string(),
});
export type OrganisationListStandard = z.infer<typeof organisationListStandard>;

export const organisationListDetail = organisationList.extend({
  standards: z.array(organisationListStandard),
});
export type OrganisationListDetail = z.infer<typeof organisationListDetail>;

export const invitationPreview = z.object({
  organisationName: z.string(),
  email: z.string(),
  role: organisationRole,
  /** Whether the address has an account in this store: it then joins; otherwise one is made. */
  hasAccount: z.boolean(),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreview>;

export const invitationAccepted = z.object({
  organisationId: z.string(),
  login: z.string(),
  accountCreated: z.boolean(),
});
export type InvitationAccepted = z.infer<typeof invitationAccepted>;

export const consoleOrganisationSummary = z.object({
  id: z.string(),
  name: z.string(),
  seats,
  members: z.int(),
  openInvitations: z.int(),
  lists: z.int(),
  createdAt: z.string(),
});
export type ConsoleOrganisationSummary = z.infer<typeof consoleOrganisationSummary>;

export const consoleOrganisationDetail = consoleOrganisationSummary.extend({
  memberList: z.array(organisationMember),
});
export type ConsoleOrganisationDetail = z.infer<typeof consoleOrganisationDetail>;

/** The answers, in the API's success envelope. */
export const organisationsAnswer = successEnvelope(z.object({ organisations: z.array(organisationSummary) }));
export const organisationAnswer = successEnvelope(z.object({ organisation: organisationSummary }));
export const membersAnswer = successEnvelope(z.object({ members: z.array(organisationMember) }));
export const memberAnswer = successEnvelope(z.object({ member: organisationMember }));
export const invitationsAnswer = successEnvelope(z.object({ invitations: z.array(organisationInvitation) }));
export const invitationAnswer = successEnvelope(z.object({ invitation: organisationInvitation }));
export const listsAnswer = successEnvelope(z.object({ lists: z.array(organisationList) }));
export const listAnswer = successEnvelope(z.object({ list: organisationListDetail }));
export const removedAnswer = successEnvelope(z.object({ removed: z.boolean() }));
export const invitationPreviewAnswer = successEnvelope(z.object({ invitation: invitationPreview }));
export const invitationAcceptedAnswer = successEnvelope(invitationAccepted);
/** The console's answers (plain objects, as every console answer). */
export const consoleOrganisationsAnswer = z.object({ organisations: z.array(consoleOrganisationSummary) });
export type ConsoleOrganisationsAnswer = z.infer<typeof consoleOrganisationsAnswer>;
export const consoleOrganisationAnswer = z.object({ organisation: consoleOrganisationDetail });
export type ConsoleOrganisationAnswer = z.infer<typeof consoleOrganisationAnswer>;
