import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { notify } from '../../../../lib/notify.ts';
import {
  type PublisherClient,
  type PublisherClientCreated,
  useCreateClientMutation,
  useListClientsQuery,
  useRevokeClientMutation,
} from '../api/access.ts';
import { LabelForm } from './label-form.tsx';
import { type ListQuery, ListState } from './list-state.tsx';
import { SecretOnce } from './secret-once.tsx';

/** The store's client-credentials clients: list, create (the secret shown once), revoke after a confirmation. */
export function ClientsPanel({ code }: { code: string }) {
  const { t } = useTranslation('console-activity');
  const clients = useListClientsQuery(code);
  const [create] = useCreateClientMutation();
  const [revoke] = useRevokeClientMutation();
  const [created, setCreated] = useState<PublisherClientCreated | null>(null);
  const [revoking, setRevoking] = useState<PublisherClient | null>(null);

  async function confirmRevoke() {
    const client = revoking;
    setRevoking(null);
    if (!client) return;
    const done = await revoke({ code, clientId: client.clientId });
    if (!('error' in done)) notify.success(t('clients.revoked', { label: client.label }));
  }

  return (
    <section className="tw-activity__panel" aria-labelledby="tw-clients-title">
      <h3 id="tw-clients-title" className="h5">
        {t('clients.title')}
      </h3>
      <p className="tw-activity__muted">{t('clients.intro')}</p>
      {created ? (
        <SecretOnce
          title={t('clients.createdTitle', { label: created.label })}
          label={t('clients.secretLabel')}
          secret={created.clientSecret}
          extra={<CreatedClientFacts created={created} />}
          onDone={() => setCreated(null)}
        />
      ) : (
        <LabelForm
          fieldLabel={t('clients.label')}
          hint={t('clients.labelHint')}
          submitLabel={t('clients.create')}
          onCreate={async (label) => setCreated(await create({ code, label }).unwrap())}
        />
      )}
      <ClientsList clients={clients} onRevoke={setRevoking} />
      <ConfirmDialog
        open={revoking !== null}
        title={t('clients.confirmTitle')}
        message={t('clients.confirmBody', { label: revoking?.label ?? '' })}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      />
    </section>
  );
}

/** What a new client needs besides its secret: its id and where to exchange it for a token. */
function CreatedClientFacts({ created }: { created: PublisherClientCreated }) {
  const { t } = useTranslation('console-activity');
  return (
    <dl className="tw-activity__facts">
      <dt>{t('clients.clientId')}</dt>
      <dd dir="ltr">
        <code>{created.clientId}</code>
      </dd>
      <dt>{t('clients.tokenUrl')}</dt>
      <dd dir="ltr">
        <code>{created.tokenUrl}</code>
      </dd>
    </dl>
  );
}

/** The clients list: loading, the load error, empty, or the table. */
function ClientsList({
  clients,
  onRevoke,
}: {
  clients: ListQuery<PublisherClient>;
  onRevoke: (client: PublisherClient) => void;
}) {
  const { t } = useTranslation('console-activity');
  return (
    <ListState query={clients} empty={t('clients.empty')}>
      {(items) => (
        <div className="table-responsive">
          <table className="table align-middle tw-console__table">
            <caption className="tw-visually-hidden">{t('clients.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('clients.label')}</th>
                <th scope="col">{t('clients.clientId')}</th>
                <th scope="col">
                  <span className="tw-visually-hidden">{t('table.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((client) => (
                <ClientRow key={client.clientId} client={client} onRevoke={onRevoke} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ListState>
  );
}

/** One client: its label, its id, and the button that asks to revoke it. */
function ClientRow({
  client,
  onRevoke,
}: {
  client: PublisherClient;
  onRevoke: (client: PublisherClient) => void;
}) {
  const { t } = useTranslation('console-activity');
  return (
    <tr>
      <td>{client.label}</td>
      <td dir="ltr">
        <code>{client.clientId}</code>
      </td>
      <td className="text-end">
        <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => onRevoke(client)}>
          {t('clients.revoke', { label: client.label })}
        </button>
      </td>
    </tr>
  );
}
