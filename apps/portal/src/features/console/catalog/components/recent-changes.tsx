import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../../components/ui/data-table/data-table.tsx';
import { type PublishedChange, useListPublishedChangesQuery } from '../api/changes-api.ts';
import { formatDateTime } from '../lib/format.ts';
import { Pager, useCursors } from './pager.tsx';

const KINDS = new Set([
  'new_standard',
  'new_edition',
  'amendment',
  'editorial_change',
  'reaffirmation',
  'withdrawal',
  'reinstatement',
  'new_work_item',
  'work_item_status_change',
]);

/** The store's recent changes, newest first, page by page, with their e-mails counted. */
export function RecentChanges({ code }: { code: string }) {
  const { t } = useTranslation('console-catalog');
  const cursors = useCursors();
  const page = useListPublishedChangesQuery({ code, cursor: cursors.cursor });
  const columns = useChangeColumns();
  return (
    <section className="tw-catalog__panel" aria-labelledby="tw-changes-recent-title">
      <h3 id="tw-changes-recent-title" className="h5">
        {t('recent.title')}
      </h3>
      <DataTable
        caption={t('recent.caption')}
        columns={columns}
        rows={page.data?.changes ?? []}
        rowId={(c) => c.id}
        sortable={false}
        status={{
          isLoading: page.isLoading,
          isFetching: page.isFetching,
          error: page.error,
          onRetry: () => void page.refetch(),
        }}
        empty={t('recent.empty')}
      />
      {page.data && page.data.changes.length > 0 ? (
        <Pager
          labels={{ previous: t('recent.newer'), next: t('recent.older') }}
          cursors={cursors}
          nextCursor={page.data.nextCursor}
        />
      ) : null}
    </section>
  );
}

/** When, what kind, which event, and its e-mails counted; the server pages newest first (no sorting here). */
function useChangeColumns(): DataColumn<PublishedChange>[] {
  const { t, i18n } = useTranslation('console-catalog');
  return useMemo(() => {
    const count = (key: 'matched' | 'sent' | 'pending' | 'failed'): DataColumn<PublishedChange> => ({
      id: key,
      accessorKey: key,
      meta: { label: t(`recent.${key}`), numeric: true },
    });
    return [
      {
        id: 'recordedAt',
        meta: { label: t('recent.recordedAt') },
        cell: ({ row }) => formatDateTime(row.original.recordedAt, i18n.language),
      },
      {
        id: 'kind',
        meta: { label: t('recent.kind') },
        cell: ({ row: { original: c } }) =>
          KINDS.has(c.kind) ? t(`eventKinds.${c.kind as 'new_edition'}`) : c.kind,
      },
      {
        id: 'eventId',
        accessorKey: 'publisherEventId',
        meta: { label: t('recent.eventId'), dir: 'ltr', nowrap: true },
      },
      count('matched'),
      count('sent'),
      count('pending'),
      count('failed'),
    ];
  }, [t, i18n.language]);
}
