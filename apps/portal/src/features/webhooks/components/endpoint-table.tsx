import type { WebhookEndpoint } from '@trackwell/contracts';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/ui/data-table/data-table.tsx';
import { formatInstant } from '../../../lib/format-instant.ts';
import { notify } from '../../../lib/notify.ts';
import {
  useListWebhookEndpointsQuery,
  useTestWebhookEndpointMutation,
  type WebhookScope,
} from '../api/webhooks.ts';

type Actions = {
  onRemove: (endpoint: WebhookEndpoint) => void;
  onShowLog: (endpoint: WebhookEndpoint) => void;
};

/** The endpoints: address (and description), when made, and each one's actions; sorted in the browser. */
export function EndpointTable({ scope, onRemove, onShowLog }: { scope: WebhookScope } & Actions) {
  const { t, i18n } = useTranslation('webhooks');
  const endpoints = useListWebhookEndpointsQuery(scope);
  const actions = useRef<Actions>({ onRemove, onShowLog });
  actions.current = { onRemove, onShowLog };
  const columns = useMemo(
    (): DataColumn<WebhookEndpoint>[] => [
      {
        id: 'url',
        accessorKey: 'url',
        meta: { label: t('url') },
        cell: ({ row: { original: endpoint } }) => (
          <>
            <span className="d-block tw-webhooks__wrap" dir="ltr">
              {endpoint.url}
            </span>
            {endpoint.description ? (
              <span className="small tw-webhooks__muted">{endpoint.description}</span>
            ) : null}
          </>
        ),
      },
      {
        id: 'createdAt',
        accessorKey: 'createdAt',
        meta: { label: t('created') },
        cell: ({ row }) => formatInstant(row.original.createdAt, i18n.language),
      },
      {
        id: 'actions',
        enableSorting: false,
        enableHiding: false,
        meta: { label: t('actions'), actions: true },
        cell: ({ row }) => (
          <EndpointActions
            scope={scope}
            endpoint={row.original}
            onRemove={(e) => actions.current.onRemove(e)}
            onShowLog={(e) => actions.current.onShowLog(e)}
          />
        ),
      },
    ],
    [t, i18n.language, scope],
  );
  return (
    <DataTable
      caption={t(`caption.${scope.kind}`)}
      columns={columns}
      rows={endpoints.data ?? []}
      rowId={(endpoint) => endpoint.id}
      status={{
        isLoading: endpoints.isLoading,
        isFetching: endpoints.isFetching,
        error: endpoints.error,
        onRetry: () => void endpoints.refetch(),
      }}
      empty={t(`empty.${scope.kind}`)}
    />
  );
}

/** An endpoint's actions: send a test event (then show its log), show the log, remove. */
function EndpointActions({
  scope,
  endpoint,
  onRemove,
  onShowLog,
}: { scope: WebhookScope; endpoint: WebhookEndpoint } & Actions) {
  const { t } = useTranslation('webhooks');
  const [test, testing] = useTestWebhookEndpointMutation();

  async function sendTest() {
    const done = await test({ scope, id: endpoint.id });
    if ('error' in done) return;
    const status = done.data.statusCode;
    if (status !== null && status >= 200 && status < 300) notify.success(t('testAccepted', { status }));
    else
      notify.error(
        status !== null ? t('testRefused', { status }) : t('testFailed', { error: done.data.error ?? '' }),
      );
    onShowLog(endpoint);
  }

  return (
    <div className="tw-webhooks__row-actions">
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        onClick={sendTest}
        disabled={testing.isLoading}
      >
        {testing.isLoading ? t('testing') : t('test')}{' '}
        <span className="tw-visually-hidden">{endpoint.url}</span>
      </button>
      <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => onShowLog(endpoint)}>
        {t('showLog')} <span className="tw-visually-hidden">{endpoint.url}</span>
      </button>
      <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => onRemove(endpoint)}>
        {t('remove')} <span className="tw-visually-hidden">{endpoint.url}</span>
      </button>
    </div>
  );
}
