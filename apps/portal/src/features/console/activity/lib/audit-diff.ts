/** One line of an audit entry's change: a field, its value before and after (undefined: absent). */
export type DiffLine = { field: string; before?: string; after?: string };

const show = (value: unknown): string | undefined =>
  value === undefined ? undefined : typeof value === 'string' ? value : JSON.stringify(value);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What an audit entry changed, compactly: for objects, the fields whose values differ (added, removed or
 * changed), one line each; anything else as one line. Nothing when before and after are both empty.
 */
export function auditDiff(before: unknown, after: unknown): DiffLine[] {
  const empty = (v: unknown) => v === null || v === undefined;
  if (empty(before) && empty(after)) return [];
  if ((isRecord(before) || empty(before)) && (isRecord(after) || empty(after))) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    return fields
      .filter((field) => show(b[field]) !== show(a[field]))
      .map((field) => ({ field, before: show(b[field]), after: show(a[field]) }));
  }
  return [
    {
      field: '',
      before: empty(before) ? undefined : show(before),
      after: empty(after) ? undefined : show(after),
    },
  ];
}
