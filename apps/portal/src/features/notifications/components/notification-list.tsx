import type { CatalogEventKind } from '@trackwell/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { useNotificationPageQuery } from '../api/notifications.ts';
import { NotificationEntry } from './notification-entry.tsx';

type PageProps = { kind: CatalogEventKind | undefined; cursor: string | undefined; first: boolean };

/** One page of the list (one call); the last loaded page offers the next. */
function NotificationPage({
  kind,
  cursor,
  first,
  onMore,
}: PageProps & { onMore?: (cursor: string) => void }) {
  const { t } = useTranslation('notifications');
  const query = useNotificationPageQuery({ kind, cursor });
  if (query.isLoading) return <PendingMessage>{t('state.loading')}</PendingMessage>;
  if (query.isError || !query.data) {
    return (
      <div role="alert" className="tw-inbox__error">
        <p>{t('state.error')}</p>
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => void query.refetch()}>
          {t('state.retry')}
        </button>
      </div>
    );
  }
  const { notifications, nextCursor } = query.data;
  if (first && notifications.length === 0) {
    return <p className="tw-inbox__empty">{kind ? t('state.emptyKind') : t('state.empty')}</p>;
  }
  return (
    <>
      <ul className="tw-inbox__list">
        {notifications.map((item) => (
          <NotificationEntry key={item.id} item={item} />
        ))}
      </ul>
      {nextCursor && onMore ? (
        <button
          type="button"
          className="btn btn-outline-primary tw-inbox__more"
          onClick={() => onMore(nextCursor)}
        >
          {t('list.more')}
        </button>
      ) : null}
    </>
  );
}

/** The list of one kind (or all), newest first, page after page as the reader asks for more. */
export function NotificationList({ kind }: { kind: CatalogEventKind | undefined }) {
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  return (
    <>
      {cursors.map((cursor, i) => (
        <NotificationPage
          key={cursor ?? 'first'}
          kind={kind}
          cursor={cursor}
          first={i === 0}
          onMore={i === cursors.length - 1 ? (next) => setCursors([...cursors, next]) : undefined}
        />
      ))}
    </>
  );
}
