import type { ReviewAlertAnswer } from '@trackwell/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { describeApiError } from '../../../lib/api-errors.ts';
import { notify } from '../../../lib/notify.ts';
import { useAccount } from '../account-context.ts';
import { useGetReviewAlertQuery, useSaveReviewAlertMutation } from '../api/review-alert.ts';

const MONTHS = [1, 2, 3, 6, 12, 24] as const;

/**
 * The opt-in alert before a tracked standard's forecast review (off by default): a switch and how many
 * months ahead, each saved as it is changed. One e-mail per standard and forecast date.
 */
export function ReviewAlertCard() {
  const { t } = useTranslation('account');
  const { userId } = useAccount();
  const id = useId();
  const { data, isLoading, isError, refetch } = useGetReviewAlertQuery(userId ?? '', { skip: !userId });
  return (
    <section className="tw-account__card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="tw-account__subtitle">
        {t('reviewAlert.title')}
      </h3>
      <p className="tw-account__hint">{t('reviewAlert.intro')}</p>
      {isLoading ? <PendingMessage>{t('state.loading')}</PendingMessage> : null}
      {isError ? (
        <div className="alert alert-danger tw-account__alert" role="alert">
          <p className="mb-2">{t('reviewAlert.loadError')}</p>
          <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => void refetch()}>
            {t('state.retry')}
          </button>
        </div>
      ) : null}
      {data && userId ? <ReviewAlertControls userId={userId} saved={data} /> : null}
    </section>
  );
}

function ReviewAlertControls({ userId, saved }: { userId: string; saved: ReviewAlertAnswer }) {
  const { t } = useTranslation('account');
  const { t: tCommon } = useTranslation();
  const id = useId();
  const [save, { isLoading: saving }] = useSaveReviewAlertMutation();

  async function choose(next: ReviewAlertAnswer) {
    try {
      const answer = await save({ userId, ...next }).unwrap();
      notify.success(
        answer.enabled
          ? t('reviewAlert.turnedOn', { months: answer.monthsBefore })
          : t('reviewAlert.turnedOff'),
      );
    } catch (error) {
      notify.error(t('reviewAlert.saveError', { reason: describeApiError(error, tCommon) }));
    }
  }

  return (
    <>
      <div className="form-check form-switch">
        <input
          id={`${id}-switch`}
          type="checkbox"
          role="switch"
          className="form-check-input"
          checked={saved.enabled}
          aria-checked={saved.enabled}
          disabled={saving}
          onChange={() => void choose({ ...saved, enabled: !saved.enabled })}
        />
        <label htmlFor={`${id}-switch`} className="form-check-label">
          {t('reviewAlert.toggle')}
        </label>
      </div>
      <div className="mt-2">
        <label htmlFor={`${id}-months`} className="form-label">
          {t('reviewAlert.months')}
        </label>
        <select
          id={`${id}-months`}
          className="form-select form-select-sm w-auto"
          value={saved.monthsBefore}
          disabled={saving || !saved.enabled}
          onChange={(event) => void choose({ enabled: true, monthsBefore: Number(event.target.value) })}
        >
          {MONTHS.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
