import {
  type ColumnMeta,
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  type SortingState,
  type Table,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../load-error.tsx';
import { PendingMessage, Spinner } from '../spinner.tsx';
import { ColumnMenu, DataTablePager, HeaderCell } from './data-table-parts.tsx';
import type { DataColumn, DataTableStatus, ServerMode } from './data-table-types.ts';
import './data-table.css';

export type { DataColumn, ServerMode, ServerTableState } from './data-table-types.ts';

/** The page sizes a server-paged table offers. */
export const DATA_TABLE_PAGE_SIZES = [10, 25, 50, 100] as const;
/** How long the filter box waits after the last key before a server-paged table asks again. */
export const FILTER_DELAY_MS = 300;

export interface DataTableProps<T> {
  /** The table's name: its caption, and the name of its scroll region. */
  caption: string;
  columns: DataColumn<T>[];
  rows: T[];
  rowId: (row: T) => string;
  status: DataTableStatus;
  /** Said when there are no rows (none at all, or none matching the filter). */
  empty: string;
  /** The filter box's label; none: no filter box. */
  filterLabel?: string;
  /** A button beside the filter box that applies it at once (server mode waits for a pause otherwise). */
  filterSubmitLabel?: string;
  /** Absent: the rows are all here (sorted and filtered in the browser). Present: the server's page. */
  server?: ServerMode;
  /** A sort to start from (client mode). */
  initialSorting?: SortingState;
  /** False: no column sorts (e.g. a list the server pages by cursor in its own order). */
  sortable?: boolean;
  /** Controls shown beside the filter box (e.g. a primary action). */
  toolbar?: ReactNode;
  /** False: no columns menu (a form laid out as a table, whose every column is needed). */
  columnMenu?: boolean;
  /** True: the caption is shown above the table too (not only named to screen readers). */
  captionShown?: boolean;
  /** A row's own class (e.g. `table-danger` for a refused row). */
  rowClassName?: (row: T) => string | undefined;
}

/**
 * The portal's one table (TanStack Table): sortable columns, a filter box, a columns menu, a sticky header in
 * a scroll region keyboard users can reach (a named, focusable region), and below 640 px one card per row
 * (each cell named by its column, the actions kept in view). Client mode sorts and filters the rows it is
 * given; server mode hands page, sort and filter to the caller's query and shows the server's page.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { server } = props;
  const { table, filter, setFilter } = useTableModel(props);
  return (
    <div className="tw-data-table">
      <div className="tw-data-table__toolbar">
        {props.filterLabel ? (
          <FilterBox
            label={props.filterLabel}
            submitLabel={props.filterSubmitLabel}
            value={server ? server.state.filter : filter}
            delayed={server !== undefined}
            onChange={(text) =>
              server
                ? server.onStateChange({
                    ...server.state,
                    filter: text,
                    pagination: { ...server.state.pagination, pageIndex: 0 },
                  })
                : setFilter(text)
            }
          />
        ) : null}
        {props.toolbar}
        {/* Only beside a table: no columns to choose while loading, after an error or with no rows. */}
        {props.columnMenu !== false &&
        !props.status.isLoading &&
        !props.status.error &&
        table.getRowModel().rows.length > 0 ? (
          <ColumnMenu table={table} />
        ) : null}
      </div>
      <DataTableBody table={table} {...props} />
      {server && !props.status.error && server.rowCount > 0 ? (
        <DataTablePager
          pageIndex={server.state.pagination.pageIndex}
          pageSize={server.state.pagination.pageSize}
          rowCount={server.rowCount}
          pageSizes={server.pageSizes ?? DATA_TABLE_PAGE_SIZES}
          onChange={(pageIndex, pageSize) =>
            server.onStateChange({ ...server.state, pagination: { pageIndex, pageSize } })
          }
        />
      ) : null}
    </div>
  );
}

