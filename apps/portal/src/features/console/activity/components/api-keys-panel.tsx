import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { notify } from '../../../../lib/notify.ts';
import {
  type ApiKey,
  type ApiKeyCreated,
  useCreateApiKeyMutation,
  useListApiKeysQuery,
  useRevokeApiKeyMutation,
} from '../api/access.ts';
import { formatInstant } from '../lib/format.ts';
import { LabelForm } from './label-form.tsx';
import { type ListQuery, ListState } from './list-state.tsx';
import { SecretOnce } from './secret-once.tsx';

/** The store's publisher API keys: list, create (the key shown once), revoke after a confirmation. */
export function ApiKeysPanel({ code }: { code: string }) {
  const { t } = useTranslation('console-activity');
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
      <ApiKeysList keys={keys} onRevoke={setRevoking} />
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

/** The keys list: loading, the load error, empty, or the table. */
function ApiKeysList({ keys, onRevoke }: { keys: ListQuery<ApiKey>; onRevoke: (key: ApiKey) => void }) {
  const { t } = useTranslation('console-activity');
  return (
    <ListState query={keys} empty={t('keys.empty')}>
      {(items) => (
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
              {items.map((key) => (
                <ApiKeyRow key={key.id} apiKey={key} onRevoke={onRevoke} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ListState>
  );
}

/** One key: its label, when it was created, whether it is revoked, and (while active) the revoke button. */
function ApiKeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  const { t, i18n } = useTranslation('console-activity');
  return (
    <tr>
      <td>{apiKey.label}</td>
      <td>{formatInstant(apiKey.createdAt, i18n.language)}</td>
      <td>
        {apiKey.revokedAt
          ? t('keys.revokedAt', { at: formatInstant(apiKey.revokedAt, i18n.language) })
          : t('keys.active')}
      </td>
      <td className="text-end">
        {apiKey.revokedAt ? null : (
          <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => onRevoke(apiKey)}>
            {t('keys.revoke', { label: apiKey.label })}
          </button>
        )}
      </td>
    </tr>
  );
}
