import { CATALOG_EVENT_KINDS, type CatalogEventKind } from '@trackwell/contracts';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { type DataColumn, DataTable } from '../../../../components/ui/data-table/data-table.tsx';
import { notify } from '../../../../lib/notify.ts';
import { type ConsoleChange, useListConsoleChangesQuery, useRetryChangeMutation } from '../api/deliveries.ts';
import { formatInstant } from '../lib/format.ts';
import { ChangeDeliveries } from './change-deliveries.tsx';
import { Pager } from './pager.tsx';

/**
 * The store's changes, newest first, each with its deliveries counted and the failure reasons; "Deliveries"
 * opens the change's deliveries below, "Retry the failed" sends its failed e-mails again after a confirmation.
 */
export function ChangesPanel({ code }: { code: string }) {
  const { t } = useTranslation('console-activity');
  const [cursors, setCursors] = useState<string[]>([]);
  const changes = useListConsoleChangesQuery({ code, cursor: cursors.at(-1) });
  const [retry] = useRetryChangeMutation();
  const [retrying, setRetrying] = useState<ConsoleChange | null>(null);
  const [open, setOpen] = useState<ConsoleChange | null>(null);
  const columns = useChangeColumns(
    open?.id,
    (change) => setOpen(open?.id === change.id ? null : change),
    setRetrying,
  );

  async function confirmRetry() {
    const change = retrying;
    setRetrying(null);
    if (!change) return;
    const done = await retry({ code, id: change.id });
    if (!('error' in done)) notify.success(t('changes.retried', { n: done.data.requeued }));
  }

  return (
    <section className="tw-activity__panel" aria-labelledby="tw-changes-title">
      <h3 id="tw-changes-title" className="h5">
        {t('changes.title')}
      </h3>
      <DataTable
        caption={t('changes.caption')}
        columns={columns}
        rows={changes.data?.changes ?? []}
        rowId={(change) => change.id}
        sortable={false}
        status={{
          isLoading: changes.isLoading,
          isFetching: changes.isFetching,
          error: changes.error,
          onRetry: () => void changes.refetch(),
        }}
        empty={t('changes.empty')}
      />
      {changes.data ? (
        <Pager
          label={t('changes.pages')}
          newer={cursors.length > 0 ? () => setCursors(cursors.slice(0, -1)) : undefined}
          older={
            changes.data.nextCursor
              ? () => setCursors([...cursors, changes.data?.nextCursor ?? ''])
              : undefined
          }
        />
      ) : null}
      {open ? <ChangeDeliveries code={code} change={open} onClose={() => setOpen(null)} /> : null}
      <ConfirmDialog
        open={retrying !== null}
        title={t('changes.confirmTitle')}
        message={t('changes.confirmBody', {
          n: retrying?.failed ?? 0,
          change: retrying?.publisherEventId ?? '',
        })}
        onConfirm={confirmRetry}
        onCancel={() => setRetrying(null)}
      />
    </section>
  );
}

/** The deliveries of a change, counted by state; one column each. */
const COUNTS = ['matched', 'sent', 'failed', 'pending', 'unsubscribed'] as const;

/**
 * The columns: the change (its row header: what, which event, when, from where), its deliveries counted by
 * state, the failure reasons, and its actions. The server pages the changes newest first: no column sorts.
 */
function useChangeColumns(
  open: string | undefined,
  onOpen: (change: ConsoleChange) => void,
  onRetry: (change: ConsoleChange) => void,
): DataColumn<ConsoleChange>[] {
  const { t, i18n } = useTranslation('console-activity');
  const handlers = useRef({ onOpen, onRetry });
  handlers.current = { onOpen, onRetry };
  return useMemo(() => {
    const kindName = (kind: string) =>
      (CATALOG_EVENT_KINDS as readonly string[]).includes(kind)
        ? t(`kinds.${kind as CatalogEventKind}`)
        : kind;
    return [
      {
        id: 'change',
        meta: { label: t('changes.change'), rowHeader: true },
        cell: ({ row: { original: change } }) => (
          <>
            <span className="d-block">{kindName(change.kind)}</span>
            <code className="small" dir="ltr">
              {change.publisherEventId}
            </code>
            <span className="d-block small tw-activity__muted">
              {formatInstant(change.recordedAt, i18n.language)}
            </span>
            <span className="d-block small tw-activity__muted">{t(`sources.${change.source}`)}</span>
          </>
        ),
      },
      ...COUNTS.map(
        (c): DataColumn<ConsoleChange> => ({
          id: c,
          accessorKey: c,
          meta: { label: t(`changes.${c}`), numeric: true },
        }),
      ),
      {
        id: 'reasons',
        meta: { label: t('changes.reasons') },
        cell: ({ row }) => <FailureReasons reasons={row.original.failureReasons} />,
      },
      {
        id: 'actions',
        enableHiding: false,
        meta: { label: t('table.actions'), actions: true },
        cell: ({ row: { original: change } }) => (
          <div className="tw-activity__actions">
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              aria-expanded={open === change.id}
              onClick={() => handlers.current.onOpen(change)}
            >
              {t('changes.deliveries', { change: change.publisherEventId })}
            </button>
            {change.failed > 0 ? (
              <button
                type="button"
                className="btn btn-outline-danger btn-sm"
                onClick={() => handlers.current.onRetry(change)}
              >
                {t('changes.retry', { change: change.publisherEventId })}
              </button>
            ) : null}
          </div>
        ),
      },
    ];
  }, [t, i18n.language, open]);
}

/** Why a change's deliveries failed, each reason with how many times. */
function FailureReasons({ reasons }: { reasons: ConsoleChange['failureReasons'] }) {
  const { t } = useTranslation('console-activity');
  if (reasons.length === 0) return <span className="tw-activity__muted">{t('changes.noFailures')}</span>;
  return (
    <ul className="tw-activity__reasons">
      {reasons.map((r) => (
        <li key={r.reason}>
          <span dir="ltr">{r.reason}</span> ({r.count})
        </li>
      ))}
    </ul>
  );
}
