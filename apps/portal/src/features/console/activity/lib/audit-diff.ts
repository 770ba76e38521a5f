import { isRecord } from '../../../../lib/is-record.ts';

/** One line of an audit entry's change: a field, its value before and after (undefined: absent). */
export type DiffLine = { field: string; before?: string; after?: string };

/** An empty list, in a line of the log: a dash, not the JSON `[]`. */
export const EMPTY_LIST = '—';

const absent = (value: unknown) => value === null || value === undefined;

/** A value that is no record: a list of plain values reads "a, b"; anything else its text. */
function leafText(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? EMPTY_LIST : value.map(leafText).join(', ');
  return typeof value === 'string' ? value : String(value);
}

const isRecordList = (value: unknown): value is unknown[] =>
  Array.isArray(value) && value.some((item) => isRecord(item) || Array.isArray(item));

/**
 * Every plain value inside `value`, by its path (`theme.colors.primary`, `totals.created`, `rows.2.code`): a
 * record is opened field by field, a list of records item by item (counted from 1), a list of plain values is
 * one value. Nulls are absent.
 */
function leaves(value: unknown, path: string, into: Map<string, string>): Map<string, string> {
  if (absent(value)) return into;
  const join = (key: string) => (path ? `${path}.${key}` : key);
  if (isRecord(value)) for (const [key, item] of Object.entries(value)) leaves(item, join(key), into);
  else if (isRecordList(value)) {
    for (const [i, item] of value.entries()) leaves(item, join(String(i + 1)), into);
  } else into.set(path, leafText(value));
  return into;
}

/**
 * What an audit entry changed, as a list of fields, never raw JSON: each plain value that was added, removed
 * or changed, one line each, nested records opened (`theme.colors.primary: #3346c4 → #7a1f5c`, not both whole
 * colour sets; an import's totals `totals.created: 50`); a change that is no record is one line without a
 * field. Nothing when before and after are both empty.
 */
export function auditDiff(before: unknown, after: unknown): DiffLine[] {
  const b = leaves(before, '', new Map());
  const a = leaves(after, '', new Map());
  const fields = [...new Set([...b.keys(), ...a.keys()])];
  return fields.flatMap((field) =>
    b.get(field) === a.get(field) ? [] : [{ field, before: b.get(field), after: a.get(field) }],
  );
}
