import type { ColumnDef, PaginationState, RowData, SortingState } from '@tanstack/react-table';

declare module '@tanstack/react-table' {
  // The portal's own facts about a column (TanStack's `meta`): what the narrow card and the menu call it.
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The column's name: its header text, the card's label, the visibility menu's entry. */
    label: string;
    /** `ltr` for codes and dates (kept left to right in Arabic), `auto` for free text. */
    dir?: 'ltr' | 'auto';
    /** The row's name (a `th scope="row"`): what the row is about, read first by screen readers. */
    rowHeader?: boolean;
    /** Figures: aligned to the end in the table. */
    numeric?: boolean;
    /** Kept on one line in the table (designations, dates); the narrow card wraps it as it must. */
    nowrap?: boolean;
    /** The row's actions: no card label, never hidden, never sorted. */
    actions?: boolean;
    /** Not in the table until the person shows it in the columns menu. */
    hiddenByDefault?: boolean;
    /** The `_phantom` keeps TanStack's type parameters in use. */
    _phantom?: [TData, TValue];
  }
}

// biome-ignore lint/suspicious/noExplicitAny: TanStack's column definitions vary their value type per column.
export type DataColumn<T> = ColumnDef<T, any>;

/** The state a server-paged table hands its fetch: zero-based page, sort and the filter text. */
export interface ServerTableState {
  pagination: PaginationState;
  sorting: SortingState;
  filter: string;
}

/** Server mode: the page of rows is the server's; the table only says what page, sort and filter it wants. */
export interface ServerMode {
  state: ServerTableState;
  onStateChange: (next: ServerTableState) => void;
  /** Every matching row on the server (for "page X of N"). */
  rowCount: number;
  pageSizes?: readonly number[];
}

/** What the rows' query says: loading (first time), fetching (again), or failed. */
export interface DataTableStatus {
  isLoading: boolean;
  isFetching?: boolean;
  error?: unknown;
  onRetry?: () => void;
}
