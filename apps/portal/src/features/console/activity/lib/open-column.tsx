import type { RefObject } from 'react';
import type { DataColumn } from '../../../../components/ui/data-table/data-table.tsx';

/**
 * The actions column of a console list whose rows open a detail below it (users, organisations): an "Open"
 * button per row, named with the row for screen readers. `open` is a ref, so the columns are made once.
 */
export function openColumn<T extends { id: string }>(options: {
  label: string;
  text: string;
  nameOf: (row: T) => string;
  open: RefObject<(id: string) => void>;
}): DataColumn<T> {
  const { label, text, nameOf, open } = options;
  return {
    id: 'actions',
    enableSorting: false,
    enableHiding: false,
    meta: { label, actions: true },
    cell: ({ row }) => (
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        onClick={() => open.current(row.original.id)}
      >
        {text} <span className="tw-visually-hidden">{nameOf(row.original)}</span>
      </button>
    ),
  };
}
