import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../../components/ui/data-table/data-table.tsx';
import { Breakable } from '../../components/breakable.tsx';
import { type ChangeDelivery, type ConsoleChange, useListChangeDeliveriesQuery } from '../api/deliveries.ts';
import { formatInstant } from '../lib/format.ts';
import { MessageView } from './message-view.tsx';
import { Pager } from './pager.tsx';

/** One change's deliveries: recipient, status, last error; "Open the e-mail" shows one as it was sent. */
export function ChangeDeliveries({
  code,
  change,
  onClose,
}: {
  code: string;
  change: ConsoleChange;
  onClose: () => void;
}) {
  const { t } = useTranslation('console-activity');
  const [cursors, setCursors] = useState<string[]>([]);
  const [message, setMessage] = useState<ChangeDelivery | null>(null);
  const list = useListChangeDeliveriesQuery({ code, id: change.id, cursor: cursors.at(-1) });
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The button that opened the e-mail: the focus returns to it when the e-mail is closed.
  const openerRef = useRef<HTMLButtonElement | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves here each time another change opens.
  useEffect(() => headingRef.current?.focus(), [change.id]);
  const openMessage = (delivery: ChangeDelivery, opener: HTMLButtonElement) => {
    openerRef.current = opener;
    setMessage(delivery);
  };
  const columns = useDeliveryColumns(openMessage);
  const closeMessage = () => {
    setMessage(null);
    const opener = openerRef.current;
    (opener?.isConnected ? opener : headingRef.current)?.focus();
  };

  return (
    <section className="tw-activity__subpanel" aria-labelledby="tw-change-deliveries-title">
      <div className="tw-activity__panel-head">
        <h4 id="tw-change-deliveries-title" className="h6" tabIndex={-1} ref={headingRef}>
          {t('deliveries.title', { change: change.publisherEventId })}
        </h4>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onClose}>
          {t('deliveries.close')}
        </button>
      </div>
      <DataTable
        caption={t('deliveries.caption')}
        columns={columns}
        rows={list.data?.deliveries ?? []}
        rowId={(d) => d.id}
        sortable={false}
        status={{
          isLoading: list.isLoading,
          isFetching: list.isFetching,
          error: list.error,
          onRetry: () => void list.refetch(),
        }}
        empty={t('deliveries.empty')}
      />
      {list.data ? (
        <Pager
          label={t('deliveries.pages')}
          newer={cursors.length > 0 ? () => setCursors(cursors.slice(0, -1)) : undefined}
          older={
            list.data.nextCursor ? () => setCursors([...cursors, list.data?.nextCursor ?? '']) : undefined
          }
        />
      ) : null}
      {message ? <MessageView code={code} delivery={message} onClose={closeMessage} /> : null}
    </section>
  );
}

/** Recipient, status, when, the last error, and "Open the e-mail" where it was kept; the server's order. */
function useDeliveryColumns(
  onOpen: (delivery: ChangeDelivery, opener: HTMLButtonElement) => void,
): DataColumn<ChangeDelivery>[] {
  const { t, i18n } = useTranslation('console-activity');
  const open = useRef(onOpen);
  open.current = onOpen;
  return useMemo(
    () => [
      {
        id: 'recipient',
        meta: { label: t('deliveries.recipient') },
        cell: ({ row }) => <Breakable text={row.original.recipient} />,
      },
      {
        id: 'status',
        meta: { label: t('deliveries.status') },
        cell: ({ row }) => t(`deliveries.${row.original.status}`),
      },
      {
        id: 'sentAt',
        meta: { label: t('deliveries.sentAt') },
        cell: ({ row }) => formatInstant(row.original.sentAt, i18n.language),
      },
      {
        id: 'error',
        accessorFn: (d) => d.lastError ?? '',
        meta: { label: t('deliveries.error'), dir: 'ltr' },
      },
      {
        id: 'actions',
        enableHiding: false,
        meta: { label: t('table.actions'), actions: true },
        cell: ({ row: { original: d } }) =>
          d.hasMessage ? (
            <button
              type="button"
              className="btn btn-link btn-sm px-0"
              onClick={(e) => open.current(d, e.currentTarget)}
            >
              {t('deliveries.open', { recipient: d.recipient })}
            </button>
          ) : null,
      },
    ],
    [t, i18n.language],
  );
}
