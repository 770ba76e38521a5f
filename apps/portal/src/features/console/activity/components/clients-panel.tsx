import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { type DataColumn, DataTable } from '../../../../components/ui/data-table/data-table.tsx';
import { notify } from '../../../../lib/notify.ts';
import {
  type PublisherClient,
  type PublisherClientCreated,
  useCreateClientMutation,
  useListClientsQuery,
  useRevokeClientMutation,
} from '../api/access.ts';
import { LabelForm } from './label-form.tsx';
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

/** The clients: label, client id, and Revoke; all here, so they sort in the browser. */
function ClientsList({
  clients,
  onRevoke,
}: {
  clients: ReturnType<typeof useListClientsQuery>;
  onRevoke: (client: PublisherClient) => void;
}) {
  const { t } = useTranslation('console-activity');
  const revoke = useRef(onRevoke);
  revoke.current = onRevoke;
  const columns = useMemo(
    (): DataColumn<PublisherClient>[] => [
      { id: 'label', accessorKey: 'label', meta: { label: t('clients.label'), dir: 'auto' } },
      {
        id: 'clientId',
        accessorKey: 'clientId',
        meta: { label: t('clients.clientId'), dir: 'ltr' },
        cell: ({ row }) => <code>{row.original.clientId}</code>,
      },
      {
        id: 'actions',
        enableSorting: false,
        enableHiding: false,
        meta: { label: t('table.actions'), actions: true },
        cell: ({ row: { original: client } }) => (
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            onClick={() => revoke.current(client)}
          >
            {t('clients.revoke', { label: client.label })}
          </button>
        ),
      },
    ],
    [t],
  );
  return (
    <DataTable
      caption={t('clients.caption')}
      columns={columns}
      rows={clients.data ?? []}
      rowId={(client) => client.clientId}
      status={{
        isLoading: clients.isLoading,
        isFetching: clients.isFetching,
        error: clients.error,
        onRetry: () => void clients.refetch(),
      }}
      empty={t('clients.empty')}
    />
  );
}
