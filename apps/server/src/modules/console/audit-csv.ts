import type { AuditEntry } from '@trackwell/db';

/*
 * The audit log as CSV (RFC 4180: every cell quoted, quotes doubled, CRLF rows). A cell that a spreadsheet
 * would run as a formula (it starts with = + - @, or a tab or carriage return before one) is prefixed with
 * an apostrophe (OWASP "CSV injection"): the log holds values that callers chose (labels, logins, names).
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  const text =
    value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

export const AUDIT_CSV_HEADER = [
  'id',
  'at',
  'store',
  'actor_kind',
  'actor_id',
  'actor_login',
  'action',
  'target',
  'before',
  'after',
];

export function auditCsvRows(entries: readonly AuditEntry[]): string {
  return entries
    .map((e) =>
      [
        e.id,
        e.at.toISOString(),
        e.storeCode,
        e.actorKind,
        e.actorId,
        e.actorLogin,
        e.action,
        e.target,
        e.before,
        e.after,
      ]
        .map(csvCell)
        .join(','),
    )
    .map((row) => `${row}\r\n`)
    .join('');
}
