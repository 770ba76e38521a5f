import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../../../components/ui/spinner.tsx';
import { Breakable } from '../../components/breakable.tsx';
import { ConsoleLoadError } from '../../components/console-load-error.tsx';
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
      {list.isLoading ? (
        <PendingMessage>{t('state.loading')}</PendingMessage>
      ) : list.error || !list.data ? (
        <ConsoleLoadError error={list.error} onRetry={list.refetch} />
      ) : list.data.deliveries.length === 0 && cursors.length === 0 ? (
        <p className="tw-console__empty">{t('deliveries.empty')}</p>
      ) : (
        <>
          <DeliveriesTable deliveries={list.data.deliveries} onOpen={openMessage} />
          <Pager
            label={t('deliveries.pages')}
            newer={cursors.length > 0 ? () => setCursors(cursors.slice(0, -1)) : undefined}
            older={
              list.data.nextCursor ? () => setCursors([...cursors, list.data?.nextCursor ?? '']) : undefined
            }
          />
        </>
      )}
      {message ? <MessageView code={code} delivery={message} onClose={closeMessage} /> : null}
    </section>
  );
}

function DeliveriesTable({
  deliveries,
  onOpen,
}: {
  deliveries: ChangeDelivery[];
  onOpen: (delivery: ChangeDelivery, opener: HTMLButtonElement) => void;
}) {
  const { t, i18n } = useTranslation('console-activity');
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle tw-console__table">
        <caption className="tw-visually-hidden">{t('deliveries.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('deliveries.recipient')}</th>
            <th scope="col">{t('deliveries.status')}</th>
            <th scope="col">{t('deliveries.sentAt')}</th>
            <th scope="col">{t('deliveries.error')}</th>
            <th scope="col">
              <span className="tw-visually-hidden">{t('table.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d) => (
            <tr key={d.id}>
              <td className="tw-console__host">
                <Breakable text={d.recipient} />
              </td>
              <td>{t(`deliveries.${d.status}`)}</td>
              <td>{formatInstant(d.sentAt, i18n.language)}</td>
              <td dir="ltr">{d.lastError ?? ''}</td>
              <td>
                {d.hasMessage ? (
                  <button
                    type="button"
                    className="btn btn-link btn-sm px-0"
                    onClick={(e) => onOpen(d, e.currentTarget)}
                  >
                    {t('deliveries.open', { recipient: d.recipient })}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
