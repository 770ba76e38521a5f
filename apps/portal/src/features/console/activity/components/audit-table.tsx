import type { PaginationState, SortingState } from '@tanstack/react-table';
import type { ConsoleAuditEntry } from '@trackwell/contracts';
import { isAuditAction } from '@trackwell/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../../components/ui/data-table/data-table.tsx';
import { Breakable } from '../../components/breakable.tsx';
import { auditDiff } from '../lib/audit-diff.ts';
import { formatInstant } from '../lib/format.ts';

/** The server's numbered pages: where the table is, how many entries match, and how to ask for another. */
export interface AuditPaging extends PaginationState {
  total: number;
  fetching: boolean;
  onChange: (next: PaginationState) => void;
}

/**
 * Audit entries: when, who, what (action and target), and what changed (before → after, a list of fields);
 * `showStore`: each entry's store too (the log of every store). The server pages the entries newest first
 * (`paging`: "page N of M", first/previous/next/last, the page size); no column sorts. The screen around it
 * says when there are none. Below 640 px each entry is a card (DataTable); addresses and keys wrap only at
 * their separators.
 */
export function AuditTable({
  entries,
  showStore = false,
  paging,
}: {
  entries: ConsoleAuditEntry[];
  showStore?: boolean;
  paging?: AuditPaging;
}) {
  const { t } = useTranslation('console-activity');
  const columns = useAuditColumns(showStore);
  return (
    <DataTable
      caption={t('audit.caption')}
      columns={columns}
      rows={entries}
      rowId={(entry) => entry.id}
      sortable={false}
      status={{ isLoading: false, isFetching: paging?.fetching }}
      empty={t('audit.empty')}
      server={
        paging
          ? {
              state: {
                pagination: { pageIndex: paging.pageIndex, pageSize: paging.pageSize },
                sorting: NO_SORT,
                filter: '',
              },
              onStateChange: (next) => paging.onChange(next.pagination),
              rowCount: paging.total,
            }
          : undefined
      }
    />
  );
}

const NO_SORT: SortingState = [];

function useAuditColumns(showStore: boolean): DataColumn<ConsoleAuditEntry>[] {
  const { t, i18n } = useTranslation('console-activity');
  return useMemo(() => {
    const store: DataColumn<ConsoleAuditEntry> = {
      id: 'store',
      meta: { label: t('audit.store') },
      cell: ({ row }) => <code dir="ltr">{row.original.store ?? '—'}</code>,
    };
    return [
      {
        id: 'when',
        meta: { label: t('audit.when') },
        cell: ({ row }) => formatInstant(row.original.at, i18n.language),
      },
      ...(showStore ? [store] : []),
      {
        id: 'who',
        meta: { label: t('audit.who') },
        cell: ({ row: { original: entry } }) => (
          <>
            <Breakable text={entry.actorLogin || entry.actorId} />
            <span className="d-block small tw-activity__muted">{t(`actorKinds.${entry.actorKind}`)}</span>
          </>
        ),
      },
      {
        id: 'what',
        meta: { label: t('audit.what') },
        cell: ({ row: { original: entry } }) => (
          <>
            <span className="d-block">
              {isAuditAction(entry.action) ? t(`actions.${entry.action}`) : entry.action}
            </span>
            <code className="small">
              <Breakable text={entry.target} />
            </code>
          </>
        ),
      },
      {
        id: 'change',
        meta: { label: t('audit.change') },
        cell: ({ row }) => <AuditDiff before={row.original.before} after={row.original.after} />,
      },
    ];
  }, [t, i18n.language, showStore]);
}

function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation('console-activity');
  const lines = auditDiff(before, after);
  if (lines.length === 0) return <span className="tw-activity__muted">{t('audit.noChange')}</span>;
  return (
    <ul className="tw-activity__diff" dir="ltr">
      {lines.map((line) => (
        <li key={line.field}>
          {line.field ? (
            <span className="tw-activity__diff-field">
              <Breakable text={line.field} />:{' '}
            </span>
          ) : null}
          {line.before !== undefined ? (
            <del>
              <span className="tw-visually-hidden">{t('audit.before')} </span>
              <Breakable text={line.before} />
            </del>
          ) : null}
          {line.before !== undefined && line.after !== undefined ? <span aria-hidden="true"> → </span> : null}
          {line.after !== undefined ? (
            <ins>
              <span className="tw-visually-hidden">{t('audit.after')} </span>
              <Breakable text={line.after} />
            </ins>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
