import { flexRender, type Table } from '@tanstack/react-table';
import type { ContentTrackingRow } from '@trackwell/contracts';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner.tsx';

type StandardsTableViewProps = {
  table: Table<ContentTrackingRow>;
  headingId: string;
  isFetching: boolean;
  isLoading: boolean;
  /** What an empty table says (a filter's own words); the list's empty state otherwise. */
  emptyText?: string | undefined;
};

/**
 * The tracked standards as a table: column headers, one row per standard (each cell labelled for the narrow
 * layout), the empty state, and the loading mask while a page is fetched.
 */
export function StandardsTableView({
  table,
  headingId,
  isFetching,
  isLoading,
  emptyText,
}: StandardsTableViewProps) {
  const { t } = useTranslation('tracker');
  const rows = table.getRowModel().rows;
  const columnCount = table.getAllColumns().length;
  // Widths as shares of the table, so the table fills its card and never scrolls sideways (an empty table that
  // scrolls is a scroll region no keyboard can reach).
  const totalSize = table.getVisibleLeafColumns().reduce((sum, column) => sum + column.getSize(), 0);
  return (
    <div className="tw-table-wrap" aria-busy={isFetching}>
      <table className="table tw-standards-table" aria-labelledby={headingId}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  className={`tw-col-${header.column.id}`}
                  style={{
                    width: `${((header.getSize() / totalSize) * 100).toFixed(2)}%`,
                    minWidth: header.column.columnDef.minSize,
                  }}
                >
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td
                  key={cell.id}
                  className={`tw-col-${cell.column.id}`}
                  data-label={
                    cell.column.id === 'title' || cell.column.id === 'delete'
                      ? undefined
                      : String(t(`standards.columns.${cell.column.id as 'publisher' | 'forecast' | 'track'}`))
                  }
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
          {!isLoading && rows.length === 0 && (
            <tr>
              <td colSpan={columnCount} className="tw-table-empty">
                {emptyText ?? t('standards.noData')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {isFetching && (
        <div className="tw-table-mask" role="status">
          <Spinner />
          <span className="tw-visually-hidden">{t('standards.loading')}</span>
        </div>
      )}
    </div>
  );
}
