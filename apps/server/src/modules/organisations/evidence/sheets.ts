import writeXlsxFile from 'write-excel-file/node';
import { csvCell } from '../../../http/csv-cell.ts';
import { type EvidenceReport, type EvidenceRow, moment } from './model.ts';
import { EVIDENCE_STRINGS, type EvidenceStrings } from './strings.ts';

/**
 * The evidence report as CSV and XLSX: one row per change with its review, the header row in the reader's
 * language, moments in UTC to the minute. CSV as the list export writes it (UTF-8 with a byte-order mark,
 * RFC 4180, a cell starting with = + - @ prefixed with an apostrophe: `csvCell`); XLSX cells are typed text
 * (the Text number format), so a note starting with "=" is never a formula there either.
 */

const COLUMN_ORDER = [
  'designation',
  'title',
  'change',
  'opened',
  'due',
  'reviewer',
  'decision',
  'signedOff',
  'overdue',
  'note',
] as const satisfies ReadonlyArray<keyof EvidenceStrings['columns']>;

export const evidenceHeader = (s: EvidenceStrings) => COLUMN_ORDER.map((key) => s.columns[key]);

export const evidenceCells = (row: EvidenceRow, s: EvidenceStrings): string[] => [
  row.designation,
  row.title,
  s.kinds[row.changeKind] ?? row.changeKind,
  moment(row.openedAt),
  moment(row.dueAt),
  row.reviewer ?? '',
  s.decisions[row.decision ?? 'pending'],
  row.signedOffAt ? moment(row.signedOffAt) : '',
  row.overdue ? s.overdue : '',
  row.note,
];

export function evidenceCsv(report: EvidenceReport): string {
  const s = EVIDENCE_STRINGS[report.language];
  const lines = [evidenceHeader(s), ...report.rows.map((row) => evidenceCells(row, s))].map((cells) =>
    cells.map(csvCell).join(','),
  );
  return `\ufeff${lines.join('\r\n')}\r\n`;
}

export async function evidenceXlsx(report: EvidenceReport): Promise<Buffer> {
  const s = EVIDENCE_STRINGS[report.language];
  const text = (value: string) => ({ value, type: String, format: '@' });
  const header = evidenceHeader(s).map((value) => ({ ...text(value), fontWeight: 'bold' as const }));
  const rows = report.rows.map((row) => evidenceCells(row, s).map(text));
  // A sheet name is at most 31 characters and has none of : \ / ? * [ ].
  const sheet = s.heading.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);
  return writeXlsxFile([header, ...rows], {
    sheet,
    rightToLeft: report.language === 'ar',
    stickyRowsCount: 1,
  }).toBuffer();
}
