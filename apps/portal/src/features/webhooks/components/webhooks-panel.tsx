import type { WebhookEndpoint } from '@trackwell/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { SecretOnce } from '../../../components/ui/secret-once.tsx';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { notify } from '../../../lib/notify.ts';
import {
  useCreateWebhookEndpointMutation,
  useDeleteWebhookEndpointMutation,
  type WebhookEndpointCreated,
  type WebhookScope,
} from '../api/webhooks.ts';
import '../webhooks.css';
import { EndpointTable } from './endpoint-table.tsx';
import { WebhookForm } from './webhook-form.tsx';
import { WebhookLog } from './webhook-log.tsx';

/**
 * The webhook endpoints of a store (console) or of the signed-in user (account area). Register
 * one (its signing secret shown once), send it a test event, read its delivery log, remove it after a
 * confirmation. The screen around it gives the heading.
 */
export function WebhooksPanel({ scope }: { scope: WebhookScope }) {
  const { t, ready } = useTranslation('webhooks');
  const [create] = useCreateWebhookEndpointMutation();
  const [remove] = useDeleteWebhookEndpointMutation();
  const [created, setCreated] = useState<WebhookEndpointCreated | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);

  async function confirmRemove() {
    const endpoint = removing;
    setRemoving(null);
    if (!endpoint) return;
    const done = await remove({ scope, id: endpoint.id });
    if ('error' in done) return;
    if (logOf?.id === endpoint.id) setLogOf(null);
    notify.success(t('removed', { url: endpoint.url }));
  }

  if (!ready) return <PendingMessage>{t('state.loading')}</PendingMessage>;
  return (
    <div className="tw-webhooks">
      <p className="tw-webhooks__muted">{t(`intro.${scope.kind}`)}</p>
      {created ? (
        <SecretOnce
          title={t('createdTitle', { url: created.url })}
          label={t('secretLabel')}
          secret={created.secret}
          words={{
            warning: t('secretWarning'),
            copy: t('secret.copy'),
            copied: t('secret.copied'),
            copyFailed: t('secret.copyFailed'),
            done: t('secret.done'),
          }}
          onDone={() => setCreated(null)}
        />
      ) : (
        <WebhookForm
          onCreate={async (url, description) =>
            setCreated(await create({ scope, url, description }).unwrap())
          }
        />
      )}
      <EndpointTable scope={scope} onRemove={setRemoving} onShowLog={setLogOf} />
      {logOf ? (
        <section className="tw-webhooks__log" aria-labelledby="tw-webhook-log-title">
          <h3 id="tw-webhook-log-title" className="h5 tw-webhooks__wrap">
            {t('logTitle', { url: logOf.url })}
          </h3>
          <WebhookLog scope={scope} id={logOf.id} url={logOf.url} />
        </section>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={t('confirmTitle')}
        message={t('confirmBody', { url: removing?.url ?? '' })}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
