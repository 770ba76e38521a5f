import type { CatalogEventKind } from '@trackwell/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarkAllNotificationsReadMutation, useUnreadNotificationsQuery } from '../api/notifications.ts';
import { NotificationList } from './notification-list.tsx';

/**
 * The kinds the filter offers, in the change feed's order. A record over the contracts' `CatalogEventKind`, so
 * the compiler fails when a kind is missing or unknown; kept here, not imported, because the contracts' list
 * lives beside the feed's schemas (zod), which the panel's lazy chunk would otherwise share with the console's.
 */
const KINDS = Object.keys({
  new_standard: true,
  new_edition: true,
  amendment: true,
  editorial_change: true,
  reaffirmation: true,
  withdrawal: true,
  reinstatement: true,
  new_work_item: true,
  work_item_status_change: true,
} satisfies Record<CatalogEventKind, true>) as CatalogEventKind[];

/**
 * One place to read them all, the panel the header's bell opens: the user's notifications with what
 * changed and why, a filter by kind of change, and "mark all read". The list restarts from its newest page
 * when the kind changes. `titleId` names the panel (its dialog is labelled by this heading).
 */
export function NotificationsPanel({ titleId }: { titleId: string }) {
  const { t } = useTranslation('notifications');
  const filterId = useId();
  const [kind, setKind] = useState<CatalogEventKind | undefined>(undefined);
  const { data: unread } = useUnreadNotificationsQuery();
  const [markAll, { isLoading: marking }] = useMarkAllNotificationsReadMutation();
  return (
    <div className="tw-inbox">
      <h2 id={titleId} className="tw-inbox__heading" tabIndex={-1}>
        {t('title')}
      </h2>
      <p className="tw-inbox__summary" aria-live="polite">
        {unread ? t('summary', { unread: unread.unread }) : ''}
      </p>
      <div className="tw-inbox__tools">
        <label htmlFor={filterId} className="form-label mb-0">
          {t('filter.label')}
        </label>
        <select
          id={filterId}
          className="form-select tw-inbox__filter"
          value={kind ?? ''}
          onChange={(event) => setKind((event.target.value || undefined) as CatalogEventKind | undefined)}
        >
          <option value="">{t('filter.all')}</option>
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`kind.${k}`)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn-primary"
          disabled={marking || !unread?.unread}
          onClick={() => void markAll()}
        >
          {t('list.markAll')}
        </button>
      </div>
      <NotificationList key={kind ?? 'all'} kind={kind} />
    </div>
  );
}
