import { isRecord } from '../../../../lib/is-record.ts';

/** One line of an audit entry's change: a field, its value before and after (undefined: absent). */
export type DiffLine = { field: string; before?: string; after?: string };

const show = (value: unknown): string | undefined =>
  value === undefined ? undefined : typeof value === 'string' ? value : JSON.stringify(value);

/** The fields of two records that differ, one line each; a field that is a record on both sides is opened. */
function recordDiff(b: Record<string, unknown>, a: Record<string, unknown>, prefix: string): DiffLine[] {
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.flatMap((field) => {
    const name = `${prefix}${field}`;
    if (isRecord(b[field]) && isRecord(a[field])) return recordDiff(b[field], a[field], `${name}.`);
    return show(b[field]) === show(a[field])
      ? []
      : [{ field: name, before: show(b[field]), after: show(a[field]) }];
  });
}

/**
 * What an audit entry changed, compactly: for objects, the fields whose values differ (added, removed or
 * changed), one line each, nested objects opened (`theme.colors.primary: #3346c4 → #7a1f5c`, not both whole
 * colour sets); anything else as one line. Nothing when before and after are both empty.
 */
export function auditDiff(before: unknown, after: unknown): DiffLine[] {
  const empty = (v: unknown) => v === null || v === undefined;
  if (empty(before) && empty(after)) return [];
  if ((isRecord(before) || empty(before)) && (isRecord(after) || empty(after)))
    return recordDiff(isRecord(before) ? before : {}, isRecord(after) ? after : {}, '');
  return [
    {
      field: '',
      before: empty(before) ? undefined : show(before),
      after: empty(after) ? undefined : show(after),
    },
  ];
}
