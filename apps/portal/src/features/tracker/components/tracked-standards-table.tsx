import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type PaginationState,
  useReactTable,
} from '@tanstack/react-table';
import type { ContentTrackingRow, FeatureFlags, TenantConfig, UserInfo } from '@trackwell/contracts';
import { type MouseEvent, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { TrashIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { notify } from '../../../lib/notify.ts';
import {
  useDeleteContentTrackingMutation,
  useListContentTrackingsQuery,
  useUpdateContentTrackingMutation,
} from '../api/content-trackings.ts';
import { useLazyResolveContentQuery } from '../api/resolve-content.ts';
import { openInNewTab } from '../lib/open-in-new-tab.ts';
import { COLUMN_DEFAULT_SIZE, COLUMN_MIN_SIZE, pageCountOf } from '../lib/paging.ts';
import { StandardSearch } from './standard-search.tsx';
import { TablePagination } from './table-pagination.tsx';

type TrackedStandardsTableProps = {
  user: UserInfo;
  tenant: TenantConfig;
  flags: FeatureFlags;
  pagination: PaginationState;
  onPaginationChange: (next: PaginationState) => void;
};

type RowHandlers = {
  onTitleClick: (event: MouseEvent<HTMLAnchorElement>, row: ContentTrackingRow) => Promise<void>;
  onToggle: (row: ContentTrackingRow) => void;
  onDelete: (row: ContentTrackingRow) => void;
};

/** spec §2: the title links to the public page: publicURL, then the asset id, then .html. */
export function publicPageUrl(publicURL: string, assetId: string): string {
  return `${publicURL}${encodeURIComponent(assetId)}.html`;
}

/** A standard's name as people say it: its designation, then its title. */
function standardName(row: ContentTrackingRow): string {
  const { displayDesignation, contentTitle } = row.content;
  return displayDesignation ? `${displayDesignation} ${contentTitle}` : contentTitle;
}

/**
 * spec §2 "Individual tracked standards table", §4 "Tracked standard" and "Removing a standard", §9 table
 * defaults. The page state belongs to the tracker page (the work-item section reads the same page).
 */
export function TrackedStandardsTable({
  user,
  tenant,
  flags,
  pagination,
  onPaginationChange,
}: TrackedStandardsTableProps) {
  const { t } = useTranslation('tracker');
  const headingId = useId();
  const userId = user.MAEUserID;
  const listArgs = { userId, pageIndex: pagination.pageIndex + 1, pageSize: pagination.pageSize };
  const { data, isFetching, isLoading } = useListContentTrackingsQuery(listArgs);
  const [updateTracking] = useUpdateContentTrackingMutation();
  const [deleteTracking] = useDeleteContentTrackingMutation();
  const [resolveContent] = useLazyResolveContentQuery();
  const [pendingDelete, setPendingDelete] = useState<ContentTrackingRow>();

  const rows = data?.rows ?? [];
  const pageCount = pageCountOf(data?.totalElements ?? 0, pagination.pageSize);
  const resolverOn = flags.enable_resolver_DP_for_content.enabled;

  async function onTitleClick(event: MouseEvent<HTMLAnchorElement>, row: ContentTrackingRow) {
    if (!resolverOn) return;
    // spec §2: with the resolver flag on, the title opens the resolver's application URL in a new tab.
    event.preventDefault();
    await openInNewTab(() =>
      resolveContent({
        contentCode: row.content.contentCode,
        tenantId: user.MAETenantID,
        userId,
      }).unwrap(),
    );
  }

  function onToggle(row: ContentTrackingRow) {
    // spec §4: send the CURRENT off-state as `active`; the list shows contentTrackingOff = !active at once and
    // is put back if the call fails (the failure is toasted by the store's middleware).
    void updateTracking({
      ...listArgs,
      contentTrackingId: row.contentTrackingId,
      active: row.contentTrackingOff,
    })
      .unwrap()
      .catch(() => undefined);
  }

  async function onConfirmDelete() {
    const row = pendingDelete;
    setPendingDelete(undefined);
    if (!row) return;
    try {
      await deleteTracking({ ...listArgs, contentTrackingId: row.contentTrackingId }).unwrap();
      notify.success(t('individualTrackingRemoved'));
      // spec §4 "If it was the only row on the page, the page index goes back one."
      if (rows.length === 1 && pagination.pageIndex > 0) {
        onPaginationChange({ ...pagination, pageIndex: pagination.pageIndex - 1 });
      }
    } catch {
      // Toasted by the store's middleware (spec §8).
    }
  }

  // The columns stay the same objects across renders (new cell functions would remount every cell, losing
  // focus); their cells reach this render's handlers through the ref.
  const handlers = useRef<RowHandlers>({ onTitleClick, onToggle, onDelete: setPendingDelete });
  handlers.current = { onTitleClick, onToggle, onDelete: setPendingDelete };
  const columns = useMemo<ColumnDef<ContentTrackingRow>[]>(
    () => [
      {
        id: 'title',
        header: () => t('standards.columns.title'),
        size: 360,
        cell: ({ row: { original } }) => (
          <a
            href={publicPageUrl(tenant.publicURL, original.content.assetId)}
            target="_blank"
            rel="noopener noreferrer"
            className="tw-standard-link"
            onClick={(event) => void handlers.current.onTitleClick(event, original)}
          >
            {original.content.displayDesignation && (
              <span className="tw-standard-link__designation">{original.content.displayDesignation}</span>
            )}{' '}
            <span className="tw-standard-link__title">{original.content.contentTitle}</span>
            <span className="tw-visually-hidden"> {t('opensInNewTab')}</span>
          </a>
        ),
      },
      {
        id: 'publisher',
        header: () => t('standards.columns.publisher'),
        cell: ({ row: { original } }) => original.data.publisher,
      },
      {
        id: 'track',
        header: () => t('standards.columns.track'),
        size: 110,
        cell: ({ row: { original } }) => (
          <div className="form-check form-switch tw-track-switch">
            <input
              type="checkbox"
              role="switch"
              className="form-check-input"
              // spec §4: checked when tracking is not off.
              checked={!original.contentTrackingOff}
              aria-checked={!original.contentTrackingOff}
              onChange={() => handlers.current.onToggle(original)}
              aria-label={t('standards.trackSwitch', { standard: standardName(original) })}
            />
          </div>
        ),
      },
      {
        id: 'delete',
        header: () => <span className="tw-visually-hidden">{t('standards.columns.delete')}</span>,
        size: 80,
        cell: ({ row: { original } }) => (
          <button
            type="button"
            className="btn btn-sm tw-remove-button tw-icon-button"
            onClick={() => handlers.current.onDelete(original)}
            aria-label={t('standards.delete', { standard: standardName(original) })}
          >
            <TrashIcon />
          </button>
        ),
      },
    ],
    [t, tenant.publicURL],
  );

  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.contentTrackingId),
    manualPagination: true,
    pageCount,
    state: { pagination },
    onPaginationChange: (updater) =>
      onPaginationChange(typeof updater === 'function' ? updater(pagination) : updater),
    defaultColumn: { size: COLUMN_DEFAULT_SIZE, minSize: COLUMN_MIN_SIZE },
  });

  return (
    <section className="tw-tracker-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="tw-tracker-card__title">
        {t('standards.heading')}
      </h2>
      <p className="tw-tracker-card__description">{t('standards.description')}</p>
      <StandardSearch userId={userId} onAdded={() => onPaginationChange({ ...pagination, pageIndex: 0 })} />
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
                    style={{ width: header.getSize(), minWidth: header.column.columnDef.minSize }}
                  >
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={`tw-col-${cell.column.id}`}
                    data-label={
                      cell.column.id === 'title' || cell.column.id === 'delete'
                        ? undefined
                        : String(t(`standards.columns.${cell.column.id as 'publisher' | 'track'}`))
                    }
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
            {!isLoading && rows.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="tw-table-empty">
                  {t('standards.noData')}
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
      <TablePagination
        pageIndex={pagination.pageIndex}
        pageSize={pagination.pageSize}
        pageCount={pageCount}
        onPageIndexChange={(index) => table.setPageIndex(index)}
        onPageSizeChange={(size) => table.setPageSize(size)}
      />
      <ConfirmDialog
        open={pendingDelete !== undefined}
        message={pendingDelete && t('standards.deleteConfirm', { standard: standardName(pendingDelete) })}
        onConfirm={() => void onConfirmDelete()}
        onCancel={() => setPendingDelete(undefined)}
      />
    </section>
  );
}
