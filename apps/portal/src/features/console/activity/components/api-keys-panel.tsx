import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { PendingMessage } from '../../../../components/ui/spinner.tsx';
import { notify } from '../../../../lib/notify.ts';
import { ConsoleLoadError } from '../../components/console-load-error.tsx';
import {
  type ApiKey,
  type ApiKeyCreated,
  useCreateApiKeyMutation,
  useListApiKeysQuery,
  useRevokeApiKeyMutation,
} from '../api/access.ts';
import { formatInstant } from '../lib/format.ts';
import { LabelForm } from './label-form.tsx';
import { SecretOnce } from './secret-once.tsx';

/** The store's publisher API keys: list, create (the key shown once), revoke after a confirmation. */
export function ApiKeysPanel({ code }: { code: string }) {
  const { t, i18n } = useTranslation('console-activity');
  const keys = useListApiKeysQuery(code);
  const [create] = useCreateApiKeyMutation();
  const [revoke] = useRevokeApiKeyMutation();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  async function confirmRevoke() {
    const key = revoking;
    setRevoking(null);
    if (!key) return;
    const done = await revoke({ code, id: key.id });
    if (!('error' in done)) notify.success(t('keys.revoked', { label: key.label }));
  }

  return (
    <section className="tw-activity__panel" aria-labelledby="tw-keys-title">
      <h3 id="tw-keys-title" className="h5">
        {t('keys.title')}
      </h3>
      <p className="tw-activity__muted">{t('keys.intro')}</p>
      {created ? (
        <SecretOnce
          title={t('keys.createdTitle', { label: created.label })}
          label={t('keys.keyLabel')}
          secret={created.key}
          onDone={() => setCreated(null)}
        />
      ) : (
        <LabelForm
          fieldLabel={t('keys.label')}
          hint={t('keys.labelHint')}
          submitLabel={t('keys.create')}
          onCreate={async (label) => setCreated(await create({ code, label }).unwrap())}
        />
      )}
      {keys.isLoading ? (
        <PendingMessage>{t('state.loading')}</PendingMessage>
      ) : keys.error || !keys.data ? (
        <ConsoleLoadError error={keys.error} onRetry={keys.refetch} />
      ) : keys.data.length === 0 ? (
        <p className="tw-console__empty">{t('keys.empty')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table align-middle tw-console__table">
            <caption className="tw-visually-hidden">{t('keys.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('keys.label')}</th>
                <th scope="col">{t('keys.created')}</th>
                <th scope="col">{t('keys.status')}</th>
                <th scope="col">
                  <span className="tw-visually-hidden">{t('table.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.map((key) => (
                <tr key={key.id}>
                  <td>{key.label}</td>
                  <td>{formatInstant(key.createdAt, i18n.language)}</td>
                  <td>
                    {key.revokedAt
                      ? t('keys.revokedAt', { at: formatInstant(key.revokedAt, i18n.language) })
                      : t('keys.active')}
                  </td>
                  <td className="text-end">
                    {key.revokedAt ? null : (
                      <button
                        type="button"
                        className="btn btn-outline-danger btn-sm"
                        onClick={() => setRevoking(key)}
                      >
                        {t('keys.revoke', { label: key.label })}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={t('keys.confirmTitle')}
        message={t('keys.confirmBody', { label: revoking?.label ?? '' })}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      />
    </section>
  );
}
