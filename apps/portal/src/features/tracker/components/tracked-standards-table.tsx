import { getCoreRowModel, type PaginationState, useReactTable } from '@tanstack/react-table';
import type { ContentTrackingRow, FeatureFlags, TenantConfig, UserInfo } from '@trackwell/contracts';
import { lazy, type MouseEvent, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { notify } from '../../../lib/notify.ts';
import {
  useDeleteContentTrackingMutation,
  useListContentTrackingsQuery,
  useUpdateContentTrackingMutation,
} from '../api/content-trackings.ts';
import { useLazyResolveContentQuery } from '../api/resolve-content.ts';
import { openInNewTab } from '../lib/open-in-new-tab.ts';
import { COLUMN_DEFAULT_SIZE, COLUMN_MIN_SIZE, pageCountOf } from '../lib/paging.ts';
import { useReviewDueFilter } from './review-due-filter.tsx';
import { type RowHandlers, standardName, useStandardColumns } from './standard-columns.tsx';
import { StandardSearch } from './standard-search.tsx';
import { StandardsTableView } from './standards-table-view.tsx';
import { TablePagination } from './table-pagination.tsx';

// Import and export of the list, loaded after the table (not in the first download).
const ListActions = lazy(() => import('./list-io/list-actions.tsx'));

type TrackedStandardsTableProps = {
  user: UserInfo;
  tenant: TenantConfig;
  flags: FeatureFlags;
  pagination: PaginationState;
  onPaginationChange: (next: PaginationState) => void;
};

type ListArgs = { userId: string; pageIndex: number; pageSize: number; dueWithinMonths?: number | undefined };

/**
 * What a row's controls do: open the title (through the resolver when its flag is on), switch tracking,
 * remove after confirmation (spec §4). Failures are toasted by the store's middleware (spec §8).
 */
function useStandardActions(
  user: UserInfo,
  flags: FeatureFlags,
  listArgs: ListArgs,
  afterDelete: () => void,
) {
  const { t } = useTranslation('tracker');
  const [updateTracking] = useUpdateContentTrackingMutation();
  const [deleteTracking] = useDeleteContentTrackingMutation();
  const [resolveContent] = useLazyResolveContentQuery();
  const [pendingDelete, setPendingDelete] = useState<ContentTrackingRow>();

  async function onTitleClick(event: MouseEvent<HTMLAnchorElement>, row: ContentTrackingRow) {
    if (!flags.enable_resolver_DP_for_content.enabled) return;
    // spec §2: with the resolver flag on, the title opens the resolver's application URL in a new tab.
    event.preventDefault();
    await openInNewTab(() =>
      resolveContent({
        contentCode: row.content.contentCode,
        tenantId: user.MAETenantID,
        userId: listArgs.userId,
      }).unwrap(),
    );
  }

  function onToggle(row: ContentTrackingRow) {
    // spec §4: send the CURRENT off-state as `active`; the list shows contentTrackingOff = !active at once and
    // is put back if the call fails.
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
      afterDelete();
    } catch {
      // Toasted by the store's middleware (spec §8).
    }
  }

  return { onTitleClick, onToggle, onDelete: setPendingDelete, pendingDelete, onConfirmDelete };
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
  const { t, i18n } = useTranslation('tracker');
  const headingId = useId();
  const userId = user.MAEUserID;
  const filter = useReviewDueFilter(() => onPaginationChange({ ...pagination, pageIndex: 0 }));
  const { pageIndex, pageSize } = pagination;
  const listArgs = { userId, pageIndex: pageIndex + 1, pageSize, dueWithinMonths: filter.dueWithinMonths };
  const { data, isFetching, isLoading } = useListContentTrackingsQuery(listArgs);
  const rows = data?.rows ?? [];
  const pageCount = pageCountOf(data?.totalElements ?? 0, pagination.pageSize);
  // spec §4 "If it was the only row on the page, the page index goes back one."
  const actions = useStandardActions(user, flags, listArgs, () => {
    if (rows.length === 1 && pagination.pageIndex > 0)
      onPaginationChange({ ...pagination, pageIndex: pagination.pageIndex - 1 });
  });
  const { pendingDelete } = actions;

  const handlers = useRef<RowHandlers>(actions);
  handlers.current = actions;
  const columns = useStandardColumns(tenant.publicURL, handlers);

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
      <Suspense fallback={null}>
        <ListActions onTracked={() => onPaginationChange({ ...pagination, pageIndex: 0 })} />
      </Suspense>
      <StandardSearch userId={userId} onAdded={() => onPaginationChange({ ...pagination, pageIndex: 0 })} />
      {filter.control}
      <StandardsTableView
        table={table}
        headingId={headingId}
        isFetching={isFetching}
        isLoading={isLoading}
        emptyText={filter.emptyText}
      />
      <TablePagination
        pageIndex={pagination.pageIndex}
        pageSize={pagination.pageSize}
        pageCount={pageCount}
        onPageIndexChange={(index) => table.setPageIndex(index)}
        onPageSizeChange={(size) => table.setPageSize(size)}
      />
      <ConfirmDialog
        open={pendingDelete !== undefined}
        message={
          pendingDelete &&
          t('standards.deleteConfirm', { standard: standardName(pendingDelete, i18n.language) })
        }
        onConfirm={() => void actions.onConfirmDelete()}
        onCancel={() => actions.onDelete(undefined)}
      />
    </section>
  );
}
