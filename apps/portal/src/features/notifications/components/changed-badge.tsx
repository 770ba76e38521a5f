import { useTranslation } from 'react-i18next';
import { useUnreadNotificationsQuery } from '../api/notifications.ts';

/**
 * The tracker table marks the standards that changed since the user last looked: a standard with an
 * unread notification carries a "Changed" badge (one call for the whole table, shared with the bell). Words
 * from the tracker namespace, which the tracker page loads.
 */
export function ChangedBadge({ assetId }: { assetId: string }) {
  const { t } = useTranslation('tracker');
  const { data } = useUnreadNotificationsQuery();
  if (!data?.changedAssetIds.includes(assetId)) return null;
  return (
    <span className="badge text-bg-warning ms-2" title={t('standards.changedHint')}>
      {t('standards.changed')}
    </span>
  );
}