/** TanStack's table for the props: the rows as given (server mode) or sorted and filtered here (client mode). */
function useTableModel<T>({ columns, rows, rowId, server, initialSorting, sortable }: DataTableProps<T>) {
  const [sorting, setSorting] = useState<SortingState>(initialSorting ?? []);
  const [filter, setFilter] = useState('');
  const [visibility, setVisibility] = useState<VisibilityState>(() =>
    Object.fromEntries(
      columns.filter((c) => c.meta?.hiddenByDefault && c.id).map((c) => [c.id as string, false]),
    ),
  );
  const table = useReactTable<T>({
    data: rows,
    columns,
    getRowId: rowId,
    getCoreRowModel: getCoreRowModel(),
    ...(server
      ? {
          manualSorting: true,
          manualFiltering: true,
          manualPagination: true,
          rowCount: server.rowCount,
          state: { sorting: server.state.sorting, columnVisibility: visibility },
          onSortingChange: (updater) => {
            const next = typeof updater === 'function' ? updater(server.state.sorting) : updater;
            server.onStateChange({
              ...server.state,
              sorting: next,
              pagination: { ...server.state.pagination, pageIndex: 0 },
            });
          },
        }
      : {
          getSortedRowModel: getSortedRowModel(),
          getFilteredRowModel: getFilteredRowModel(),
          state: { sorting, globalFilter: filter, columnVisibility: visibility },
          onSortingChange: setSorting,
          onGlobalFilterChange: setFilter,
          globalFilterFn: 'includesString',
        }),
    onColumnVisibilityChange: setVisibility,
    enableSorting: sortable !== false,
    enableSortingRemoval: true,
    enableMultiSort: false,
  });
  return { table, filter, setFilter };
}

/** A cell's classes from its column's facts (actions, figures, one line). */
function cellClass<T>(meta: ColumnMeta<T, unknown> | undefined) {
  if (meta?.actions) return 'tw-data-table__actions';
  const classes = [meta?.numeric && 'tw-data-table__numeric', meta?.nowrap && 'tw-data-table__nowrap'].filter(
    Boolean,
  );
  return classes.length ? classes.join(' ') : undefined;
}

/** The states (loading, error with retry, empty) or the table itself in its scroll region. */
function DataTableBody<T>({
  table,
  caption,
  captionShown,
  rowClassName,
  status,
  empty,
}: DataTableProps<T> & { table: Table<T> }) {
  const { t } = useTranslation();
  const captionId = useId();
  const shown = table.getRowModel().rows;
  if (status.isLoading) return <PendingMessage>{t('dataTable.loading')}</PendingMessage>;
  if (status.error)
    return <LoadError error={status.error} onRetry={status.onRetry} retryLabel={t('dataTable.retry')} />;
  if (shown.length === 0) return <p className="tw-data-table__empty">{empty}</p>;
  return (
    <section
      className="tw-data-table__scroll"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll region must be reachable by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      aria-labelledby={captionId}
      aria-busy={status.isFetching}
    >
      <table className="table table-sm align-middle tw-data-table__table">
        <caption id={captionId} className={captionShown ? 'tw-data-table__caption' : 'tw-visually-hidden'}>
          {caption}
        </caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <HeaderCell key={header.id} header={header} />
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={row.id} className={rowClassName?.(row.original)}>
              {row.getVisibleCells().map((cell) => {
                const meta = cell.column.columnDef.meta;
                const Cell = meta?.rowHeader ? 'th' : 'td';
                return (
                  <Cell
                    key={cell.id}
                    scope={meta?.rowHeader ? 'row' : undefined}
                    dir={meta?.dir}
                    data-label={meta?.actions ? undefined : meta?.label}
                    className={cellClass(meta)}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {status.isFetching ? (
        <div className="tw-data-table__mask" role="status">
          <Spinner size="sm" />
          <span className="tw-visually-hidden">{t('dataTable.loading')}</span>
        </div>
      ) : null}
    </section>
  );
}

/**
 * The filter box; in server mode it waits for a pause in typing (`FILTER_DELAY_MS`) before asking. Enter (or
 * the caller's submit button, when it names one) applies it at once.
 */
function FilterBox({
  label,
  submitLabel,
  value,
  delayed,
  onChange,
}: {
  label: string;
  submitLabel: string | undefined;
  value: string;
  delayed: boolean;
  onChange: (text: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => {
    if (!delayed || text.trim() === value) return;
    const timer = setTimeout(() => onChange(text.trim()), FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [delayed, text, value, onChange]);
  return (
    <search className="tw-data-table__filter">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim() !== value) onChange(text.trim());
        }}
      >
        <label htmlFor={id} className="form-label">
          {label}
        </label>
        <div className="tw-data-table__filter-row">
          <input
            id={id}
            type="search"
            className="form-control form-control-sm"
            value={text}
            maxLength={200}
            onChange={(event) => {
              setText(event.target.value);
              if (!delayed) onChange(event.target.value);
            }}
          />
          {submitLabel ? (
            <button type="submit" className="btn btn-outline-primary btn-sm">
              {submitLabel}
            </button>
          ) : null}
        </div>
      </form>
    </search>
  );
}
