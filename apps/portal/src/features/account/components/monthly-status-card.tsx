import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { describeApiError } from '../../../lib/api-errors.ts';
import { toBcp47 } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useAccount } from '../account-context.ts';
import { useGetMonthlyStatusQuery, useSaveMonthlyStatusMutation } from '../api/monthly-status.ts';
import { useGetNotificationFrequencyQuery } from '../api/notification-frequency.ts';
import { currentZoneName, timeZoneLabel } from '../lib/time-zones.ts';

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * The opt-in monthly "status of your list" report, a switch saved as it is flipped. It comes on
 * the 1st at the digest's hour in the user's zone (the frequency card's; the browser's until one is saved).
 */
export function MonthlyStatusCard() {
  const { t } = useTranslation('account');
  const { userId } = useAccount();
  const id = useId();
  const { data, isLoading, isError, refetch } = useGetMonthlyStatusQuery(userId ?? '', { skip: !userId });
  return (
    <section className="tw-account__card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="tw-account__subtitle">
        {t('monthlyStatus.title')}
      </h3>
      <p className="tw-account__hint">{t('monthlyStatus.intro')}</p>
      {isLoading ? <PendingMessage>{t('state.loading')}</PendingMessage> : null}
      {isError ? (
        <div className="alert alert-danger tw-account__alert" role="alert">
          <p className="mb-2">{t('monthlyStatus.loadError')}</p>
          <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => void refetch()}>
            {t('state.retry')}
          </button>
        </div>
      ) : null}
      {data && userId ? <MonthlyStatusSwitch userId={userId} enabled={data.enabled} /> : null}
    </section>
  );
}

function MonthlyStatusSwitch({ userId, enabled }: { userId: string; enabled: boolean }) {
  const { t, i18n } = useTranslation('account');
  const { t: tCommon } = useTranslation();
  const id = useId();
  const [save, { isLoading: saving }] = useSaveMonthlyStatusMutation();
  // The hour and zone are the digest's: the frequency card's answer, kept current by its saves.
  const { data: frequency } = useGetNotificationFrequencyQuery(userId);
  const timeZone = frequency?.timeZone ?? browserTimeZone();
  const locale = toBcp47(i18n.language);
  const time = new Intl.DateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(Date.UTC(2026, 0, 1, frequency?.hour ?? 8));

  // The zone by its name in the page's language, isolated in the sentence (never the raw id)
  const zoneInSentence = `\u2068${timeZoneLabel(currentZoneName(timeZone), locale, false)}\u2069`;

  async function flip() {
    try {
      const saved = await save({ userId, enabled: !enabled, timeZone }).unwrap();
      notify.success(t(saved.enabled ? 'monthlyStatus.turnedOn' : 'monthlyStatus.turnedOff'));
    } catch (error) {
      notify.error(t('monthlyStatus.saveError', { reason: describeApiError(error, tCommon) }));
    }
  }

  return (
    <div className="form-check form-switch">
      <input
        id={`${id}-switch`}
        type="checkbox"
        role="switch"
        className="form-check-input"
        checked={enabled}
        aria-checked={enabled}
        disabled={saving}
        aria-describedby={`${id}-when`}
        onChange={() => void flip()}
      />
      <label htmlFor={`${id}-switch`} className="form-check-label">
        {t('monthlyStatus.toggle')}
      </label>
      <p id={`${id}-when`} className="tw-account__hint mb-0">
        {t('monthlyStatus.when', { time, zone: zoneInSentence })}
      </p>
    </div>
  );
}
