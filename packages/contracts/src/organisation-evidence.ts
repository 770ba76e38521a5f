import { z } from 'zod';
import { successEnvelope } from './envelope.ts';
import { language } from './language-schema.ts';
import { safeText } from './safe-values.ts';

/*
 * An organisation list's evidence report (every change in a period with its review: who, decision, when,
 * overdue ones marked) as PDF, CSV or XLSX, and the list's outside recipients: e-mail addresses without an
 * account that get one e-mail per change to a standard on the list, each with one-click unsubscribe.
 */

const LIST = '/api/organisations/v1/organisations/:organisationId/lists/:listId';

export const ORGANISATION_EVIDENCE_PATHS = {
  evidence: `${LIST}/evidence`,
  recipients: `${LIST}/recipients`,
  recipient: `${LIST}/recipients/:recipientId`,
} as const;

/** The outside recipient's one-click unsubscribe (`?t=` signed token): GET shows a page, POST unsubscribes. */
export const LIST_RECIPIENT_UNSUBSCRIBE_PATH = '/notifications/list-unsubscribe';

export const EVIDENCE_FORMATS = ['pdf', 'csv', 'xlsx'] as const;
export type EvidenceFormat = (typeof EVIDENCE_FORMATS)[number];
export const EVIDENCE_CONTENT_TYPES: Record<EvidenceFormat, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * The most changes a PDF report draws (about a second of the server's time per thousand rows): a longer
 * period is refused for PDF, and CSV or XLSX carry it.
 */
export const EVIDENCE_PDF_MAX_ROWS = 2_000;

/** The longest period one report covers. */
export const EVIDENCE_MAX_YEARS = 5;

const isoDay = (what: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${what} must be a day written YYYY-MM-DD`)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, `${what} must be a day of the calendar`)
    .meta({ description: `${what}, a day (YYYY-MM-DD, UTC).` });

/** The day `years` after `day` (29 February to 28 February), as YYYY-MM-DD. */
export function yearsAfter(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y + years, m - 1, d));
  if (target.getUTCDate() !== d) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}

export const evidenceQuery = z
  .object({
    from: isoDay('The first day'),
    to: isoDay('The last day'),
    format: z.enum(EVIDENCE_FORMATS).meta({ description: 'pdf, csv or xlsx.' }),
    lang: language.optional().meta({
      description:
        "The reader's language (the portal's) for the headings, labels and titles. Unset: the user's " +
        "preferred language, else the store's default.",
    }),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (q.from > q.to)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The last day must not be before the first day',
      });
    else if (q.to > yearsAfter(q.from, EVIDENCE_MAX_YEARS))
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `The period must not be longer than ${EVIDENCE_MAX_YEARS} years`,
      });
  });
export type EvidenceQuery = z.input<typeof evidenceQuery>;

/** The most outside addresses one list e-mails. */
export const LIST_RECIPIENTS_MAX = 50;

export const recipientParams = z.object({
  organisationId: z.uuid().transform((s) => s.toLowerCase()),
  listId: z.string().regex(/^[1-9][0-9]{0,17}$/, 'must be a positive whole number'),
  recipientId: z.uuid().transform((s) => s.toLowerCase()),
});

export const addRecipientBody = z
  .object({
    email: safeText(254)
      .transform((s) => s.trim().toLowerCase())
      .pipe(z.email('must be an e-mail address'))
      .meta({
        description: 'An address outside the organisation (no account needed), at most 254 characters.',
      }),
  })
  .strict();
export type AddRecipientBody = z.input<typeof addRecipientBody>;

export const listRecipient = z.object({
  id: z.string(),
  email: z.string(),
  addedAt: z.string(),
  /** Set once the address unsubscribed (by the e-mail's link): it gets nothing more. */
  unsubscribedAt: z.string().nullable(),
});
export type ListRecipient = z.infer<typeof listRecipient>;
export const recipientsAnswer = successEnvelope(
  z.object({ recipients: z.array(listRecipient), limit: z.int() }),
);
