import type { AuditEntry } from '@trackwell/db';

import { csvCell } from '../../http/csv-cell.ts';

/* The audit log as CSV (RFC 4180: every cell quoted, quotes doubled, CRLF rows), formula cells defused. */

export { csvCell };

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
