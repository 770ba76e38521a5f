import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../lib/api-errors.ts';
import { toBcp47 } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useAccount } from '../account-context.ts';
import { useGetMonthlyStatusQuery, useSaveMonthlyStatusMutation } from '../api/monthly-status.ts';
import { useGetNotificationFrequencyQuery } from '../api/notification-frequency.ts';
import { currentZoneName, timeZoneLabel } from '../lib/time-zones.ts';
import { PreferenceCard, PreferenceSwitch } from './preference-card.tsx';

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * The opt-in monthly "status of your list" report, a switch saved as it is flipped. It comes on
 * the 1st at the digest's hour in the user's zone (the frequency card's; the browser's until one is saved).
 */
export function MonthlyStatusCard() {
  const { t } = useTranslation('account');
  const { userId } = useAccount();
  const query = useGetMonthlyStatusQuery(userId ?? '', { skip: !userId });
  return (
    <PreferenceCard
      title={t('monthlyStatus.title')}
      intro={t('monthlyStatus.intro')}
      loadError={t('monthlyStatus.loadError')}
      query={query}
    >
      {(saved) => (userId ? <MonthlyStatusSwitch userId={userId} enabled={saved.enabled} /> : null)}
    </PreferenceCard>
  );
}

function MonthlyStatusSwitch({ userId, enabled }: { userId: string; enabled: boolean }) {
  const { t, i18n } = useTranslation('account');
  const { t: tCommon } = useTranslation();
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
    <PreferenceSwitch
      label={t('monthlyStatus.toggle')}
      checked={enabled}
      disabled={saving}
      onToggle={() => void flip()}
      note={t('monthlyStatus.when', { time, zone: zoneInSentence })}
    />
  );
}
