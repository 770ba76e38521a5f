import type { WebhookEndpoint } from '@trackwell/contracts';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '../../../lib/format-instant.ts';
import { notify } from '../../../lib/notify.ts';
import {
  useListWebhookEndpointsQuery,
  useTestWebhookEndpointMutation,
  type WebhookScope,
} from '../api/webhooks.ts';
import { ListState } from './list-state.tsx';

type Actions = {
  onRemove: (endpoint: WebhookEndpoint) => void;
  onShowLog: (endpoint: WebhookEndpoint) => void;
};

/** The endpoints: loading, the load error, empty, or the table with each one's actions. */
export function EndpointTable({ scope, onRemove, onShowLog }: { scope: WebhookScope } & Actions) {
  const { t } = useTranslation('webhooks');
  const endpoints = useListWebhookEndpointsQuery(scope);
  return (
    <ListState query={endpoints} empty={t(`empty.${scope.kind}`)}>
      {(items) => (
        <div className="table-responsive tw-webhooks__scroll">
          <table className="table align-middle tw-webhooks__table">
            <caption className="tw-visually-hidden">{t(`caption.${scope.kind}`)}</caption>
            <thead>
              <tr>
                <th scope="col">{t('url')}</th>
                <th scope="col">{t('created')}</th>
                <th scope="col">
                  <span className="tw-visually-hidden">{t('actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((endpoint) => (
                <EndpointRow
                  key={endpoint.id}
                  scope={scope}
                  endpoint={endpoint}
                  onRemove={onRemove}
                  onShowLog={onShowLog}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ListState>
  );
}

function EndpointRow({
  scope,
  endpoint,
  onRemove,
  onShowLog,
}: { scope: WebhookScope; endpoint: WebhookEndpoint } & Actions) {
  const { t, i18n } = useTranslation('webhooks');
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
    <tr>
      <td>
        <span className="d-block tw-webhooks__wrap" dir="ltr">
          {endpoint.url}
        </span>
        {endpoint.description ? (
          <span className="small tw-webhooks__muted">{endpoint.description}</span>
        ) : null}
      </td>
      <td>{formatInstant(endpoint.createdAt, i18n.language)}</td>
      <td className="text-end">
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
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            onClick={() => onShowLog(endpoint)}
          >
            {t('showLog')} <span className="tw-visually-hidden">{endpoint.url}</span>
          </button>
          <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => onRemove(endpoint)}>
            {t('remove')} <span className="tw-visually-hidden">{endpoint.url}</span>
          </button>
        </div>
      </td>
    </tr>
  );
}
