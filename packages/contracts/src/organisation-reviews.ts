import { z } from 'zod';
import { successEnvelope } from './envelope.ts';
import { organisationParams } from './organisations.ts';
import { safeText } from './safe-values.ts';

/*
 * Organisation reviews: each change to a standard on an organisation's list opens a review for that list,
 * assigned to the list's responsible person and due by the organisation's policy (default 30 days). The
 * assignee decides (affected, not affected, action needed) with a note and evidence links and signs it off;
 * members comment; owners and editors reassign and reopen. The history is append-only.
 */

const BASE = '/api/organisations/v1/organisations/:organisationId';

export const ORGANISATION_REVIEW_PATHS = {
  reviews: `${BASE}/reviews`,
  review: `${BASE}/reviews/:reviewId`,
  signOff: `${BASE}/reviews/:reviewId/sign-off`,
  comments: `${BASE}/reviews/:reviewId/comments`,
  assignee: `${BASE}/reviews/:reviewId/assignee`,
  reopen: `${BASE}/reviews/:reviewId/reopen`,
  policy: `${BASE}/review-policy`,
} as const;

export const DEFAULT_REVIEW_DUE_DAYS = 30;
export const MAX_REVIEW_DUE_DAYS = 365;
/** Days before the due date the assignee is reminded (each once); past it the owners are told once. */
export const REVIEW_REMINDER_DAYS = [7, 1] as const;
export const MAX_EVIDENCE_LINKS = 10;

export const REVIEW_DECISIONS = ['affected', 'not_affected', 'action_needed'] as const;
export type OrganisationReviewDecision = (typeof REVIEW_DECISIONS)[number];
export const REVIEW_STATUSES = ['open', 'signed_off'] as const;
export type OrganisationReviewStatus = (typeof REVIEW_STATUSES)[number];

const numericId = z.string().regex(/^[1-9][0-9]{0,17}$/, 'must be a positive whole number');
const uuid = z.uuid().transform((s) => s.toLowerCase());

export const reviewParams = organisationParams.extend({ reviewId: numericId });

export const reviewsQuery = z
  .object({
    /** 'overdue': open and past its due date. */
    status: z.enum(['open', 'signed_off', 'overdue']).optional(),
    listId: numericId.optional(),
    /** A member's id, or 'me' for the caller's own. */
    assignee: z.union([z.literal('me'), uuid]).optional(),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
export type ReviewsQuery = z.input<typeof reviewsQuery>;

/** An evidence link: an absolute http or https URL. */
export const evidenceLink = z
  .string()
  .trim()
  .max(2000)
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: 'must be an http or https URL' }));

export const signOffBody = z
  .object({
    decision: z.enum(REVIEW_DECISIONS),
    note: safeText(4000, { multiline: true }).default(''),
    evidenceLinks: z.array(evidenceLink).max(MAX_EVIDENCE_LINKS).default([]),
  })
  .strict();
export type SignOffBody = z.input<typeof signOffBody>;

export const commentBody = z
  .object({
    text: safeText(2000, { multiline: true })
      .transform((s) => s.trim())
      .pipe(z.string().min(1, 'The comment must not be empty')),
  })
  .strict();

export const reassignBody = z.object({ assigneeUserId: uuid }).strict();
export const reopenBody = z.object({ reason: safeText(1000, { multiline: true }).default('') }).strict();
export const reviewPolicyBody = z.object({ reviewDueDays: z.int().min(1).max(MAX_REVIEW_DUE_DAYS) }).strict();

const person = z.object({
  userId: z.string(),
  login: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

export const organisationReview = z.object({
  id: z.string(),
  listId: z.string(),
  listName: z.string(),
  standard: z.object({ id: z.string(), assetId: z.string(), designation: z.string(), title: z.string() }),
  /** The change that opened it: its kind, and what changed (edition, status, date) as the centre shows it. */
  changeKind: z.string(),
  change: z.object({
    edition: z.string().optional(),
    status: z.string().optional(),
    date: z.string().optional(),
    summary: z.string().optional(),
  }),
  assignee: person.nullable(),
  openedAt: z.string(),
  dueAt: z.string(),
  status: z.enum(REVIEW_STATUSES),
  overdue: z.boolean(),
  decision: z.enum(REVIEW_DECISIONS).nullable(),
  note: z.string(),
  evidenceLinks: z.array(z.string()),
  signedOffBy: person.nullable(),
  signedOffAt: z.string().nullable(),
});
export type OrganisationReview = z.infer<typeof organisationReview>;

export const REVIEW_EVENT_KINDS = [
  'opened',
  'assigned',
  'reassigned',
  'commented',
  'decided',
  'signed_off',
  'reopened',
  'reminded',
  'escalated',
] as const;

export const reviewEvent = z.object({
  id: z.string(),
  kind: z.enum(REVIEW_EVENT_KINDS),
  /** Null: the system (a change opened it, a reminder, an escalation). */
  actor: person.nullable(),
  at: z.string(),
  /** A comment's text; a decision's note and links; a reassignment's from/to; a reopening's reason. */
  detail: z.record(z.string(), z.unknown()),
});
export type ReviewEvent = z.infer<typeof reviewEvent>;

export const reviewsAnswer = successEnvelope(
  z.object({ reviews: z.array(organisationReview), total: z.int(), offset: z.int(), limit: z.int() }),
);
export const reviewAnswer = successEnvelope(
  z.object({ review: organisationReview, history: z.array(reviewEvent) }),
);
export const reviewPolicyAnswer = successEnvelope(z.object({ reviewDueDays: z.int() }));
