import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
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
import { type ListQuery, ListState } from './list-state.tsx';
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

/** The keys list: loading, the load error, empty, or the table. */
function ApiKeysList({
  keys,
  words,
  onRevoke,
}: {
  keys: ListQuery<ApiKey>;
  words: Words;
  onRevoke: (key: ApiKey) => void;
}) {
  const { t } = useTranslation('console-activity');
  return (
    <ListState query={keys} empty={t(`${words}.empty`)}>
      {(items) => (
        <div className="table-responsive">
          <table className="table align-middle tw-console__table">
            <caption className="tw-visually-hidden">{t(`${words}.caption`)}</caption>
            <thead>
              <tr>
                <th scope="col">{t(`${words}.label`)}</th>
                <th scope="col">{t(`${words}.created`)}</th>
                <th scope="col">{t(`${words}.status`)}</th>
                <th scope="col">
                  <span className="tw-visually-hidden">{t('table.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((key) => (
                <ApiKeyRow key={key.id} apiKey={key} words={words} onRevoke={onRevoke} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ListState>
  );
}

/** One key: its label, when it was created, whether it is revoked, and (while active) the revoke button. */
function ApiKeyRow({
  apiKey,
  words,
  onRevoke,
}: {
  apiKey: ApiKey;
  words: Words;
  onRevoke: (key: ApiKey) => void;
}) {
  const { t, i18n } = useTranslation('console-activity');
  return (
    <tr>
      <td>{apiKey.label}</td>
      <td>{formatInstant(apiKey.createdAt, i18n.language)}</td>
      <td>
        {apiKey.revokedAt
          ? t(`${words}.revokedAt`, { at: formatInstant(apiKey.revokedAt, i18n.language) })
          : t(`${words}.active`)}
      </td>
      <td className="text-end">
        {apiKey.revokedAt ? null : (
          <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => onRevoke(apiKey)}>
            {t(`${words}.revoke`, { label: apiKey.label })}
          </button>
        )}
      </td>
    </tr>
  );
}
