import type { WebhookEndpoint } from '@trackwell/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { notify } from '../../../lib/notify.ts';
import { ConsoleScreen } from '../components/console-screen.tsx';
import './activity.css';
import {
  useCreateWebhookMutation,
  useDeleteWebhookMutation,
  useListWebhooksQuery,
  useTestWebhookMutation,
  type WebhookEndpointCreated,
} from './api/webhooks.ts';
import { ListState } from './components/list-state.tsx';
import { SecretOnce } from './components/secret-once.tsx';
import { WebhookForm } from './components/webhook-form.tsx';
import { WebhookLog } from './components/webhook-log.tsx';
import { formatInstant } from './lib/format.ts';

/**
 * `/admin/stores/:code/webhooks` (issue 16 §5): the store's webhook endpoints. Register one (its signing
 * secret shown once), send it a test event, read its delivery log, remove it after a confirmation.
 */
export function WebhooksScreen({ code }: { code: string }) {
  const { t, ready } = useTranslation('console-activity');
  const [create] = useCreateWebhookMutation();
  const [remove] = useDeleteWebhookMutation();
  const [created, setCreated] = useState<WebhookEndpointCreated | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);

  async function confirmRemove() {
    const endpoint = removing;
    setRemoving(null);
    if (!endpoint) return;
    const done = await remove({ code, id: endpoint.id });
    if ('error' in done) return;
    if (logOf?.id === endpoint.id) setLogOf(null);
    notify.success(t('webhooks.removed', { url: endpoint.url }));
  }

  if (!ready) return <PendingMessage>{t('state.loading')}</PendingMessage>;
  return (
    <div className="tw-activity">
      <ConsoleScreen title={t('webhooks.title')}>
        <p className="tw-activity__muted">{t('webhooks.intro')}</p>
        {created ? (
          <SecretOnce
            title={t('webhooks.createdTitle', { url: created.url })}
            label={t('webhooks.secretLabel')}
            secret={created.secret}
            warning={t('webhooks.secretWarning')}
            onDone={() => setCreated(null)}
          />
        ) : (
          <WebhookForm
            onCreate={async (url, description) =>
              setCreated(await create({ code, url, description }).unwrap())
            }
          />
        )}
        <EndpointList code={code} onRemove={setRemoving} onShowLog={setLogOf} />
        {logOf ? (
          <section className="tw-activity__panel" aria-labelledby="tw-webhook-log-title">
            <h3 id="tw-webhook-log-title" className="h5 tw-activity__wrap">
              {t('webhooks.logTitle', { url: logOf.url })}
            </h3>
            <WebhookLog code={code} id={logOf.id} url={logOf.url} />
          </section>
        ) : null}
        <ConfirmDialog
          open={removing !== null}
          title={t('webhooks.confirmTitle')}
          message={t('webhooks.confirmBody', { url: removing?.url ?? '' })}
          onConfirm={confirmRemove}
          onCancel={() => setRemoving(null)}
        />
      </ConsoleScreen>
    </div>
  );
}

/** The endpoints: loading, the load error, empty, or the table with each one's actions. */
function EndpointList({
  code,
  onRemove,
  onShowLog,
}: {
  code: string;
  onRemove: (endpoint: WebhookEndpoint) => void;
  onShowLog: (endpoint: WebhookEndpoint) => void;
}) {
  const { t } = useTranslation('console-activity');
  const endpoints = useListWebhooksQuery(code);
  return (
    <ListState query={endpoints} empty={t('webhooks.empty')}>
      {(items) => (
        <div className="table-responsive">
          <table className="table align-middle tw-console__table">
            <caption className="tw-visually-hidden">{t('webhooks.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('webhooks.url')}</th>
                <th scope="col">{t('webhooks.created')}</th>
                <th scope="col">
                  <span className="tw-visually-hidden">{t('table.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((endpoint) => (
                <EndpointRow
                  key={endpoint.id}
                  code={code}
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
  code,
  endpoint,
  onRemove,
  onShowLog,
}: {
  code: string;
  endpoint: WebhookEndpoint;
  onRemove: (endpoint: WebhookEndpoint) => void;
  onShowLog: (endpoint: WebhookEndpoint) => void;
}) {
  const { t, i18n } = useTranslation('console-activity');
  const [test, testing] = useTestWebhookMutation();

  async function sendTest() {
    const done = await test({ code, id: endpoint.id });
    if ('error' in done) return;
    const status = done.data.statusCode;
    if (status !== null && status >= 200 && status < 300)
      notify.success(t('webhooks.testAccepted', { status }));
    else
      notify.error(
        status !== null
          ? t('webhooks.testRefused', { status })
          : t('webhooks.testFailed', { error: done.data.error ?? '' }),
      );
    onShowLog(endpoint);
  }

  return (
    <tr>
      <td>
        <span className="d-block tw-console__host" dir="ltr">
          {endpoint.url}
        </span>
        {endpoint.description ? (
          <span className="small tw-activity__muted">{endpoint.description}</span>
        ) : null}
      </td>
      <td>{formatInstant(endpoint.createdAt, i18n.language)}</td>
      <td className="text-end">
        <div className="tw-activity__row-actions">
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            onClick={sendTest}
            disabled={testing.isLoading}
          >
            {testing.isLoading ? t('webhooks.testing') : t('webhooks.test')}{' '}
            <span className="tw-visually-hidden">{endpoint.url}</span>
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            onClick={() => onShowLog(endpoint)}
          >
            {t('webhooks.showLog')} <span className="tw-visually-hidden">{endpoint.url}</span>
          </button>
          <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => onRemove(endpoint)}>
            {t('webhooks.remove')} <span className="tw-visually-hidden">{endpoint.url}</span>
          </button>
        </div>
      </td>
    </tr>
  );
}
