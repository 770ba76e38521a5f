import {
  EVIDENCE_PDF_MAX_ROWS,
  type EvidenceFormat,
  type Language,
  personNameOrLogin,
  titleIn,
} from '@trackwell/contracts';
import {
  type DatabaseHandle,
  EVIDENCE_MAX_ROWS,
  findOrganisation,
  findOrganisationList,
  listEvidenceReviews,
} from '@trackwell/db';
import { badRequest, notFound } from '../../../http/errors.ts';
import { type Member, requireMember } from '../access.ts';
import { EVIDENCE_CHANGE_KINDS, type EvidenceChangeKind, type EvidenceReport, isOverdue } from './model.ts';

/**
 * The evidence report of one organisation list for a period, read for a member whose role may see it
 * (owners, editors, reviewers: `evidence` in the contracts' abilities). Someone outside the organisation,
 * or a list of another organisation, gets 404; a reader 403. The period's days are UTC; a review counts
 * when it was opened within them.
 */
export async function readEvidenceReport(
  db: DatabaseHandle,
  user: Member,
  request: {
    organisationId: string;
    listId: string;
    from: string;
    to: string;
    format: EvidenceFormat;
    language: Language;
  },
  now = new Date(),
): Promise<EvidenceReport> {
  await requireMember(db, user, request.organisationId, 'evidence');
  const scope = { organisationId: request.organisationId, listId: request.listId };
  const list = await findOrganisationList(db, user.tenantId, request.organisationId, request.listId);
  if (!list) throw notFound('The organisation has no such list: nothing was read.');
  const organisation = (await findOrganisation(db, user.tenantId, request.organisationId))!;
  const end = new Date(`${request.to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  const reviews = await listEvidenceReviews(db, user.tenantId, scope, {
    from: new Date(`${request.from}T00:00:00Z`),
    to: end,
  });
  const max = request.format === 'pdf' ? EVIDENCE_PDF_MAX_ROWS : EVIDENCE_MAX_ROWS;
  if (reviews.length > max)
    throw badRequest(
      `More than ${max} changes in this period${request.format === 'pdf' ? ' for a PDF (CSV and XLSX carry more)' : ''}: choose a shorter one.`,
      [{ path: 'to', message: `the period holds more than ${max} changes` }],
    );
  const responsible = list.responsible ? personNameOrLogin(list.responsible) : null;
  return {
    organisation: { name: organisation.name },
    list: { name: list.name, responsible },
    period: { from: request.from, to: request.to },
    language: request.language,
    generatedAt: now,
    rows: reviews.map((r) => ({
      designation: r.designation,
      title: titleIn(request.language, r.title, r.titles ?? undefined).text,
      changeKind: (EVIDENCE_CHANGE_KINDS as readonly string[]).includes(r.changeKind)
        ? (r.changeKind as EvidenceChangeKind)
        : 'editorial_change',
      openedAt: r.openedAt,
      dueAt: r.dueAt,
      reviewer: r.reviewer,
      decision: r.status === 'signed_off' ? r.decision : null,
      signedOffAt: r.status === 'signed_off' ? r.signedOffAt : null,
      note: r.note,
      overdue: isOverdue(
        { dueAt: r.dueAt, signedOffAt: r.status === 'signed_off' ? r.signedOffAt : null },
        now,
      ),
    })),
  };
}

/** The download's name: the list's name made safe, and the period, e.g. `evidence-water-2026-01-01-2026-12-31.pdf`. */
export function evidenceFileName(listName: string, period: { from: string; to: string }, format: string) {
  const slug =
    listName
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase()
      .slice(0, 40) || 'list';
  return `evidence-${slug}-${period.from}-${period.to}.${format}`;
}
