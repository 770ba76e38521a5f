import type { CatalogEvent, CatalogEventKind, WORK_ITEM_STATUSES } from '@trackwell/contracts';

/** One field of a change form: its path in the event body (as the server's 400 answers name it). */
export type ChangeField = {
  path: string;
  /** `standard`: the event's standard (typed or found); `ref`: another standard's content code, typed. */
  input: 'text' | 'date' | 'standard' | 'ref' | 'workItemStatus' | 'list' | 'summary' | 'url';
  required: boolean;
};

const f = (path: string, input: ChangeField['input'], required = true): ChangeField => ({
  path,
  input,
  required,
});
const STANDARD = f('standard.contentCode', 'standard');
const designationChange = [
  STANDARD,
  f('designation', 'text', false),
  f('publishedOn', 'date', false),
  f('note', 'text', false),
];

/** What every kind may carry: the publisher's summary and a comparison link. */
const WHAT_CHANGED = [f('summary', 'summary', false), f('compareUrl', 'url', false)];

/** The fields of each kind, before the two every kind has. */
const KIND_FIELDS: Record<CatalogEventKind, ChangeField[]> = {
  new_edition: [
    STANDARD,
    f('designation', 'text'),
    f('edition', 'text'),
    f('publishedOn', 'date'),
    f('title', 'text', false),
  ],
  new_standard: [
    f('standard.contentCode', 'text'),
    f('standard.assetId', 'text'),
    f('standard.designation', 'text'),
    f('standard.title', 'text'),
    f('standard.publisherCode', 'text'),
    f('standard.committeeDesignation', 'text'),
    f('standard.edition', 'text'),
    f('standard.publishedOn', 'date'),
    f('standard.industryAreas', 'list', false),
    f('replaces.contentCode', 'ref', false), // the standard this one replaces
  ],
  amendment: designationChange,
  editorial_change: designationChange,
  reaffirmation: designationChange,
  withdrawal: [STANDARD, f('replacedBy.contentCode', 'ref', false), f('note', 'text', false)],
  reinstatement: [STANDARD, f('note', 'text', false)],
  new_work_item: [
    f('workItem.workItemNumber', 'text'),
    f('workItem.title', 'text'),
    f('workItem.committeeDesignation', 'text'),
    f('workItem.status', 'workItemStatus'),
    f('workItem.createdOn', 'date'),
  ],
  work_item_status_change: [f('workItemNumber', 'text'), f('status', 'workItemStatus')],
};

/** The fields of each of the nine kinds (the publisher feed's `catalogEvent` contract). */
export const CHANGE_FIELDS = Object.fromEntries(
  Object.entries(KIND_FIELDS).map(([kind, fields]) => [kind, [...fields, ...WHAT_CHANGED]]),
) as Record<CatalogEventKind, ChangeField[]>;

/** The kinds in the order the form offers them (the most frequent first). */
export const CHANGE_KINDS: CatalogEventKind[] = [
  'new_edition',
  'amendment',
  'editorial_change',
  'reaffirmation',
  'withdrawal',
  'reinstatement',
  'new_standard',
  'new_work_item',
  'work_item_status_change',
];

export const DEFAULT_WORK_ITEM_STATUS: (typeof WORK_ITEM_STATUSES)[number] = 'proposed';

/** A fresh event id (the publisher's idempotency key): the console's own prefix and a random part. */
export const newEventId = () => `console-${crypto.randomUUID()}`;

/** The required fields left empty, by path. */
export function missingFields(kind: CatalogEventKind, values: Record<string, string>): string[] {
  return CHANGE_FIELDS[kind]
    .filter((field) => field.required && !values[field.path]?.trim())
    .map((x) => x.path);
}

/** The event the form describes: the kind's fields that were filled in, at their paths. */
export function eventOf(kind: CatalogEventKind, id: string, values: Record<string, string>): CatalogEvent {
  const event: Record<string, unknown> = { id: id.trim(), type: kind };
  for (const field of CHANGE_FIELDS[kind]) {
    const raw =
      values[field.path]?.trim() ?? (field.input === 'workItemStatus' ? DEFAULT_WORK_ITEM_STATUS : '');
    if (!raw && field.input !== 'list') continue;
    const value =
      field.input === 'list'
        ? raw
            .split(';')
            .map((v) => v.trim())
            .filter(Boolean)
        : raw;
    const [head, tail] = field.path.split('.') as [string, string | undefined];
    if (tail) event[head] = { ...((event[head] as object | undefined) ?? {}), [tail]: value };
    else event[head] = value;
  }
  return event as CatalogEvent;
}
