import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { type DataColumn, DataTable } from '../../../../components/ui/data-table/data-table.tsx';
import { notify } from '../../../../lib/notify.ts';
import {
  type ApiKey,
  type ApiKeyCreated,
  type StoreKeyKind,
  useCreateApiKeyMutation,
  useListApiKeysQuery,
  useRevokeApiKeyMutation,
} from '../api/access.ts';
import { formatInstant } from '../lib/format.ts';
import { LabelForm } from './label-form.tsx';
import { SecretOnce } from './secret-once.tsx';

/** Where each kind's words are in the `console-activity` namespace. */
const WORDS = { publisher: 'keys', provisioning: 'tokens' } as const;
type Words = (typeof WORDS)[StoreKeyKind];

/**
 * One kind of store key — the publisher API keys (the change feed's) or the Users API tokens —
 * listed, created (shown once) and revoked after a confirmation.
 */
export function ApiKeysPanel({ code, kind }: { code: string; kind: StoreKeyKind }) {
  const { t } = useTranslation('console-activity');
  const words = WORDS[kind];
  const keys = useListApiKeysQuery({ code, kind });
  const [create] = useCreateApiKeyMutation();
  const [revoke] = useRevokeApiKeyMutation();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  async function confirmRevoke() {
    const key = revoking;
    setRevoking(null);
    if (!key) return;
    const done = await revoke({ code, kind, id: key.id });
    if (!('error' in done)) notify.success(t(`${words}.revoked`, { label: key.label }));
  }

  const titleId = `tw-${kind}-keys-title`;
  return (
    <section className="tw-activity__panel" aria-labelledby={titleId}>
      <h3 id={titleId} className="h5">
        {t(`${words}.title`)}
      </h3>
      <p className="tw-activity__muted">{t(`${words}.intro`)}</p>
      {created ? (
        <SecretOnce
          title={t(`${words}.createdTitle`, { label: created.label })}
          label={t(`${words}.keyLabel`)}
          secret={created.key}
          onDone={() => setCreated(null)}
        />
      ) : (
        <LabelForm
          fieldLabel={t(`${words}.label`)}
          hint={t(`${words}.labelHint`)}
          submitLabel={t(`${words}.create`)}
          onCreate={async (label) => setCreated(await create({ code, kind, label }).unwrap())}
        />
      )}
      <ApiKeysList keys={keys} words={words} onRevoke={setRevoking} />
      <ConfirmDialog
        open={revoking !== null}
        title={t(`${words}.confirmTitle`)}
        message={t(`${words}.confirmBody`, { label: revoking?.label ?? '' })}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      />
    </section>
  );
}

/** The keys: label, created, status, and Revoke while active; all here, so they sort in the browser. */
function ApiKeysList({
  keys,
  words,
  onRevoke,
}: {
  keys: ReturnType<typeof useListApiKeysQuery>;
  words: Words;
  onRevoke: (key: ApiKey) => void;
}) {
  const { t } = useTranslation('console-activity');
  const columns = useKeyColumns(words, onRevoke);
  return (
    <DataTable
      caption={t(`${words}.caption`)}
      columns={columns}
      rows={keys.data ?? []}
      rowId={(key) => key.id}
      status={{
        isLoading: keys.isLoading,
        isFetching: keys.isFetching,
        error: keys.error,
        onRetry: () => void keys.refetch(),
      }}
      empty={t(`${words}.empty`)}
    />
  );
}

function useKeyColumns(words: Words, onRevoke: (key: ApiKey) => void): DataColumn<ApiKey>[] {
  const { t, i18n } = useTranslation('console-activity');
  const revoke = useRef(onRevoke);
  revoke.current = onRevoke;
  return useMemo(
    () => [
      { id: 'label', accessorKey: 'label', meta: { label: t(`${words}.label`), dir: 'auto' } },
      {
        id: 'createdAt',
        accessorKey: 'createdAt',
        meta: { label: t(`${words}.created`) },
        cell: ({ row }) => formatInstant(row.original.createdAt, i18n.language),
      },
      {
        id: 'status',
        accessorFn: (key) => key.revokedAt ?? '',
        meta: { label: t(`${words}.status`) },
        cell: ({ row: { original: key } }) =>
          key.revokedAt
            ? t(`${words}.revokedAt`, { at: formatInstant(key.revokedAt, i18n.language) })
            : t(`${words}.active`),
      },
      {
        id: 'actions',
        enableSorting: false,
        enableHiding: false,
        meta: { label: t('table.actions'), actions: true },
        cell: ({ row: { original: key } }) =>
          key.revokedAt ? null : (
            <button
              type="button"
              className="btn btn-outline-danger btn-sm"
              onClick={() => revoke.current(key)}
            >
              {t(`${words}.revoke`, { label: key.label })}
            </button>
          ),
      },
    ],
    [t, i18n.language, words],
  );
}
