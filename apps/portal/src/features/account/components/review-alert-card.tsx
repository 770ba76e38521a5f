import type { ReviewAlertAnswer } from '@trackwell/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../lib/api-errors.ts';
import { notify } from '../../../lib/notify.ts';
import { useAccount } from '../account-context.ts';
import { useGetReviewAlertQuery, useSaveReviewAlertMutation } from '../api/review-alert.ts';
import { PreferenceCard, PreferenceSwitch } from './preference-card.tsx';

const MONTHS = [1, 2, 3, 6, 12, 24] as const;

/**
 * The opt-in alert before a tracked standard's forecast review (off by default): a switch and how many
 * months ahead, each saved as it is changed. One e-mail per standard and forecast date.
 */
export function ReviewAlertCard() {
  const { t } = useTranslation('account');
  const { userId } = useAccount();
  const query = useGetReviewAlertQuery(userId ?? '', { skip: !userId });
  return (
    <PreferenceCard
      title={t('reviewAlert.title')}
      intro={t('reviewAlert.intro')}
      loadError={t('reviewAlert.loadError')}
      query={query}
    >
      {(saved) => (userId ? <ReviewAlertControls userId={userId} saved={saved} /> : null)}
    </PreferenceCard>
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
      <PreferenceSwitch
        label={t('reviewAlert.toggle')}
        checked={saved.enabled}
        disabled={saving}
        onToggle={() => void choose({ ...saved, enabled: !saved.enabled })}
      />
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
