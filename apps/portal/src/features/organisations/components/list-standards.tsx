import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/forms/form-buttons.tsx';
import { Field } from '../../../components/forms/form-field.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { notify } from '../../../lib/notify.ts';
import {
  useAddListStandardMutation,
  useGetListQuery,
  useRemoveListStandardMutation,
} from '../api/organisations.ts';
import { isolate } from '../lib/isolate.ts';

/** A list's standards; editors add one by its designation (the tracker's designation rule) or remove one. */
export function ListStandards({
  organisationId,
  listId,
  editor,
}: {
  organisationId: string;
  listId: string;
  editor: boolean;
}) {
  const { t } = useTranslation('organisations');
  const ids = { organisationId, listId };
  const list = useGetListQuery(ids);
  const [add, adding] = useAddListStandardMutation();
  const [remove, removing] = useRemoveListStandardMutation();
  const [designation, setDesignation] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await add({ ...ids, designation });
    if ('data' in result) {
      notify.success(t('lists.added', { designation: isolate(designation) }));
      setDesignation('');
    }
  };
  if (list.isLoading) return <PendingMessage>{t('loading')}</PendingMessage>;
  if (list.error || !list.data)
    return <LoadError error={list.error} onRetry={() => void list.refetch()} retryLabel={t('retry')} />;
  return (
    <div className="mt-2">
      {list.data.standards.length === 0 ? (
        <p className="text-body-secondary small">{t('lists.noStandards')}</p>
      ) : (
        <ul className="list-group list-group-flush">
          {list.data.standards.map((s) => (
            <li
              key={s.standardId}
              className="list-group-item d-flex flex-wrap justify-content-between gap-2 px-0"
            >
              <span>
                <bdi className="fw-semibold">{s.designation}</bdi>{' '}
                <bdi className="text-body-secondary">{s.title}</bdi>
              </span>
              {editor ? (
                <button
                  type="button"
                  className="btn btn-outline-danger btn-sm"
                  disabled={removing.isLoading}
                  onClick={() => void remove({ ...ids, standardId: s.standardId })}
                >
                  {t('lists.remove')}
                  <span className="visually-hidden"> {s.designation}</span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {editor ? (
        <form onSubmit={submit} className="tw-org__form mt-2">
          <Field
            label={t('lists.addLabel')}
            value={designation}
            onChange={setDesignation}
            autoComplete="off"
            dir="ltr"
            maxLength={80}
          />
          <SubmitButton busy={adding.isLoading} label={t('lists.add')} busyLabel={t('working')} />
        </form>
      ) : null}
    </div>
  );
}
