import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/forms/form-buttons.tsx';
import { Field } from '../../../components/forms/form-field.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { notify } from '../../../lib/notify.ts';
import {
  useAddRecipientMutation,
  useListRecipientsQuery,
  useRemoveRecipientMutation,
} from '../api/evidence.ts';

/**
 * A list's outside recipients: addresses without an account that get an e-mail for each change to a
 * standard on the list. Every member sees them (an address that unsubscribed is marked so); owners and
 * editors add and remove them.
 */
export function ListRecipients({
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
  const query = useListRecipientsQuery(ids);
  const [add, adding] = useAddRecipientMutation();
  const [remove, removing] = useRemoveRecipientMutation();
  const [email, setEmail] = useState('');
  const heading = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await add({ ...ids, email });
    if ('data' in result) {
      notify.success(t('recipients.added', { email: email.trim().toLowerCase() }));
      setEmail('');
    }
  };
  if (query.isLoading) return <PendingMessage>{t('loading')}</PendingMessage>;
  if (query.error || !query.data)
    return <LoadError error={query.error} onRetry={() => void query.refetch()} retryLabel={t('retry')} />;
  const { recipients, limit } = query.data;
  return (
    <section className="mt-3" aria-labelledby={heading}>
      <h4 id={heading} className="h6">
        {t('recipients.title')}
      </h4>
      <p className="small text-body-secondary mb-2">{t('recipients.intro', { limit })}</p>
      {recipients.length === 0 ? (
        <p className="small text-body-secondary">{t('recipients.empty')}</p>
      ) : (
        <ul className="list-group list-group-flush">
          {recipients.map((r) => (
            <li key={r.id} className="list-group-item d-flex flex-wrap justify-content-between gap-2 px-0">
              <span>
                <bdi dir="ltr">{r.email}</bdi>{' '}
                {r.unsubscribedAt ? (
                  <span className="badge text-bg-secondary">{t('recipients.unsubscribed')}</span>
                ) : null}
              </span>
              {editor && !r.unsubscribedAt ? (
                <button
                  type="button"
                  className="btn btn-outline-danger btn-sm"
                  disabled={removing.isLoading}
                  onClick={() => void remove({ ...ids, recipientId: r.id })}
                >
                  {t('recipients.remove')}
                  <span className="visually-hidden"> {r.email}</span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {editor ? (
        <form onSubmit={submit} className="tw-org__form mt-2">
          <Field
            label={t('recipients.email')}
            type="email"
            value={email}
            onChange={setEmail}
            autoComplete="off"
            dir="ltr"
            maxLength={254}
          />
          <SubmitButton busy={adding.isLoading} label={t('recipients.add')} busyLabel={t('working')} />
        </form>
      ) : null}
    </section>
  );
}
