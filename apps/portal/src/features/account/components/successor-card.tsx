import type { SuccessorPreference } from '@trackwell/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { describeApiError } from '../../../lib/api-errors.ts';
import { notify } from '../../../lib/notify.ts';
import { useAccount } from '../account-context.ts';
import {
  useGetSuccessorPreferenceQuery,
  useSaveSuccessorPreferenceMutation,
} from '../api/successor-preference.ts';

/**
 * When a tracked standard is replaced, the tracking follows the new one automatically (this
 * choice on) or from the e-mail's "Track <new> instead" button (off, the default).
 */
export function SuccessorCard() {
  const { t } = useTranslation('account');
  const { userId } = useAccount();
  const id = useId();
  const { data, isLoading, isError, refetch } = useGetSuccessorPreferenceQuery(userId ?? '', {
    skip: !userId,
  });
  return (
    <section className="tw-account__card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="tw-account__subtitle">
        {t('successor.title')}
      </h3>
      {isLoading ? <PendingMessage>{t('state.loading')}</PendingMessage> : null}
      {isError ? (
        <div className="alert alert-danger tw-account__alert" role="alert">
          <p className="mb-2">{t('successor.loadError')}</p>
          <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => void refetch()}>
            {t('state.retry')}
          </button>
        </div>
      ) : null}
      {data && userId ? <SuccessorForm key={JSON.stringify(data)} userId={userId} saved={data} /> : null}
    </section>
  );
}

function SuccessorForm({ userId, saved }: { userId: string; saved: SuccessorPreference }) {
  const { t } = useTranslation('account');
  const { t: tCommon } = useTranslation();
  const id = useId();
  const [follow, setFollow] = useState(saved.followAutomatically);
  const [save, { isLoading: saving }] = useSaveSuccessorPreferenceMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await save({ userId, followAutomatically: follow }).unwrap();
      notify.success(t('successor.saved'));
    } catch (error) {
      notify.error(t('successor.saveError', { reason: describeApiError(error, tCommon) }));
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <p className="tw-account__hint">{t('successor.intro')}</p>
      <div className="form-check mb-3">
        <input
          id={`${id}-follow`}
          type="checkbox"
          className="form-check-input"
          checked={follow}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setFollow(event.target.checked)}
        />
        <label htmlFor={`${id}-follow`} className="form-check-label">
          {t('successor.label')}
        </label>
        <p id={`${id}-hint`} className="tw-account__hint mb-0">
          {t('successor.hint')}
        </p>
      </div>
      <button
        type="submit"
        className="btn btn-primary"
        disabled={saving || follow === saved.followAutomatically}
      >
        {saving ? t('successor.saving') : t('successor.save')}
      </button>
    </form>
  );
}
