import type { WebhookAttempt } from '@trackwell/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/ui/data-table/data-table.tsx';
import { formatInstant } from '../../../lib/format-instant.ts';
import { useWebhookEndpointLogQuery, type WebhookScope } from '../api/webhooks.ts';

/** An endpoint's delivery log, newest first: each attempt's event, outcome (status or error) and time. */
export function WebhookLog({ scope, id, url }: { scope: WebhookScope; id: string; url: string }) {
  const { t } = useTranslation('webhooks');
  const log = useWebhookEndpointLogQuery({ scope, id });
  const columns = useAttemptColumns();
  return (
    <DataTable
      caption={t('logCaption', { url })}
      columns={columns}
      rows={log.data ?? []}
      rowId={(attempt) => `${attempt.messageId}-${attempt.attempt}`}
      status={{
        isLoading: log.isLoading,
        isFetching: log.isFetching,
        error: log.error,
        onRetry: () => void log.refetch(),
      }}
      empty={t('logEmpty')}
    />
  );
}

/** When, which event (and change), the outcome with the attempt's number and time, and the message's state. */
function useAttemptColumns(): DataColumn<WebhookAttempt>[] {
  const { t, i18n } = useTranslation('webhooks');
  return useMemo(
    () => [
      {
        id: 'attemptedAt',
        accessorKey: 'attemptedAt',
        meta: { label: t('attemptedAt') },
        cell: ({ row }) => formatInstant(row.original.attemptedAt, i18n.language),
      },
      {
        id: 'event',
        accessorKey: 'eventType',
        meta: { label: t('event') },
        cell: ({ row: { original: attempt } }) => (
          <>
            <span className="d-block">{t(`eventTypes.${attempt.eventType}`)}</span>
            {attempt.changeId ? (
              <code className="small" dir="ltr">
                {attempt.changeId}
              </code>
            ) : null}
          </>
        ),
      },
      {
        id: 'outcome',
        accessorFn: (attempt) => attempt.statusCode ?? 0,
        meta: { label: t('outcome') },
        cell: ({ row: { original: attempt } }) => {
          const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
          return (
            <>
              <span className="d-block">
                {ok
                  ? t('accepted', { status: attempt.statusCode })
                  : attempt.statusCode !== null
                    ? t('refused', { status: attempt.statusCode })
                    : t('failed', { error: attempt.error ?? '' })}
              </span>
              <span className="small tw-webhooks__muted">
                {t('attempt', { n: attempt.attempt, ms: attempt.durationMs })}
              </span>
            </>
          );
        },
      },
      {
        id: 'message',
        accessorKey: 'messageStatus',
        meta: { label: t('message') },
        cell: ({ row: { original: attempt } }) => (
          <>
            <span className="d-block">{t(`status.${attempt.messageStatus}`)}</span>
            {attempt.nextAttemptAt ? (
              <span className="small tw-webhooks__muted">
                {t('nextAttempt', { at: formatInstant(attempt.nextAttemptAt, i18n.language) })}
              </span>
            ) : null}
          </>
        ),
      },
    ],
    [t, i18n.language],
  );
}
