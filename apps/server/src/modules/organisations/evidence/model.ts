import type { Language } from '@trackwell/contracts';

/**
 * The evidence report's input, framework-free: what the PDF, CSV and XLSX renderers draw. The route reads it
 * from the organisation's reviews (report-query.ts); tests build it by hand.
 */

/** The kinds of change a review is opened for (the catalogue's event kinds). */
export const EVIDENCE_CHANGE_KINDS = [
  'new_standard',
  'new_edition',
  'amendment',
  'editorial_change',
  'reaffirmation',
  'withdrawal',
  'reinstatement',
  'new_work_item',
  'work_item_status_change',
] as const;
export type EvidenceChangeKind = (typeof EVIDENCE_CHANGE_KINDS)[number];

export type EvidenceDecision = 'affected' | 'not_affected' | 'action_needed';

export interface EvidenceRow {
  designation: string;
  /** In the reader's language where the catalogue has it, else the main title. */
  title: string;
  changeKind: EvidenceChangeKind;
  openedAt: Date;
  dueAt: Date;
  /** Who signed it off, else the person it is assigned to; null when neither is known (a deleted account). */
  reviewer: string | null;
  /** Null while the review is open. */
  decision: EvidenceDecision | null;
  signedOffAt: Date | null;
  note: string;
  /** Signed off after its due date, or still open past it at the report's moment. */
  overdue: boolean;
}

export interface EvidenceReport {
  organisation: { name: string };
  list: { name: string; responsible: string | null };
  /** Days (YYYY-MM-DD), both included, in UTC. */
  period: { from: string; to: string };
  rows: readonly EvidenceRow[];
  language: Language;
  generatedAt: Date;
}

/** Whether a review was late: signed off after its due date, or still open and past it at `now`. */
export const isOverdue = (review: { dueAt: Date; signedOffAt: Date | null }, now: Date): boolean =>
  (review.signedOffAt ?? now).getTime() > review.dueAt.getTime();

/** A moment as the report prints it: the UTC day, and the time when it is not a day's only moment. */
export const day = (at: Date) => at.toISOString().slice(0, 10);
export const moment = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
